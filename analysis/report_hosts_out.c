/* Tables of a report over hosts: terminal, CSV (its columns:
 * hosts_columns.def) and the release coverage. */
#include "derived_csv.h"
#include "../csv/units.h"
#include "report_hosts.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

static bool on_every_host(const hosts_report *h, size_t rel)
{
    for (size_t i = 0; i < h->nhost; i++)
        if (!(h->rel[rel].on & (1UL << i)))
            return false;
    return true;
}

static void host_list(const hosts_report *h, unsigned long set, bool want, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < h->nhost && len < n; i++)
        if (((set & (1UL << i)) != 0) == want)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? ", " : "", h->host[i].label);
}

void hosts_write_coverage(const hosts_report *h, FILE *f)
{
    fprintf(f, "%-24s", "release");
    for (size_t i = 0; i < h->nhost; i++)
        fprintf(f, " %-16s", h->host[i].label);
    fputc('\n', f);
    for (size_t k = 0; k < h->nrel; k++) {
        fprintf(f, "%-24s", h->rel[k].label);
        for (size_t i = 0; i < h->nhost; i++)
            fprintf(f, " %-16s", h->rel[k].on & (1UL << i) ? "yes" : "-");
        fputc('\n', f);
    }
    for (size_t k = 0; k < h->nrel; k++) {
        if (on_every_host(h, k))
            continue;
        char with[1024], without[1024];
        host_list(h, h->rel[k].on, true, with, sizeof with);
        host_list(h, h->rel[k].on, false, without, sizeof without);
        if (h->rel[k].on == 0)
            fprintf(f, "release %s has no successful result on any host\n", h->rel[k].label);
        else
            fprintf(f, "release %s is only on %s (not on %s)\n", h->rel[k].label, with, without);
    }
    if (h->multi_worker_rows > 0)
        fprintf(f, "%zu row(s) with several threads or processes left out: hosts are compared "
                   "on one worker; each host's scaling charts show the rest\n",
                h->multi_worker_rows);
}

static void size_cell(const hosts_point *q, char *buf, size_t n)
{
    if (hosts_is_rate_per_op(q))
        snprintf(buf, n, "-");
    else
        report_size_name(q->p.bytes, buf, n);
}

static void rate_cell(const result_row *row, const hosts_point *q, char *buf, size_t n)
{
    if (row == NULL)
        snprintf(buf, n, "-");
    else if (row->status != ST_OK)
        snprintf(buf, n, "%s", row_status_name(row->status));
    else if (hosts_is_rate_per_op(q))
        snprintf(buf, n, "%.0f %s", row->rate, UNIT_OPS);
    else
        snprintf(buf, n, "%.1f %s", row->rate * unit_shown_scale(row->unit), unit_shown_name(row->unit));
}

void hosts_write_term(const hosts_report *h, FILE *f)
{
    const char *ref = h->host[h->reference].label;
    fprintf(f, "Hosts: ");
    for (size_t i = 0; i < h->nhost; i++)
        fprintf(f, "%s%s%s", i ? ", " : "", h->host[i].label, i == h->reference ? " (reference)" : "");
    fputs("\n\n", f);
    hosts_write_coverage(h, f);
    for (size_t k = 0; k < h->nrel; k++) {
        if (h->rel[k].on == 0)
            continue;
        fprintf(f, "\n%s: rate per host; ratio = host / %s [95%% CI], >1 = faster\n",
                h->rel[k].label, ref);
        fprintf(f, "%-14s %-7s %-8s %-8s", "workload", "api", "op", "size");
        for (size_t i = 0; i < h->nhost; i++)
            fprintf(f, " %16s", h->host[i].label);
        for (size_t i = 0; i < h->nhost; i++)
            if (i != h->reference) {
                char head[160];
                snprintf(head, sizeof head, "%s/%s", h->host[i].label, ref);
                fprintf(f, " %22.22s", head);
            }
        fputc('\n', f);
        for (size_t j = 0; j < h->npt; j++) {
            const hosts_point *q = &h->pt[j];
            bool any = false;
            for (size_t i = 0; i < h->nhost && !any; i++)
                any = hosts_find_any(h, i, k, &q->p) != NULL;
            if (!any)
                continue;
            char size[32], cell[64];
            size_cell(q, size, sizeof size);
            fprintf(f, "%-14s %-7s %-8s %-8s", q->p.workload, q->p.api, q->p.op, size);
            for (size_t i = 0; i < h->nhost; i++) {
                rate_cell(hosts_find_any(h, i, k, &q->p), q, cell, sizeof cell);
                fprintf(f, " %16s", cell);
            }
            for (size_t i = 0; i < h->nhost; i++) {
                if (i == h->reference)
                    continue;
                report_ratio r = hosts_ratio(h, i, k, &q->p);
                if (r.method == CI_NONE)
                    snprintf(cell, sizeof cell, "-");
                else
                    snprintf(cell, sizeof cell, "%.2f [%.2f,%.2f]", r.ratio, r.lo, r.hi);
                fprintf(f, " %22s", cell);
            }
            fputc('\n', f);
        }
    }
}

