/* The run folder of `make compare`: results/<UTC time>-<host>/, never an
 * existing one, and results/latest pointing at the newest. */
#ifndef BENCH_BENCH_FOLDER_H
#define BENCH_BENCH_FOLDER_H

#include <stdbool.h>
#include <stddef.h>

/* Creates root (and its parents) and a fresh folder in it: mkdir is
 * atomic, so two runs started in the same second never share one.  name
 * gets the folder's name, dir its path. */
bool bench_fresh_folder(const char *root, char *dir, size_t dn, char *name, size_t nn, char *why,
                        size_t n);
/* root/latest -> name (a relative link), replaced atomically: a reader
 * sees the old run or the new one, never no link. */
bool bench_link_latest(const char *root, const char *name, char *why, size_t n);

#endif
