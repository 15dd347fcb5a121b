/* The runner as a function: one child per library, the schedule, the run's
 * files (CSV, trace, JSON, metadata.txt) and its result in memory.  What
 * `osslbench run` (cli/cmd_run.c, its command line read into run_args) and
 * `osslbench bench` (make compare) both call; its state lives in the call,
 * and the process is left as it was found: signal dispositions, CPU
 * affinity. */
#ifndef RUNNER_RUNNER_H
#define RUNNER_RUNNER_H

#include "run_result.h"
#include "../options/run_options.h"

#include <stdio.h>

typedef struct {
    const run_args *args;
    int argc;
    char **argv; /* the command line metadata.txt records, program first */
    FILE *out;   /* the speed tables (stderr instead when the CSV goes to stdout) */
    /* The caller's own metadata.txt lines, written after the run's and
     * before the file is closed, so that it is written from one place
     * (NULL: none).  res has the rows and the status so far. */
    void (*more_metadata)(FILE *f, const run_result *res, void *ctx);
    void *ctx;
} run_request;

/* Measures rq->args into res (run_result_free it, whatever the status).
 * The exit status `osslbench run` gives: 0 every row ok; 1 some row failed
 * or a file could not be written; 2 nothing could be measured (bad files,
 * no library loaded: a line said why, no file is left); 128 + N after
 * signal N (the rows so far kept). */
int run_measure(const run_request *rq, run_result *res);

/* The points `osslbench run` would measure for these options (argv[0] =
 * "run"), per library, and the span its points' visits are spread over
 * (--span, after its defaults).  -1 with the one-line reason in why when it
 * would refuse them; -2 when they ask for --help (why is empty then). */
long run_count_points(int argc, char **argv, double *span_s, char *why, size_t n);

#endif
