/* gnuplot data for the cross-host charts, and the charts.list that
 * plots/draw-list.sh draws from (TAB-separated, as report_dat.c's):
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
#include "report_hosts.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const hosts_report *h;
    const char *dir;
    FILE *list;
    size_t *at; /* the chart's points, indexes into h->pt */
    size_t n;
    char *why;
    size_t whylen;
    bool ok;
} chart_ctx;

static void dat_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fputc(*s == '"' ? '\'' : *s == '\n' || *s == '\t' ? ' ' : *s, f);
    fputc('"', f);
}

static void dat_value(FILE *f, double x)
{
    if (isfinite(x))
        fprintf(f, " %.6g", x);
    else
        fputs(" ?", f);
}

static FILE *open_dat(chart_ctx *c, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.dat", c->dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL && c->ok) {
        snprintf(c->why, c->whylen, "%s: %s", path, strerror(errno));
        c->ok = false;
    }
    return f;
}

static void close_dat(chart_ctx *c, FILE *f)
{
    if ((ferror(f) | fclose(f)) && c->ok) {
        snprintf(c->why, c->whylen, "%s: write error", c->dir);
        c->ok = false;
    }
}

static void append_index(char *buf, size_t n, size_t k)
{
    size_t len = strlen(buf);
    snprintf(buf + len, n - len, "%s%zu", len ? " " : "", k);
}

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

static void chart_name(char *buf, size_t n, const char *kind, const char *rel, const char *group)
{
    char a[64], b[64];
    report_file_token(rel, a, sizeof a);
    report_file_token(group, b, sizeof b);
    snprintf(buf, n, "%s-%s-%s", kind, a, b);
}

/* Rates of every host that has one, at each point of the chart. */
static void hosts_chart(chart_ctx *c, size_t rel, const char *group, const char *what)
{
    const hosts_report *h = c->h;
    size_t cols[HOSTS_MAX], ncol = 0;
    char slots[512] = "", name[200];
    for (size_t i = 0; i < h->nhost; i++) {
        bool any = false;
        for (size_t j = 0; j < c->n && !any; j++)
            any = hosts_find(h, i, rel, &h->pt[c->at[j]].p) != NULL;
        if (any) {
            cols[ncol++] = i;
            append_index(slots, sizeof slots, i);
        }
    }
    if (ncol == 0)
        return;
    bool per_op = hosts_is_rate_per_op(&h->pt[c->at[0]]);
    double scale = per_op ? 1.0 : 1e-6;
    chart_name(name, sizeof name, "hosts", h->rel[rel].label, group);
    FILE *f = open_dat(c, name);
    if (f == NULL)
        return;
    header(f, h, cols, ncol);
    for (size_t j = 0; j < c->n; j++) {
        const hosts_point *q = &h->pt[c->at[j]];
        char t[96];
        tic(c, q, t, sizeof t);
        dat_string(f, t);
        for (size_t k = 0; k < ncol; k++) {
            const result_row *row = hosts_find(h, cols[k], rel, &q->p);
            dat_value(f, row ? row->rate * scale : NAN);
            dat_value(f, row ? row->ci_low * scale : NAN);
            dat_value(f, row ? row->ci_high * scale : NAN);
        }
        fputc('\n', f);
    }
    close_dat(c, f);
    fprintf(c->list, "hosts\t%s\t%s\t%s: %s per host\t%s\t%d\n", name, slots, h->rel[rel].label,
            what, per_op ? "operations per second (log scale)" : "throughput (MB/s = 10^6 bytes/s)",
            per_op ? 1 : 0);
}

/* Each other host's rate / the reference host's, where both have one. */
static void relative_chart(chart_ctx *c, size_t rel, const char *group, const char *what)
{
    const hosts_report *h = c->h;
    size_t cols[HOSTS_MAX], ncol = 0;
    char slots[512] = "", name[200];
    for (size_t i = 0; i < h->nhost; i++) {
        if (i == h->reference)
            continue;
        bool any = false;
        for (size_t j = 0; j < c->n && !any; j++)
            any = hosts_ratio(h, i, rel, &h->pt[c->at[j]].p).method != RATIO_NONE;
        if (any) {
            cols[ncol++] = i;
            append_index(slots, sizeof slots, i);
        }
    }
    if (ncol == 0)
        return;
    chart_name(name, sizeof name, "relative", h->rel[rel].label, group);
    FILE *f = open_dat(c, name);
    if (f == NULL)
        return;
    header(f, h, cols, ncol);
    for (size_t j = 0; j < c->n; j++) {
        const hosts_point *q = &h->pt[c->at[j]];
        if (hosts_find(h, h->reference, rel, &q->p) == NULL)
            continue;
        char t[96];
        tic(c, q, t, sizeof t);
        dat_string(f, t);
        for (size_t k = 0; k < ncol; k++) {
            report_ratio r = hosts_ratio(h, cols[k], rel, &q->p);
            dat_value(f, r.ratio);
            dat_value(f, r.lo);
            dat_value(f, r.hi);
        }
        fputc('\n', f);
    }
    close_dat(c, f);
    fprintf(c->list, "relative\t%s\t%s\t%s: %s, each host relative to %s\t%s\n", name, slots,
            h->rel[rel].label, what, h->host[h->reference].label, h->host[h->reference].label);
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
    char path[4096];
    snprintf(path, sizeof path, "%s/charts.list", dir);
    chart_ctx c = {.h = h, .dir = dir, .why = why, .whylen = n, .ok = true};
    c.at = calloc(h->npt ? h->npt : 1, sizeof *c.at);
    c.list = fopen(path, "w");
    if (c.list == NULL || c.at == NULL) {
        snprintf(why, n, "%s: %s", path, c.at ? strerror(errno) : "out of memory");
        if (c.list != NULL)
            fclose(c.list);
        free(c.at);
        return false;
    }
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
    free(c.at);
    if ((ferror(c.list) | fclose(c.list)) && c.ok) {
        snprintf(why, n, "%s: write error", path);
        c.ok = false;
    }
    return c.ok;
}
