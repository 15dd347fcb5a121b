/* What `make compare` tells the user before and after a run: the plan with
 * a time estimate, and the files to open first. */
#ifndef BENCH_BENCH_PLAN_H
#define BENCH_BENCH_PLAN_H

#include <stddef.h>

/* The plan lines: the releases to build first (nbuild of them, named in
 * `builds`), then points x libraries = rows, each with a duration range.
 * A row takes at most about `seconds` (its sampling budget, --time; the
 * precision target often stops it sooner: a quarter of it is the low end),
 * else the rules of thumb of bench_plan.c; the whole never less than the
 * span its points' visits are spread over (span_s, --span). */
void bench_say_plan(double seconds, double span_s, int quick, size_t nlibs, long points,
                    size_t nbuild, const char *builds);
/* The page (report.html, when written: NULL else), then the speed-up
 * table, the first speed-up chart (throughput when there is
 * only one library; the first timeline chart when a long release history
 * has neither), the first API-path chart, the release notes of a timeline:
 * taken from plots_dir/charts.list. */
void bench_say_open_first(const char *page, const char *plots_dir);

#endif
