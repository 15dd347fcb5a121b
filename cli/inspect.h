/* Looking at libraries in this process without measuring (list, info). */
#ifndef CLI_INSPECT_H
#define CLI_INSPECT_H

#include "../compat/libcrypto.h"

typedef void (*inspect_fn)(const crypto_lib *lib, bool verbose);

/* Parses one or more --lib PATH and -v, loads each library in turn and
 * calls fn on it.  Returns the exit status (2 on bad usage, 1 when a
 * library could not be loaded). */
int inspect(int argc, char **argv, inspect_fn fn, const char *usage);

#endif
