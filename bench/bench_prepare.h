/* What `make compare` settles before it measures: the libraries (built
 * first when nothing is installed), the plan's points counted by the
 * runner's own option reader, the releases and the baseline checked. */
#ifndef BENCH_BENCH_PREPARE_H
#define BENCH_BENCH_PREPARE_H

#include "bench_libs.h"
#include "../options/bench_options.h"

#include <stdbool.h>
#include <stddef.h>

/* make compare's measuring time when BUDGET= is not given: batch-means
 * intervals of six libraries rarely all reach +-1%, and without a budget a
 * default run's points went on to the 100-visit cap (9 minutes); the
 * budget spends the time on the widest intervals first (docs/method.md). */
#define BENCH_DEFAULT_BUDGET "5.5m"

typedef struct {
    long points;     /* per library */
    double span_s;   /* what each point's visits are spread over (--span) */
    bool built;      /* the plan was said while building */
    size_t nexplain; /* EXPLAIN=N, else 0 */
} bench_plan_facts;

/* libs filled and checked: -1 to go on, else the exit status after a
 * "compare: error:" line. */
int bench_prepare(const bench_options *o, bench_libs *libs, bench_plan_facts *facts);

/* The value of run option `name` among the options after --, or NULL
 * (flag: its name when given). */
const char *bench_run_option(const bench_options *o, const char *name, bool flag);

#endif
