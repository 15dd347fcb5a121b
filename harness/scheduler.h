/* Runs every measurement point over every library, interleaving samples of
 * one point across the libraries round by round, so that drift of a noisy
 * machine hits every release alike and their ratios stay trustworthy.  The
 * order within a round is shuffled anew every round (seeded from the run
 * id, so a run's order can be replayed), so no library always runs right
 * after the same other one or always first; the child also warms up with
 * an untimed batch before each timed sample (harness/timing.h).
 *
 * Every library's sample lasts about the same time (each calibrates its own
 * operation count to sampling.target_ns), so a slow release is no more
 * exposed to other processes than a fast one; a sample that was disturbed
 * anyway is taken again (harness/disturbance.h).
 *
 * A point is measured in visits: each a block of rounds in fresh child
 * processes, the run going over all points in passes.  After its visit a
 * point stops once its intervals -- the ratio of every library to the
 * baseline, paired by round and widened by the scatter between blocks
 * (stats/blocked.h) -- are within sampling.precision, after
 * sampling.min_blocks visits; or when it has spent sampling.time_s per
 * library.  With a budget (sampling.budget_s), passes after the first visit
 * the points with the widest intervals first, until it is spent.  Rows go
 * to the sink in plan order, each once its point is finished. */
#ifndef HARNESS_SCHEDULER_H
#define HARNESS_SCHEDULER_H

#include "host.h"
#include "libproc.h"
#include "run_plan.h"

#include <stdio.h>

typedef void (*row_sink)(const result_row *row, void *ctx);

/* Why a point stopped being visited. */
typedef enum {
    END_PRECISION, /* its intervals were within the precision */
    END_TIME,      /* it spent sampling.time_s per library */
    END_SAMPLES,   /* it reached sampling.max_samples */
    END_BUDGET,    /* the run's budget was spent */
    END_FAILED,    /* no library is left that measures it */
    END_COUNT
} point_end;

/* What the run did, for its metadata and its warning. */
typedef struct {
    size_t points, passes, visits;
    size_t ends[END_COUNT];  /* points by what ended them */
    uint64_t samples, retaken, disturbed; /* kept samples; thrown away; kept though disturbed */
    uint64_t rounds, rounds_slow; /* rounds taken; of those, dropped in a slow spell */
    uint64_t spell_fast_ns, spell_slow_ns; /* the spell probe's fast time and the slow
                                            * line (cpu_spell.h); 0: never probed */
    size_t widths;           /* points with an interval (two or more samples) */
    size_t within_1pct, within_2pct; /* of those, widest half-width within 1%, 2% */
    double median_width;     /* the median of the points' widest relative half-widths */
    char baseline[LABEL_SIZE]; /* what the ratios were judged against */
} schedule_stats;

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
    schedule_stats *stats;    /* may be NULL: filled in when the run ends */
} schedule;

/* Returns false when interrupted (rows already delivered stay delivered). */
bool schedule_run(const schedule *s);

/* Number of points the plan describes (for progress). */
size_t schedule_point_count(const run_plan *p);

#endif
