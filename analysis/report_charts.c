/* The chart kinds drawn over one run's releases: throughput, speed-up,
 * op/s and API paths.  Scaling charts are in chart_scaling.c, the per-host
 * kinds in report_hosts_dat.c; chart_data.c has charts.list's format. */
#include "report_charts.h"
#include "../csv/units.h"

#include <inttypes.h>
#include <string.h>

/* Throughput vs block size: one index block per release. */
void chart_throughput(dat_ctx *c, const point_list *l)
{
    const report *r = c->r;
    const report_point *g = &r->pt[l->at[0]];
    char name[160], colours[512] = "", sizes[512] = "", tag[48];
    dat_chart_name(name, sizeof name, CHART_THROUGHPUT, g->workload, g->api);
    dat_workers_tag(g, name, sizeof name, tag, sizeof tag);
    for (size_t k = 0; k < r->nrel; k++)
        if (dat_release_has(r, k, l))
            dat_append_index(colours, sizeof colours, k);
    if (colours[0] == '\0')
        return; /* no release has this API path for this workload */
    FILE *f = dat_open(&c->out, name);
    if (f == NULL)
        return;
    for (size_t k = 0; k < r->nrel; k++) {
        if (!dat_release_has(r, k, l))
            continue;
        char title[128];
        report_release_title(&r->rel[k], title, sizeof title);
        fputs("bytes ", f);
        dat_string(f, title);
        fputs(" low high\n", f);
        for (size_t i = 0; i < l->n; i++) {
            const result_row *row = report_find(r, k, &r->pt[l->at[i]]);
            if (row == NULL)
                continue;
            fprintf(f, "%" PRIu64, row->bytes);
            dat_row_values(f, row, unit_shown_scale(UNIT_BYTES));
            fputc('\n', f);
        }
        fputs("\n\n", f);
    }
    for (size_t i = 0; i < l->n; i++) {
        size_t len = strlen(sizes);
        uint64_t b = r->pt[l->at[i]].bytes;
        if (i == 0 || b != r->pt[l->at[i - 1]].bytes)
            snprintf(sizes + len, sizeof sizes - len, "%s%" PRIu64, len ? " " : "", b);
    }
    dat_close(&c->out, f);
    dat_list_start(&c->out, CHART_THROUGHPUT, name, colours);
    fprintf(c->out.list, "%s throughput vs block size, %s API%s\t%s\t%s\n", g->workload, g->api, tag,
            sizes, unit_axis_label(UNIT_BYTES, true));
}

/* The releases a chart of these points shows (at most 256): those with a
 * result at some point, or for a speed-up chart, those other than the
 * baseline with a result where the baseline has one too. */
static size_t chart_releases(const report *r, const point_list *l, bool vs_baseline,
                             size_t cols[256])
{
    size_t ncol = 0;
    for (size_t k = 0; k < r->nrel && ncol < 256; k++) {
        if (vs_baseline && k == r->baseline)
            continue;
        bool any = false;
        for (size_t i = 0; i < l->n && !any; i++)
            any = report_find(r, k, &r->pt[l->at[i]]) != NULL &&
                  (!vs_baseline || report_find(r, r->baseline, &r->pt[l->at[i]]) != NULL);
        if (any)
            cols[ncol++] = k;
    }
    return ncol;
}

/* A chart with a column triple per release it shows: its name
 * ("<kind>-<group>-<api>[-2threads]"), the releases (and their palette
 * slots, for charts.list) and the worker count's title tag. */
typedef struct {
    char name[160], colours[512], tag[48];
    size_t cols[256], ncol;
} release_chart;

/* The .dat file of such a chart of the points l; NULL when no release has
 * anything to show (or the file cannot be made). */
static FILE *open_release_chart(dat_ctx *c, const point_list *l, chart_kind kind,
                                const char *group, bool vs_baseline, release_chart *rc)
{
    const report_point *g = &c->r->pt[l->at[0]];
    *rc = (release_chart){.ncol = 0};
    dat_chart_name(rc->name, sizeof rc->name, kind, group, g->api);
    dat_workers_tag(g, rc->name, sizeof rc->name, rc->tag, sizeof rc->tag);
    rc->ncol = chart_releases(c->r, l, vs_baseline, rc->cols);
    return rc->ncol ? dat_open_triples(c, rc->name, rc->cols, rc->ncol, rc->colours,
                                       sizeof rc->colours)
                    : NULL;
}

/* Speed-up vs the baseline: one row per block size (or op/s workload and
 * operation), one ratio/low/high column triple per release but the
 * baseline. */
