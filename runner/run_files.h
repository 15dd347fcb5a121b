/* The files a run writes (--csv, --trace): never an existing file, never
 * another run's rows.  Each is written under FILE.partial, locked while the
 * run lives, and moved to FILE at the end; stdout, a device or a pipe is
 * written in place. */
#ifndef RUNNER_RUN_FILES_H
#define RUNNER_RUN_FILES_H

#include <stdbool.h>
#include <stdio.h>

typedef struct {
    const char *path; /* as given; "-" = stdout */
    char partial[4200];
    FILE *f;
    bool stream; /* stdout, a device or a pipe: no FILE.partial */
} run_file;

/* Opens rf for path.  A FILE.partial that a live run holds is refused (its
 * pid named); one whose run died is moved to FILE.partial.N, said in one
 * line.  false after a one-line error. */
bool run_file_open(run_file *rf, const char *path);

/* Flushes and checks what was written; then FILE.partial becomes FILE,
 * unless a write `failed` before (already reported) or a file of that name
 * appeared meanwhile.  false after a one-line error (`what`: "results",
 * "trace"), what was written kept in FILE.partial. */
bool run_file_close(run_file *rf, const char *what, bool failed);

/* A file that got nothing worth keeping: closed and its FILE.partial removed. */
void run_file_discard(run_file *rf);

/* Whether a and b (not necessarily existing yet) are one file, or one is
 * the other's FILE.partial. */
bool run_files_clash(const char *a, const char *b);

#endif
