/* osslbench explain inside make's goals (explain/explain_run.h):
 *   make compare EXPLAIN=N: after the run, the N largest significant
 *     changes of "What changed" (analysis/report_changes.h), each library
 *     against the baseline on its point, into the run's explain/ folder,
 *     where the page finds them;
 *   make explain: every point of the knobs, the libraries make compare
 *     would measure, into a fresh folder under RESULTS_ROOT/explain/ and
 *     on the terminal. */
#ifndef BENCH_BENCH_EXPLAIN_H
#define BENCH_BENCH_EXPLAIN_H

#include "bench_libs.h"
#include "../analysis/report.h"

#include <stdbool.h>
#include <stddef.h>

/* EXPLAIN's value: a whole number from 1 to 100; false with a one-line reason. */
bool bench_explain_count(const char *s, size_t *n, char *why, size_t wn);

/* The changes of r, the run's report model (the rows in memory, its
 * baseline): 0 when explained (or nothing to explain), else 1 after saying
 * why; the run and its page stand either way. */
int bench_explain_changes(const bench_libs *libs, const char *dir, const report *r, size_t n,
                          char **run_args, int nrun_args);

/* make explain's whole job: its exit status (explain's: 0, 1, 2). */
int bench_explain_only(const bench_libs *libs, const char *results_root, const char *baseline,
                       char **run_args, int nrun_args);

#endif
