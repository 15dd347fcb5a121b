/* Scaling with workers: each release's aggregate rate with N threads (or N
 * processes) divided by its own rate with one, per point.  Ideal is N; the
 * gap between N processes (no shared state) and N threads is what the
 * threads' shared state inside libcrypto costs.  A release's 1- and
 * N-worker rows are measured one after the other, never sample by sample,
 * so the ratio's CI is unpaired (report_ratio_unpaired): it covers the
 * samples' spread, not a drift of the machine between the two. */
#include "report_dat.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

bool report_has_workers(const report *r)
{
    for (size_t i = 0; i < r->npt; i++)
        if (!report_point_serial(&r->pt[i]))
            return true;
    return false;
}

/* The one-worker point of p's workload, api, op and size, or NULL. */
static const report_point *serial_of(const report *r, const report_point *p)
{
    for (size_t i = 0; i < r->npt; i++)
        if (report_point_serial(&r->pt[i]) && report_point_same_op(&r->pt[i], p))
            return &r->pt[i];
    return NULL;
}

static report_ratio scaling_of(const report *r, size_t rel, const report_point *p)
{
    const report_point *one = serial_of(r, p);
    return report_ratio_unpaired(report_find(r, rel, p), one ? report_find(r, rel, one) : NULL);
}

static void op_title(const report_point *p, char *buf, size_t n)
{
    char size[32];
    report_size_name(p->bytes, size, sizeof size);
    snprintf(buf, n, "%s, %s API, %s%s%s", p->workload, p->api, p->op,
             report_point_is_ops(p) ? "" : " ", report_point_is_ops(p) ? "" : size);
}

void report_write_scaling(const report *r, FILE *f)
{
    fputs("Scaling: aggregate rate with N workers / the same release's rate with one\n"
          "(95% CI; ideal = N; 1 and N were measured one after the other)\n",
          f);
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *g = &r->pt[i];
        if (!report_point_serial(g))
            continue;
        size_t end = i + 1;
        while (end < r->npt && report_point_same_op(&r->pt[end], g))
            end++;
        if (end == i + 1)
            continue; /* measured with one worker only */
        char title[160];
        op_title(g, title, sizeof title);
        fprintf(f, "\n%s\n  %-20s", title, "release");
        for (size_t j = i + 1; j < end; j++) {
            char name[32];
            report_workers_name(&r->pt[j], name, sizeof name);
            fprintf(f, "%-22s", name);
        }
        fputc('\n', f);
        for (size_t k = 0; k < r->nrel; k++) {
            fprintf(f, "  %-20s", r->rel[k].label);
            for (size_t j = i + 1; j < end; j++) {
                report_ratio q = scaling_of(r, k, &r->pt[j]);
                const result_row *any = report_find_any(r, k, &r->pt[j]);
                char cell[64];
                if (q.method != RATIO_NONE)
                    snprintf(cell, sizeof cell, "%.2f [%.2f,%.2f]", q.ratio, q.lo, q.hi);
                else
                    snprintf(cell, sizeof cell, "%s",
                             any == NULL ? "-" : any->status == ST_OK ? "no 1-worker rate"
                                                                       : row_status_name(any->status));
                fprintf(f, "%-22s", cell);
            }
            fputc('\n', f);
        }
        i = end - 1;
    }
}

void report_write_scaling_csv(const report *r, FILE *f)
{
    fputs("label,version,workload,api,op,bytes,threads,procs,unit,rate,one_worker_rate,scaling,"
          "scaling_low,scaling_high,ci_method,status\n",
          f);
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i], *one = serial_of(r, p);
        if (report_point_serial(p))
            continue;
        for (size_t k = 0; k < r->nrel; k++) {
            const result_row *any = report_find_any(r, k, p);
            const result_row *row = report_find(r, k, p);
            const result_row *base = one ? report_find(r, k, one) : NULL;
            report_csv_ratio_line(f, r, k, NULL, p, any, row, base,
                                  report_ratio_unpaired(row, base));
        }
    }
}

/* ---- the chart: one per workload and API path, a panel per operation and
 * size, a line per release and worker kind (threads solid, processes
 * dashed), x = workers, y = rate / one-worker rate, with the diagonal. */

static unsigned workers_of(const report_point *p)
{
    return (p->threads ? p->threads : 1) * (p->procs ? p->procs : 1);
}

static bool is_procs(const report_point *p)
{
    return p->procs > 1;
}

void chart_scaling(dat_ctx *c, size_t first)
{
    const report *r = c->r;
    const report_point *g = &r->pt[first];
    size_t end = first;
    while (end < r->npt && strcmp(r->pt[end].workload, g->workload) == 0 &&
           strcmp(r->pt[end].api, g->api) == 0)
        end++;
    /* Series: (release, threads|procs) with a ratio somewhere in the group. */
    size_t series_rel[128];
    bool series_procs[128];
    size_t ns = 0;
    unsigned most = 1;
    for (size_t k = 0; k < r->nrel; k++)
        for (int m = 0; m < 2; m++) {
            bool any = false;
            for (size_t i = first; i < end; i++) {
                const report_point *p = &r->pt[i];
                if (!report_point_serial(p) && is_procs(p) == (m == 1) &&
                    scaling_of(r, k, p).method != RATIO_NONE) {
                    any = true;
                    most = workers_of(p) > most ? workers_of(p) : most;
                }
            }
            if (any && ns < 128) {
                series_rel[ns] = k;
                series_procs[ns++] = m == 1;
            }
        }
    if (ns == 0)
        return;
    char name[160], colours[512] = "", modes[1024] = "", panels[1024] = "";
    dat_chart_name(name, sizeof name, "scaling", g->workload, g->api);
    FILE *f = dat_open(&c->out, name);
    if (f == NULL)
        return;
    for (size_t i = first; i < end; i++) {
        const report_point *one = &r->pt[i];
        if (!report_point_serial(one))
            continue;
        size_t len = strlen(panels);
        if (report_point_is_ops(one))
            snprintf(panels + len, sizeof panels - len, "%s%s", len ? " " : "", one->op);
        else
            snprintf(panels + len, sizeof panels - len, "%s%" PRIu64 "-byte", len ? " " : "",
                     one->bytes);
        for (size_t s = 0; s < ns; s++) {
            char head[96];
            snprintf(head, sizeof head, "%s %s", r->rel[series_rel[s]].label,
                     series_procs[s] ? "processes" : "threads");
            fputs("workers ", f);
            dat_string(f, head);
            fputs(" low high\n", f);
            bool base = report_find(r, series_rel[s], one) != NULL;
            fprintf(f, "1%s\n", base ? " 1 1 1" : " ? ? ?");
            for (size_t j = i + 1; j < end && report_point_same_op(&r->pt[j], one); j++) {
                if (is_procs(&r->pt[j]) != series_procs[s])
                    continue;
                fprintf(f, "%u", workers_of(&r->pt[j]));
                dat_ratio_values(f, scaling_of(r, series_rel[s], &r->pt[j]));
                fputc('\n', f);
            }
            fputs("\n\n", f);
        }
    }
    dat_close(&c->out, f);
    for (size_t s = 0; s < ns; s++) {
        dat_append_index(colours, sizeof colours, series_rel[s]);
        size_t len = strlen(modes);
        snprintf(modes + len, sizeof modes - len, "%s%s", len ? " " : "",
                 series_procs[s] ? "procs" : "threads");
    }
    fprintf(c->out.list,
            "scaling\t%s\t%s\t%s: rate with N workers / rate with one, %s API\t%s\t%s\t%u\n",
            name, colours, g->workload, g->api, panels, modes, most);
}
