/* What the scheduler is asked to run: the measurement points, how long each
 * is sampled, which clock times it.  Built by the command line (cli/), which
 * the runner does not know: any front end that fills this in can run. */
#ifndef HARNESS_RUN_PLAN_H
#define HARNESS_RUN_PLAN_H

#include "providers.h"
#include "workload.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { MAX_WORKLOADS = 512, MAX_SIZES = 64, MAX_WORKER_COUNTS = 16, MAX_WORKERS = 256 };

/* How a point is run at once: `threads` threads in one process, or `procs`
 * processes of one thread each (never both above 1). */
typedef struct {
    unsigned threads, procs;
} worker_count;

/* How long a sample lasts, how a point is visited, and when it has been
 * sampled enough (harness/scheduler.h). */
typedef struct {
    double time_s;    /* the most a point may spend per library, over all its visits */
    double precision; /* stop a point once each of its intervals is within +- this */
    unsigned min_samples, max_samples; /* rounds of a point: before the precision may
                                        * stop it; never more */
    uint64_t target_ns; /* length of one sample, the same for every library */
    unsigned block_rounds; /* rounds per visit of a point */
    unsigned min_blocks;   /* visits before the precision may stop a point */
    double budget_s;  /* 0, or the run's measuring time after every point's first visit */
    double span_s;    /* 0, or the wall time a point's visits are spread over: what it may
                       * spend (time_s, max_samples) is let out in step with the clock, and
                       * the precision stops it no sooner (harness/point_pace.c) */
    bool drop_slow;   /* drop rounds taken in a slow spell of the benchmark CPU
                       * (harness/cpu_spell.h); not in a smoke run */
    const char *baseline; /* the label ratios are judged against; NULL: the oldest release */
} sampling_rule;

/* What a sample measures: the time of its operations, or (under Valgrind's
 * callgrind, harness/counting.h) the instructions they execute. */
typedef enum { METRIC_TIME, METRIC_INSTRUCTIONS } run_metric;

typedef struct {
    /* The points: every workload x API path x size x worker count. */
    workload_spec workloads[MAX_WORKLOADS];
    size_t nworkloads;
    uint64_t sizes[MAX_SIZES];
    size_t nsizes;
    bool apis[API_COUNT];
    /* Worker counts innermost, in this order (the one-worker point once). */
    worker_count workers[2 * MAX_WORKER_COUNTS];
    size_t nworkers;
    bool any_threads; /* some point runs > 1 thread: old releases need locking callbacks */
    sampling_rule sampling;
    bool cpu_clock;   /* time with the thread CPU clock, not the wall clock */
    run_metric metric;
    uint64_t target_instructions; /* METRIC_INSTRUCTIONS: instructions per sample */
    double timeout_s; /* a child that does not answer within this is hung */
    bool quiet;       /* no progress lines */
    provider_setup providers; /* loaded in every library's child before any point */
} run_plan;

#endif
