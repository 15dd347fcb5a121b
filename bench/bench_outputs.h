/* What `make compare` leaves in a run folder besides the runner's files,
 * each from the run's result in memory (runner/run_result.h): its lines of
 * metadata.txt, the charts and the page (report.html) from the one report
 * model, or, for instruction counts, verdicts.md. */
#ifndef BENCH_BENCH_OUTPUTS_H
#define BENCH_BENCH_OUTPUTS_H

#include "bench_libs.h"
#include "../analysis/report.h"
#include "../runner/run_result.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The run's rows, those that failed (not ok, not unsupported), and the
 * baseline as the report takes it: the one given, else the oldest release
 * with an ok row (report_oldest_release, the only rule); "oldest release"
 * when there is none. */
typedef struct {
    long rows, failed;
    char baseline[LABEL_SIZE];
} bench_results;
void bench_count_results(const result_set *set, const char *given, bench_results *out);
/* make_command (knobs: K=V as given, each one shell word), releases,
 * baseline, a library line each, wall_seconds, runner_exit and
 * compare_interrupted, onto the run's metadata f before the runner closes
 * it (runner.h's more_metadata). */
void bench_write_metadata(FILE *f, const char *const *knobs, size_t nknobs, const bench_libs *libs,
                          const char *baseline, long seconds, int rc, bool interrupted);
/* Each library's verdict against base, decided on instruction counts, into
 * dir/verdicts.md. */
void bench_count_verdicts(const bench_libs *libs, const char *dir, const result_set *set,
                          const char *base);
/* The charts of r into dir/plots (chart_draw_report; gnuplot first, as make
 * plots has it): 0, or 1.  r NULL: the rows have no report, said as why. */
int bench_draw_charts(const char *repo, const char *dir, const report *r, const char *why);

/* dir/report.html, the page `make report` writes (analysis/report_page.h),
 * of r, the run's metadata in res and its charts; false with why when it
 * could not be written (nothing else in dir is touched). */
bool bench_write_page(const char *dir, const report *r, const run_result *res, char *why, size_t n);

#endif
