/* The op/s tables of `openssl speed`'s layout, one per family: a column
 * per operation of time per operation, then a column per operation of
 * operations per second ("sign verify sign/s verify/s"; a KEM's "keygen
 * encaps decaps keygen/s encaps/s decaps/s"), or speed's "op op/s" for a
 * family of one operation (ECDH, FFDH).  The columns are the operations
 * the family's rows have, in the run's order: which table a row is in and
 * what its columns are come from its family and op columns, never from
 * its name.  The family's name heads its first column, where speed has
 * blanks. */
#include "speed_ops.h"
#include "../csv/units.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_OPS = 8, NAME_W = 24 };

void speed_line_name(const report_point *p, char *buf, size_t n)
{
    char workers[32];
    report_workers_name(p, workers, sizeof workers);
    snprintf(buf, n, "%s%s%s%s", p->workload, workers[0] ? " (" : "", workers,
             workers[0] ? ")" : "");
}

/* An op/s point of this API path whose family is `family` (NULL: any). */
static bool in_table(const report_point *p, const char *api, const char *family)
{
    return report_point_is_ops(p) && strcmp(p->api, api) == 0 &&
           (family == NULL || strcmp(report_ops_group(p), family) == 0);
}

/* The operations of a family's ok rows of this release and API path, in
 * the order of the file (the runner's: a workload's own order of
 * operations, keygen before sign; the report's order of operations is
 * the whole run's, where rsa's sign comes first). */
static size_t family_ops(const report *r, size_t rel, const char *api, const char *family,
                         const char *ops[MAX_OPS])
{
    size_t n = 0;
    for (size_t i = 0; i < r->set->count; i++) {
        const result_row *row = &r->set->rows[i];
        if (row->status != ST_OK || !unit_is_ops(row->unit) ||
            strcmp(row->api, api) != 0 || strcmp(row->label, r->rel[rel].label) != 0 ||
            strcmp(report_row_group(row), family) != 0)
            continue;
        size_t k = 0;
        while (k < n && strcmp(ops[k], row->op) != 0)
            k++;
        if (k == n && n < MAX_OPS)
            ops[n++] = row->op;
    }
    return n;
}

/* A line's row at operation `op`: the same workload and workers. */
static const result_row *line_row(const report *r, size_t rel, const report_point *line,
                                  const char *op)
{
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        if (strcmp(p->workload, line->workload) == 0 && strcmp(p->api, line->api) == 0 &&
            strcmp(p->op, op) == 0 && report_point_same_workers(p, line))
            return report_find(r, rel, p);
    }
    return NULL;
}

/* First point of its line (workload and workers) within the table? */
static bool line_first(const report *r, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (strcmp(r->pt[j].workload, r->pt[i].workload) == 0 &&
            strcmp(r->pt[j].api, r->pt[i].api) == 0 &&
            report_point_same_workers(&r->pt[j], &r->pt[i]))
            return false;
    return true;
}

static void family_table(const report *r, size_t rel, const char *api, const char *family,
                         FILE *f)
{
    const char *ops[MAX_OPS];
    size_t nops = family_ops(r, rel, api, family, ops);
    if (nops == 0)
        return;
    fprintf(f, "%-*s", NAME_W, family);
    for (size_t k = 0; k < nops; k++)
        fprintf(f, " %10s", nops == 1 ? "op" : ops[k]);
    for (size_t k = 0; k < nops; k++) {
        char head[32];
        snprintf(head, sizeof head, "%s/s", nops == 1 ? "op" : ops[k]);
        fprintf(f, " %10s", head);
    }
    fputc('\n', f);
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        if (!in_table(p, api, family) || !line_first(r, i))
            continue;
        const result_row *row[MAX_OPS];
        bool any = false;
        for (size_t k = 0; k < nops; k++) {
            row[k] = line_row(r, rel, p, ops[k]);
            row[k] = row[k] != NULL && row[k]->rate > 0.0 ? row[k] : NULL;
            any = any || row[k] != NULL;
        }
        if (!any)
            continue;
        char name[96];
        speed_line_name(p, name, sizeof name);
        fprintf(f, "%-*s", NAME_W, name);
        for (size_t k = 0; k < nops; k++)
            if (row[k] != NULL)
                fprintf(f, " %9.6fs", 1.0 / row[k]->rate);
            else
                fprintf(f, " %10s", "n/a");
        for (size_t k = 0; k < nops; k++)
            if (row[k] != NULL)
                fprintf(f, " %10.1f", row[k]->rate);
            else
                fprintf(f, " %10s", "n/a");
        fputc('\n', f);
    }
}

void speed_ops_tables(const report *r, size_t rel, const char *api, FILE *f)
{
    bool first = true;
    const char *ops[MAX_OPS];
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        const char *family = report_ops_group(p);
        if (!in_table(p, api, NULL))
            continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = in_table(&r->pt[j], api, family);
        if (seen || family_ops(r, rel, api, family, ops) == 0)
            continue;
        if (!first)
            fputc('\n', f);
        family_table(r, rel, api, family, f);
        first = false;
    }
}
