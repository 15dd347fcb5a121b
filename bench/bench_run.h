/* `osslbench bench` (make compare) as a function, end to end: the
 * libraries found (bench_prepare.h), measured by the runner into a fresh
 * run folder (runner/runner.h), and its result handed, in memory, to every
 * writer after it: the history database, the report model built once, its
 * tables and charts, EXPLAIN's verdicts and the page. */
#ifndef BENCH_BENCH_RUN_H
#define BENCH_BENCH_RUN_H

#include "../options/bench_options.h"

/* The exit status: 0 all rows ok and the page written; 1 some rows failed,
 * a chart or the page could not be made, or nothing could be measured; 130
 * interrupted. */
int bench_run(const bench_options *o);

#endif
