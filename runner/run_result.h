/* One run as the runner hands it on: its rows and its metadata, in memory,
 * to every writer after it (make compare's history import, tables, charts,
 * page and verdicts), as Google Benchmark's runner hands its records to its
 * reporters: nobody reads results.csv or metadata.txt back. */
#ifndef RUNNER_RUN_RESULT_H
#define RUNNER_RUN_RESULT_H

#include "../csv/csv.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    /* As results.csv has them: parsed from the very lines written to it, so
     * that a writer given them says what one given the file would. */
    result_set rows;
    char *metadata; /* metadata.txt's text as written; NULL when the run kept none */
    size_t metadata_len;
    int status;       /* the run's exit status (runner.h) */
    bool interrupted; /* a SIGINT, SIGTERM or SIGHUP stopped it */
} run_result;

void run_result_free(run_result *r);

#endif
