/* gnuplot data for the cross-host charts, and the charts.list that
 * osslbench draw draws from (TAB-separated, as chart_data.c's):
 *
 *   hosts     name  slots  title  y-label  log(0|1)   one bar per host: rates
 *   relative  name  slots  title  reference           one bar per other host:
 *                                                     rate / reference's rate
 *
 * One chart of each kind per release and group: a group is one workload's
 * points measured in B/s (x: block size), or every point measured in op/s
 * (x: workload and operation).  When a chart spans several API paths the
 * x label says which: "16 B|evp", "rsa2048|sign|evp" (the scripts break
 * the line at each |).
 * Colours (slots) are host indexes, so a host keeps its colour everywhere.
 * Host and release labels reach gnuplot as data (column headers) only. */
#include "chart_data.h"
#include "../csv/units.h"
#include "report_hosts.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const hosts_report *h;
    dat_dir out;
    size_t *at; /* the chart's points, indexes into h->pt */
    size_t n;
} chart_ctx;

/* x label of a point: size (or workload and op), and the API when the
 * chart spans several. */
static void tic(const chart_ctx *c, const hosts_point *q, char *buf, size_t n)
{
    char what[64];
    if (hosts_is_rate_per_op(q))
        snprintf(what, sizeof what, "%s|%s", q->p.workload, q->p.op);
    else
        report_size_name(q->p.bytes, what, sizeof what);
    bool many_apis = false;
    for (size_t i = 1; i < c->n && !many_apis; i++)
        many_apis = strcmp(c->h->pt[c->at[i]].p.api, c->h->pt[c->at[0]].p.api) != 0;
    if (many_apis)
        snprintf(buf, n, "%s|%s", what, q->p.api);
    else
        snprintf(buf, n, "%s", what);
}

static void header(FILE *f, const hosts_report *h, const size_t *cols, size_t ncol)
{
    fputs("point", f);
    for (size_t j = 0; j < ncol; j++) {
        fputc(' ', f);
        dat_string(f, h->host[cols[j]].label);
        fputs(" low high", f);
    }
    fputc('\n', f);
}

/* Whether host i has a value at point q: a rate, or on a relative chart
 * (the reference host has none) a ratio to the reference's rate. */
static bool has_value(const hosts_report *h, bool relative, size_t i, size_t rel,
                      const hosts_point *q)
{
    return relative ? i != h->reference && hosts_ratio(h, i, rel, &q->p).method != CI_NONE
                    : hosts_find(h, i, rel, &q->p) != NULL;
}

/* The .dat file of release rel's chart of one kind: a column triple per
 * host with a value somewhere (slots: their indexes), a row per point (on
 * a relative chart, per point the reference measured).  false when there
 * is nothing to chart or the file cannot be made. */
static bool write_chart(chart_ctx *c, size_t rel, const char *group, bool relative, char *name,
                        size_t name_len, char *slots, size_t slots_len)
{
    const hosts_report *h = c->h;
    size_t cols[HOSTS_MAX], ncol = 0;
    for (size_t i = 0; i < h->nhost; i++) {
        bool any = false;
        for (size_t j = 0; j < c->n && !any; j++)
            any = has_value(h, relative, i, rel, &h->pt[c->at[j]]);
        if (any) {
            cols[ncol++] = i;
            dat_append_index(slots, slots_len, i);
        }
    }
    if (ncol == 0)
        return false;
    double scale = unit_shown_scale(h->pt[c->at[0]].unit);
    dat_chart_name(name, name_len, relative ? CHART_RELATIVE : CHART_HOSTS, h->rel[rel].label,
                   group);
    FILE *f = dat_open(&c->out, name);
    if (f == NULL)
        return false;
    header(f, h, cols, ncol);
    for (size_t j = 0; j < c->n; j++) {
        const hosts_point *q = &h->pt[c->at[j]];
        if (relative && hosts_find(h, h->reference, rel, &q->p) == NULL)
            continue;
        char t[96];
        tic(c, q, t, sizeof t);
        dat_string(f, t);
        for (size_t k = 0; k < ncol; k++) {
            if (relative)
                dat_ratio_values(f, hosts_ratio(h, cols[k], rel, &q->p));
            else
                dat_row_values(f, hosts_find(h, cols[k], rel, &q->p), scale);
        }
        fputc('\n', f);
    }
    dat_close(&c->out, f);
    return true;
}

