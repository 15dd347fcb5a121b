/* What `make compare` leaves in a run folder after the runner: its lines
 * of metadata.txt, the charts (plots/draw.sh) and the page (report.html)
 * or, for instruction counts, compare.md. */
#ifndef BENCH_BENCH_OUTPUTS_H
#define BENCH_BENCH_OUTPUTS_H

#include "bench_libs.h"

#include <stdbool.h>
#include <stddef.h>

/* What the run wrote, read once: its rows, those that failed (not ok, not
 * unsupported), and the baseline as the report takes it: the one given,
 * else the oldest release with an ok row (report_oldest_release, the only
 * rule); "oldest release" when there is none. */
typedef struct {
    long rows, failed;
    char baseline[LABEL_SIZE];
} bench_results;
void bench_read_results(const char *csv, const char *given, bench_results *out);
/* make_command (knobs: K=V as given, each one shell word), releases,
 * baseline, a library line each, wall_seconds, runner_exit and
 * compare_interrupted, appended to the runner's dir/metadata.txt. */
void bench_append_metadata(const char *dir, const char *const *knobs, size_t nknobs,
                           const bench_libs *libs, const char *baseline, long seconds, int rc,
                           bool interrupted);
/* Each library's verdict against base, decided on instruction counts. */
void bench_compare_counts(const bench_libs *libs, const char *dir, const char *csv,
                          const char *base);
/* The charts into dir/plots (chart_draw_run; gnuplot first, as make plots
 * has it): 0, or 1. */
int bench_draw_charts(const char *repo, const char *baseline, const char *dir);

/* dir/report.html, the page `make report` writes (bench/report_page.h), from
 * the run's files and charts; false with why when it could not be written
 * (nothing else in dir is touched). */
bool bench_write_page(const char *dir, const char *baseline, char *why, size_t n);

#endif
