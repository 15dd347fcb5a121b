/* What `osslbench run` does where its command line is silent: the default
 * workloads, sizes and API paths, the worker counts, and how a point is
 * sampled (run_options.h says why those numbers). */
#include "run_options.h"

#include "../stats/summary.h"

#include <string.h>

static const uint64_t default_sizes[] = {16, 64, 256, 1024, 8192, 16384};

/* Thread counts as given (default 1), then each process count (> 1, or 1
 * when no thread count is 1): one worker is measured once. */
static void worker_counts(run_args *a)
{
    run_plan *p = &a->plan;
    if (a->nthread_counts == 0)
        a->thread_counts[a->nthread_counts++] = 1;
    p->nworkers = 0;
    for (size_t i = 0; i < a->nthread_counts; i++) {
        p->workers[p->nworkers++] = (worker_count){a->thread_counts[i], 1};
        p->any_threads = p->any_threads || a->thread_counts[i] > 1;
    }
    for (size_t i = 0; i < a->nproc_counts; i++) {
        bool dup = false;
        for (size_t k = 0; k < p->nworkers; k++)
            dup = dup || (p->workers[k].threads == 1 && p->workers[k].procs == a->proc_counts[i]);
        if (!dup)
            p->workers[p->nworkers++] = (worker_count){1, a->proc_counts[i]};
    }
}

/* What was not given. */
void run_args_fill_defaults(run_args *a)
{
    run_plan *p = &a->plan;
    if (p->nworkloads == 0)
        p->nworkloads = workload_defaults(p->workloads, MAX_WORKLOADS);
    if (p->nsizes == 0) {
        memcpy(p->sizes, default_sizes, sizeof default_sizes);
        p->nsizes = sizeof default_sizes / sizeof *default_sizes;
    }
    if (!a->apis_set)
        for (int i = 0; i < API_COUNT; i++)
            p->apis[i] = true;
    worker_counts(a);
    /* --quick: a smoke run, not a measurement: one visit of the fewest
     * rounds that still give a 95% interval (more with --time). */
    sampling_rule *r = &p->sampling;
    r->target_ns = SAMPLE_NS;
    r->min_samples = a->quick ? MEDIAN_CI_MIN_SAMPLES : 10;
    r->max_samples = a->quick && !a->time_set ? MEDIAN_CI_MIN_SAMPLES : 1000;
    r->block_rounds = a->quick ? MEDIAN_CI_MIN_SAMPLES : BLOCK_ROUNDS;
    r->min_blocks = a->quick ? 1 : MIN_BLOCKS;
    /* Counts repeat exactly and a smoke run is no measurement: neither waits
     * for the host to drift; nor does any point outlast the budget. */
    if (!a->span_set)
        r->span_s = a->quick || p->metric == METRIC_INSTRUCTIONS ? 0.0 : DEFAULT_SPAN_S;
    if (r->budget_s > 0 && r->span_s > r->budget_s)
        r->span_s = r->budget_s;
    r->drop_slow = !a->quick && p->metric == METRIC_TIME;
}

