/* This machine's own system libcrypto (libcrypto.so.3 of the native
 * architecture), the library make compare labels system-RELEASE: the same
 * search as plots/system-lib.sh, which tests and bisect/track.sh run. */
#ifndef BENCH_SYSTEM_LIB_H
#define BENCH_SYSTEM_LIB_H

#include <stdbool.h>
#include <stddef.h>

/* The first candidate that exists into out (true), else the most likely
 * path (false).  CC (default cc) names the multiarch folder: a cross
 * compiler's gives the path its machine would have. */
bool system_lib_find(char *out, size_t n);

#endif
