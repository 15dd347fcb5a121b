/* --metric instructions, the parent's side: a library's child is this
 * program again, exec'd under Valgrind's callgrind (a fork alone cannot be
 * instrumented), told what child_main would have been given on its command
 * line.  Its profiles go to a folder of the run's own. */
#ifndef HARNESS_VALGRIND_CHILD_H
#define HARNESS_VALGRIND_CHILD_H

#include "providers.h"

#include <stdbool.h>
#include <stddef.h>

/* The hidden command of bin/osslbench that such a child runs (cli/main.c). */
#define COUNTED_CHILD_COMMAND "__counted-child"

/* In the forked child: exec valgrind on this program as a counted child of
 * `path`.  Returns only when the exec failed (then the caller exits). */
void valgrind_child_exec(const char *path, int in_fd, int out_fd, int cpu,
                         const provider_setup *setup, const char *counts_dir);

/* COUNTED_CHILD_COMMAND's entry: argv as valgrind_child_exec builds it. */
int valgrind_child_main(int argc, char **argv);

/* A fresh private folder for the profiles (dir, n bytes); false with why. */
bool counts_dir_create(char *dir, size_t n, char *why, size_t wn);
/* Removes the folder and the profiles left in it (each child's last). */
void counts_dir_remove(const char *dir);

/* Is valgrind on PATH?  The one-line error of a run that needs it. */
bool valgrind_available(char *why, size_t n);

#endif