typedef enum {
#define HOSTS_COL(id, name) HOSTS_COL_##id,
#include "hosts_columns.def"
#undef HOSTS_COL
    HOSTS_COL_COUNT
} hosts_column;

static const char *const hosts_column_names[HOSTS_COL_COUNT] = {
#define HOSTS_COL(id, name) [HOSTS_COL_##id] = name,
#include "hosts_columns.def"
#undef HOSTS_COL
};

/* A line of hosts.csv: host i's row of release k at point q. */
typedef struct {
    const hosts_report *h;
    size_t k, i;
    const hosts_point *q;
    const result_row *row, *base; /* base: the reference host's ok row */
    report_ratio r;
} hosts_line;

static void put_cell(FILE *f, hosts_column c, const hosts_line *l)
{
    const hosts_report *h = l->h;
    bool ok = l->row->status == ST_OK;
    switch (c) {
    case HOSTS_COL_RELEASE:
        csv_put_text(f, h->rel[l->k].label);
        break;
    case HOSTS_COL_VERSION_NUM:
        fprintf(f, "0x%lx", h->rel[l->k].version_num);
        break;
    case HOSTS_COL_WORKLOAD:
        csv_put_text(f, l->q->p.workload);
        break;
    case HOSTS_COL_API:
        csv_put_text(f, l->q->p.api);
        break;
    case HOSTS_COL_OP:
        csv_put_text(f, l->q->p.op);
        break;
    case HOSTS_COL_BYTES:
        fprintf(f, "%" PRIu64, l->q->p.bytes);
        break;
    case HOSTS_COL_UNIT:
        csv_put_text(f, l->row->unit);
        break;
    case HOSTS_COL_HOST:
        csv_put_text(f, h->host[l->i].label);
        break;
    case HOSTS_COL_RATE:
        derived_csv_number(f, ok ? l->row->rate : NAN);
        break;
    case HOSTS_COL_CI_LOW:
        derived_csv_number(f, ok ? l->row->ci_low : NAN);
        break;
    case HOSTS_COL_CI_HIGH:
        derived_csv_number(f, ok ? l->row->ci_high : NAN);
        break;
    case HOSTS_COL_REFERENCE:
        csv_put_text(f, h->host[h->reference].label);
        break;
    case HOSTS_COL_REFERENCE_RATE:
        derived_csv_number(f, l->base ? l->base->rate : NAN);
        break;
    case HOSTS_COL_RATIO:
        derived_csv_number(f, l->r.ratio);
        break;
    case HOSTS_COL_RATIO_LOW:
        derived_csv_number(f, l->r.lo);
        break;
    case HOSTS_COL_RATIO_HIGH:
        derived_csv_number(f, l->r.hi);
        break;
    case HOSTS_COL_CI_METHOD:
        fputs(l->r.method == CI_NONE ? "" : ci_method_name(l->r.method), f);
        break;
    case HOSTS_COL_STATUS:
        fputs(row_status_name(l->row->status), f);
        break;
    case HOSTS_COL_COUNT:
        break;
    }
}

void hosts_write_csv(const hosts_report *h, FILE *f)
{
    derived_csv_header(f, hosts_column_names, HOSTS_COL_COUNT);
    for (size_t k = 0; k < h->nrel; k++)
        for (size_t j = 0; j < h->npt; j++)
            for (size_t i = 0; i < h->nhost; i++) {
                const hosts_point *q = &h->pt[j];
                const result_row *row = hosts_find_any(h, i, k, &q->p);
                if (row == NULL)
                    continue;
                hosts_line l = {h, k, i, q, row, hosts_find(h, h->reference, k, &q->p),
                                hosts_ratio(h, i, k, &q->p)};
                for (size_t c = 0; c < HOSTS_COL_COUNT; c++) {
                    if (c > 0)
                        fputc(',', f);
                    put_cell(f, (hosts_column)c, &l);
                }
                fputc('\n', f);
            }
}
