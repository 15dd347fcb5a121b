/* Runs every measurement point over every library, interleaving samples of
 * one point across the libraries round by round, so that drift of a noisy
 * machine hits every release alike and their ratios stay trustworthy.  The
 * order within a round is shuffled anew every round (seeded from the run
 * id, so a run's order can be replayed), so no library always runs right
 * after the same other one or always first; the child also warms up with
 * an untimed batch before each timed sample (harness/timing.h). */
#ifndef HARNESS_SCHEDULER_H
#define HARNESS_SCHEDULER_H

#include "host.h"
#include "libproc.h"
#include "run_plan.h"

#include <stdio.h>

typedef void (*row_sink)(const result_row *row, void *ctx);

typedef struct {
    const run_plan *plan;
    const run_context *where;
    libproc *libs;
    size_t nlibs;
    int cpu;
    size_t ncpus;  /* CPUs the run may use, recorded in each row */
    row_sink sink; /* receives each finished row, a point's rows in library order */
    void *sink_ctx;
    FILE *trace;   /* may be NULL */
    const lib_driver *driver; /* NULL: libproc_driver (a child process per library) */
} schedule;

/* Returns false when interrupted (rows already delivered stay delivered). */
bool schedule_run(const schedule *s);

/* Number of points the plan describes (for progress). */
size_t schedule_point_count(const run_plan *p);

#endif
