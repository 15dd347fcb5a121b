/* The chart kinds of one run's report, each writing its .dat file and its
 * charts.list line; report_dat.c calls them for each group of points. */
#ifndef ANALYSIS_REPORT_CHARTS_H
#define ANALYSIS_REPORT_CHARTS_H

#include "chart_data.h"

/* report_charts.c */
void chart_throughput(dat_ctx *c, const point_list *l);
void chart_speedup(dat_ctx *c, const point_list *l);
void chart_ops(dat_ctx *c, const point_list *l);
void chart_apis(dat_ctx *c, const char *workload);
/* Scaling with workers for the workload and API path of pt[first], its
 * first point (chart_scaling.c). */
void chart_scaling(dat_ctx *c, size_t first);
/* A release-history chart per workload, size or operation and worker
 * count (chart_timeline.c). */
void chart_timelines(dat_ctx *c);

#endif
