/* What `make compare` settles before it measures: the libraries (built
 * first when nothing is installed), the plan's points counted by the
 * runner's own option reader, the releases and the baseline checked. */
#ifndef BENCH_BENCH_PREPARE_H
#define BENCH_BENCH_PREPARE_H

#include "bench_libs.h"
#include "../options/bench_options.h"

#include <stdbool.h>
#include <stddef.h>

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
/* Appends make compare's default --budget to a runner command line of k
 * words when the options after -- give none; the new word count.  The plan
 * and the run both take it from here, so the plan's span is the run's. */
int bench_default_budget(const bench_options *o, char **argv, int k);

#endif
