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

/* When a library has sampled a point enough. */
typedef struct {
    double time_s;    /* sampling budget per point and library */
    double precision; /* stop once the CI half-width / median is this small */
    unsigned min_samples, max_samples;
    uint64_t target_ns; /* length of one sample */
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
