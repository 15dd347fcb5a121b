/* Scaling with workers: each release's aggregate rate with N threads (or N
 * processes) divided by its own rate with one, per point.  Ideal is N; the
 * gap between N processes (no shared state) and N threads is what the
 * threads' shared state inside libcrypto costs.  A release's 1- and
 * N-worker rows are measured one after the other, never sample by sample,
 * so the ratio's CI is unpaired (report_ratio_unpaired): it covers the
 * samples' spread, not a drift of the machine between the two.
 * The tables are here; the charts in chart_scaling.c. */
#include "derived_csv.h"

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

report_ratio report_scaling_ratio(const report *r, size_t rel, const report_point *p)
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
                report_ratio q = report_scaling_ratio(r, k, &r->pt[j]);
                const result_row *any = report_find_any(r, k, &r->pt[j]);
                char cell[64];
                if (q.method != CI_NONE)
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
    ratio_csv_header(f, RATIO_CSV_SCALING);
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i], *one = serial_of(r, p);
        if (report_point_serial(p))
            continue;
        for (size_t k = 0; k < r->nrel; k++) {
            const result_row *any = report_find_any(r, k, p);
            const result_row *row = report_find(r, k, p);
            const result_row *base = one ? report_find(r, k, one) : NULL;
            ratio_csv_line l = {k, p, any, row, base, report_ratio_unpaired(row, base)};
            ratio_csv_row(f, r, RATIO_CSV_SCALING, &l);
        }
    }
}
