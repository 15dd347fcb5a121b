/* `osslbench run` called as a function by another command (`osslbench
 * bench`): its plan counted without printing it, its measurement with
 * stdout in a file, both in the calling process. */
#ifndef BENCH_RUN_INPROC_H
#define BENCH_RUN_INPROC_H

#include <stdbool.h>
#include <stddef.h>

/* The points `osslbench run` would measure for these options (argv[0] =
 * "run"), per library.  -1 with the one-line reason in why when it would
 * refuse them; -2 when they ask for --help (why is empty then). */
long run_count_points(int argc, char **argv, char *why, size_t n);

/* cmd_run(argc, argv) with its stdout into stdout_path (truncated) and the
 * process as the run leaves it put back: signal dispositions, CPU affinity,
 * stdout.  argv[-1] must be the program (the metadata records it).  Its exit
 * status; *interrupted: a SIGINT, SIGTERM or SIGHUP arrived during it. */
int run_in_process(int argc, char **argv, const char *stdout_path, bool *interrupted);

#endif
