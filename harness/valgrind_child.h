/* --metric instructions, the parent's side: a library's child is this
 * program again, exec'd under Valgrind's callgrind (child_exec.h).  Its
 * profiles go to a folder of the run's own. */
#ifndef HARNESS_VALGRIND_CHILD_H
#define HARNESS_VALGRIND_CHILD_H

#include <stdbool.h>
#include <stddef.h>

/* A fresh private folder for the profiles (dir, n bytes); false with why. */
bool counts_dir_create(char *dir, size_t n, char *why, size_t wn);
/* Removes the folder and the profiles left in it (each child's last). */
void counts_dir_remove(const char *dir);

/* Is valgrind on PATH?  The one-line error of a run that needs it. */
bool valgrind_available(char *why, size_t n);

#endif