/* Rates of every host that has one, at each point of the chart. */
static void hosts_chart(chart_ctx *c, size_t rel, const char *group, const char *what)
{
    const hosts_report *h = c->h;
    char slots[512] = "", name[200];
    if (!write_chart(c, rel, group, false, name, sizeof name, slots, sizeof slots))
        return;
    bool per_op = hosts_is_rate_per_op(&h->pt[c->at[0]]);
    dat_list_start(&c->out, CHART_HOSTS, name, slots);
    fprintf(c->out.list, "%s: %s per host\t%s\t%d\n", h->rel[rel].label, what,
            unit_axis_label(per_op ? UNIT_OPS : UNIT_BYTES, per_op),
            per_op ? 1 : 0);
}

/* Each other host's rate / the reference host's, where both have one. */
static void relative_chart(chart_ctx *c, size_t rel, const char *group, const char *what)
{
    const hosts_report *h = c->h;
    char slots[512] = "", name[200];
    if (!write_chart(c, rel, group, true, name, sizeof name, slots, sizeof slots))
        return;
    dat_list_start(&c->out, CHART_RELATIVE, name, slots);
    fprintf(c->out.list, "%s: %s, each host relative to %s\t%s\n", h->rel[rel].label, what,
            h->host[h->reference].label, h->host[h->reference].label);
}

/* The points of release rel in the group of point g: same workload (B/s) or
 * every op/s point; only those some host measured for this release. */
static void collect(chart_ctx *c, size_t rel, size_t g)
{
    const hosts_report *h = c->h;
    bool per_op = hosts_is_rate_per_op(&h->pt[g]);
    c->n = 0;
    for (size_t j = 0; j < h->npt; j++) {
        const hosts_point *q = &h->pt[j];
        if (hosts_is_rate_per_op(q) != per_op ||
            (!per_op && strcmp(q->p.workload, h->pt[g].p.workload) != 0))
            continue;
        bool any = false;
        for (size_t i = 0; i < h->nhost && !any; i++)
            any = hosts_find(h, i, rel, &q->p) != NULL;
        if (any)
            c->at[c->n++] = j;
    }
}

/* Is point g the first of its group? */
static bool group_start(const hosts_report *h, size_t g)
{
    bool per_op = hosts_is_rate_per_op(&h->pt[g]);
    for (size_t j = 0; j < g; j++)
        if (hosts_is_rate_per_op(&h->pt[j]) == per_op &&
            (per_op || strcmp(h->pt[j].p.workload, h->pt[g].p.workload) == 0))
            return false;
    return true;
}

bool hosts_write_dat(const hosts_report *h, const char *dir, char *why, size_t n)
{
    chart_ctx c = {.h = h};
    if (!dat_dir_open(&c.out, dir, h->npt, &c.at, why, n))
        return false;
    for (size_t rel = 0; rel < h->nrel; rel++)
        for (size_t g = 0; g < h->npt; g++) {
            if (!group_start(h, g))
                continue;
            collect(&c, rel, g);
            if (c.n == 0)
                continue;
            bool per_op = hosts_is_rate_per_op(&h->pt[g]);
            const char *group = per_op ? "ops" : h->pt[g].p.workload;
            char what[96];
            if (per_op)
                snprintf(what, sizeof what, "operations per second");
            else
                snprintf(what, sizeof what, "%s throughput", h->pt[g].p.workload);
            hosts_chart(&c, rel, group, what);
            relative_chart(&c, rel, group, what);
        }
    return dat_dir_close(&c.out, c.at);
}
