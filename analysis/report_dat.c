/* The charts of one run's report (report_write_dat): which groups of points
 * get which kinds of chart, in charts.list's order.  A run with several
 * worker counts gets throughput, speed-up and op/s charts per count (named
 * ...-2threads) and scaling charts; a run of 3 releases or more gets the
 * release-history charts, and above REPORT_BARS_MAX releases those replace
 * the charts with a series per release (report.h).  The kinds are drawn by
 * report_charts.c and chart_scaling.c; chart_data.c has the format. */
#include "report_charts.h"

#include <string.h>

/* op/s points of one family share their speed-up and rate charts. */
static bool same_ops_group(const report_point *p, const report_point *g)
{
    return report_point_is_ops(p) && strcmp(report_ops_group(p), report_ops_group(g)) == 0;
}

/* Points of one API path: the throughput ones of one workload, or the op/s
 * ones of one family (report_ops_group). */
static void collect(const report *r, const report_point *g, bool family, point_list *l)
{
    l->n = 0;
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        if (strcmp(p->api, g->api) != 0 || !report_point_same_workers(p, g))
            continue;
        if (family ? same_ops_group(p, g) : strcmp(p->workload, g->workload) == 0)
            l->at[l->n++] = i;
    }
}

/* First point of its (workload or op/s family, api, workers) group? */
static bool group_start(const report *r, size_t i, bool family)
{
    const report_point *p = &r->pt[i];
    for (size_t j = 0; j < i; j++)
        if (strcmp(r->pt[j].api, p->api) == 0 && report_point_same_workers(&r->pt[j], p) &&
            (family ? same_ops_group(&r->pt[j], p) : strcmp(r->pt[j].workload, p->workload) == 0))
            return false;
    return true;
}

bool report_write_dat(const report *r, const char *dir, char *why, size_t n)
{
    dat_ctx c = {.r = r};
    point_list l = {0};
    if (!dat_dir_open(&c.out, dir, r->npt, &l.at, why, n))
        return false;
    bool bars = report_draws_release_bars(r);
    for (size_t i = 0; bars && i < r->npt; i++) /* 1. */
        if (!report_point_is_ops(&r->pt[i]) && group_start(r, i, false)) {
            collect(r, &r->pt[i], false, &l);
            chart_throughput(&c, &l);
        }
    for (size_t i = 0; bars && i < r->npt; i++) { /* 2. and 3. */
        bool pk = report_point_is_ops(&r->pt[i]);
        if (!group_start(r, i, pk))
            continue;
        collect(r, &r->pt[i], pk, &l);
        chart_speedup(&c, &l);
        if (pk)
            chart_ops(&c, &l);
    }
    for (size_t i = 0; bars && i < r->npt; i++) /* 4. */
        if (i == 0 || strcmp(r->pt[i].workload, r->pt[i - 1].workload) != 0)
            chart_apis(&c, r->pt[i].workload);
    for (size_t i = 0; i < r->npt; i++) /* 5. */
        if (i == 0 || strcmp(r->pt[i].workload, r->pt[i - 1].workload) != 0 ||
            strcmp(r->pt[i].api, r->pt[i - 1].api) != 0)
            chart_scaling(&c, i);
    if (report_draws_timeline(r)) /* 6. */
        chart_timelines(&c);
    return dat_dir_close(&c.out, l.at);
}
