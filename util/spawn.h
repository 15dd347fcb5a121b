/* Running another program from a command (the runner, make, the chart
 * scripts) without a shell: argv as given, never a command string, so no
 * word read from a file can become program text. */
#ifndef UTIL_SPAWN_H
#define UTIL_SPAWN_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *stdout_path; /* NULL: inherited; else this file gets stdout */
    bool append;             /* stdout_path is appended to, not truncated */
    bool stderr_too;         /* stderr goes where stdout goes */
    bool stdout_to_stderr;   /* stdout joins stderr (a subprocess's chatter) */
    char *captured;          /* set by spawn_capture: stdout and stderr, malloc'd */
} spawn_io;

/* Where program is on PATH, as `command -v` would find it, into file;
 * false ("") when it is not there. */
bool spawn_which(const char *program, char *file, size_t n);
/* This program itself (/proc/self/exe), for running one of its commands. */
const char *spawn_self(void);
/* Runs argv[0] (found on PATH) and waits: its exit status, 128 + N when
 * killed by signal N, 127 when it could not be started.  While it runs,
 * SIGINT and SIGTERM only reach it (same process group); *interrupted
 * (may be NULL) says whether one arrived. */
int spawn_wait(char *const argv[], spawn_io *io, bool *interrupted);
/* As spawn_wait, with stdout and stderr kept in io->captured (free it). */
int spawn_capture(char *const argv[], spawn_io *io);

#endif