void chart_speedup(dat_ctx *c, const point_list *l)
{
    const report *r = c->r;
    const report_point *g = &r->pt[l->at[0]];
    bool ops = report_point_is_ops(g);
    release_chart rc;
    FILE *f = open_release_chart(c, l, CHART_SPEEDUP, ops ? report_ops_group(g) : g->workload, true,
                                 &rc);
    if (f == NULL)
        return;
    for (size_t i = 0; i < l->n; i++) {
        const report_point *p = &r->pt[l->at[i]];
        const result_row *b = report_find(r, r->baseline, p);
        if (b == NULL)
            continue;
        char tic[64];
        if (ops)
            snprintf(tic, sizeof tic, "%s %s", p->workload, p->op);
        else
            report_size_name(p->bytes, tic, sizeof tic);
        dat_string(f, tic);
        for (size_t j = 0; j < rc.ncol; j++)
            dat_ratio_values(f, report_speedup(report_find(r, rc.cols[j], p), b));
        fputc('\n', f);
    }
    dat_close(&c->out, f);
    char base[64];
    dat_list_text(r->rel[r->baseline].label, base, sizeof base);
    dat_list_start(&c->out, CHART_SPEEDUP, rc.name, rc.colours);
    fprintf(c->out.list, "%s speed-up vs %s, %s API%s\t%s\n",
            ops ? report_ops_group(g) : g->workload, base, g->api, rc.tag,
            ops ? "workload and operation" : "block size");
}

/* Operations per second of one family: one row per (workload, operation),
 * one column triple per release. */
void chart_ops(dat_ctx *c, const point_list *l)
{
    const report *r = c->r;
    const report_point *g = &r->pt[l->at[0]];
    release_chart rc;
    FILE *f = open_release_chart(c, l, CHART_PUBKEY, report_ops_group(g), false, &rc);
    if (f == NULL)
        return;
    for (size_t i = 0; i < l->n; i++) {
        const report_point *p = &r->pt[l->at[i]];
        char tic[64];
        snprintf(tic, sizeof tic, "%s %s", p->workload, p->op);
        dat_string(f, tic);
        for (size_t j = 0; j < rc.ncol; j++)
            dat_row_values(f, report_find(r, rc.cols[j], p), 1.0);
        fputc('\n', f);
    }
    dat_close(&c->out, f);
    dat_list_start(&c->out, CHART_PUBKEY, rc.name, rc.colours);
    fprintf(c->out.list, "%s operations per second, %s API%s\t\n", report_ops_group(g), g->api,
            rc.tag);
}

/* The two panels of an API-path chart: the smallest and largest block size,
 * or the first two operations of an op/s workload (one worker). */
static bool apis_panels(const report *r, const char *workload, report_point panel[2])
{
    size_t found = 0;
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        if (strcmp(p->workload, workload) != 0 || !report_point_serial(p))
            continue;
        if (found++ == 0) {
            panel[0] = panel[1] = *p;
        } else if (report_point_is_ops(p)) {
            if (strcmp(p->op, panel[0].op) != 0 && strcmp(panel[0].op, panel[1].op) == 0)
                panel[1] = *p;
        } else {
            if (p->bytes < panel[0].bytes)
                panel[0] = *p;
            if (p->bytes > panel[1].bytes)
                panel[1] = *p;
        }
    }
    return found > 0;
}

/* API paths within each release, for one workload: two panels, each with
 * one row per release and a column triple per API path some release has. */
void chart_apis(dat_ctx *c, const char *workload)
{
    const report *r = c->r;
    report_point panel[2];
    if (!apis_panels(r, workload, panel))
        return;
    bool ops = report_point_is_ops(&panel[0]);
    char name[160], titles[2][96], slots[256] = "";
    dat_chart_name(name, sizeof name, CHART_APIS, workload, NULL);
    for (int k = 0; k < 2; k++) {
        if (ops)
            snprintf(titles[k], sizeof titles[k], "%s", panel[k].op);
        else
            snprintf(titles[k], sizeof titles[k], "%" PRIu64 "-byte blocks", panel[k].bytes);
    }
    bool has[64] = {false};
    size_t napis = r->apis.n < 64 ? r->apis.n : 64;
    for (size_t a = 0; a < napis; a++) {
        for (size_t rel = 0; rel < r->nrel && !has[a]; rel++)
            for (int k = 0; k < 2 && !has[a]; k++) {
                report_point p = panel[k];
                snprintf(p.api, sizeof p.api, "%s", r->apis.name[a]);
                has[a] = report_find(r, rel, &p) != NULL;
            }
        if (has[a])
            dat_append_index(slots, sizeof slots, a);
    }
    if (slots[0] == '\0')
        return;
    FILE *f = dat_open(&c->out, name);
    if (f == NULL)
        return;
    for (int k = 0; k < 2; k++) {
        fputs("release", f);
        for (size_t a = 0; a < napis; a++)
            if (has[a]) {
                fputc(' ', f);
                dat_string(f, r->apis.name[a]);
                fputs(" low high", f);
            }
        fputc('\n', f);
        for (size_t rel = 0; rel < r->nrel; rel++) {
            if (r->rel[rel].ok_rows == 0)
                continue;
            char title[128];
            report_release_title(&r->rel[rel], title, sizeof title);
            dat_string(f, title);
            for (size_t a = 0; a < napis; a++) {
                if (!has[a])
                    continue;
                report_point p = panel[k];
                snprintf(p.api, sizeof p.api, "%s", r->apis.name[a]);
                dat_row_values(f, report_find(r, rel, &p), dat_scale(&panel[0]));
            }
            fputc('\n', f);
        }
        fputs("\n\n", f);
    }
    dat_close(&c->out, f);
    dat_list_start(&c->out, CHART_APIS, name, slots);
    fprintf(c->out.list, "%s: API paths within each release\t%s\t%s\t%s\n", workload, titles[0],
            titles[1],
            unit_axis_label(ops ? UNIT_OPS : UNIT_BYTES, false));
}
