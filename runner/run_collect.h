/* What the scheduler hands the runner, row by row: each written to the CSV
 * at once (a reader, or a user after an interrupt, never sees half a row),
 * the same line kept in memory for the run's result (and, for the speed
 * tables, parsed from it), and with --json the row whole, samples and all. */
#ifndef RUNNER_RUN_COLLECT_H
#define RUNNER_RUN_COLLECT_H

#include "run_files.h"
#include "run_result.h"
#include "../harness/host.h"
#include "../harness/libproc.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct {
    FILE *csv; /* NULL: no CSV */
    bool csv_failed;
    FILE *lines; /* the CSV's text, in memory */
    char *text;
    size_t len;
    result_row *rows; /* with keep_samples only: the JSON's */
    size_t count, cap;
    bool any_failure;
    bool keep_samples; /* --json: each row whole, as the CSV has it */
} run_collector;

/* Opens the in-memory text; nothing is written yet. */
void run_collect_open(run_collector *c, FILE *csv, bool keep_samples);
/* The header, once some library has loaded (a run that measures nothing
 * leaves no CSV): false after a one-line error naming csv. */
bool run_collect_header(run_collector *c, const run_file *csv);
/* The scheduler's sink: one row. */
void run_collect(const result_row *r, void *ctx);
/* A library that cannot be loaded: one load_failed row for the whole
 * library (no workload); it takes no part in the schedule.  The loaded
 * ones move to the front; returns how many there are. */
size_t run_collect_unloaded(run_collector *c, libproc *libs, size_t n, const run_context *where);
/* The rows as results.csv has them, parsed from the text in memory. */
void run_collect_rows(run_collector *c, result_set *out);
void run_collect_free(run_collector *c);

#endif
