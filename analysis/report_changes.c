#include "report_changes.h"

#include "verdict_set.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static size_t rows_of(const result_set *s, const char *label, const result_row **rows)
{
    size_t n = 0;
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->rows[i].label, label) == 0)
            rows[n++] = &s->rows[i];
    return n;
}

static bool add_release(const report *r, size_t k, const result_row **old_rows, size_t n_old,
                        const result_row **new_rows, report_change **out, size_t *n, size_t *cap)
{
    size_t n_new = rows_of(r->set, r->rel[k].label, new_rows);
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    verdict_table t;
    if (!verdict_table_build(old_rows, n_old, new_rows, n_new, &rule, &t))
        return false;
    bool ok = true;
    for (size_t i = 0; ok && i < t.count; i++) {
        const verdict_point *p = &t.points[i];
        verdict_kind v = p->result.verdict;
        if (v != V_SLOWER && v != V_FASTER && v != V_FAILED)
            continue;
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 16;
            report_change *more = realloc(*out, *cap * sizeof *more);
            if (more == NULL) {
                ok = false;
                break;
            }
            *out = more;
        }
        report_change *c = &(*out)[(*n)++];
        *c = (report_change){.bytes = p->bytes, .threads = p->threads, .procs = p->procs,
                             .verdict = v, .ratio = p->result.ratio, .order = *n - 1};
        snprintf(c->workload, sizeof c->workload, "%s", p->workload);
        snprintf(c->api, sizeof c->api, "%s", p->api);
        snprintf(c->op, sizeof c->op, "%s", p->op);
        snprintf(c->unit, sizeof c->unit, "%s", p->unit);
        snprintf(c->old_label, sizeof c->old_label, "%s", r->rel[r->baseline].label);
        snprintf(c->new_label, sizeof c->new_label, "%s", r->rel[k].label);
    }
    verdict_table_free(&t);
    return ok;
}

static double size_of(const report_change *c)
{
    return verdict_change_size(&(verdict_result){.verdict = c->verdict, .ratio = c->ratio});
}

static int largest_first(const void *a, const void *b)
{
    double x = size_of(a), y = size_of(b);
    if (x != y)
        return (x < y) - (x > y);
    const report_change *p = a, *q = b;
    return (p->order > q->order) - (p->order < q->order);
}

bool report_changes(const report *r, report_change **out, size_t *n)
{
    *out = NULL, *n = 0;
    size_t cap = 0;
    const result_row **old_rows = malloc((r->set->count + 1) * sizeof *old_rows);
    const result_row **new_rows = malloc((r->set->count + 1) * sizeof *new_rows);
    bool ok = old_rows != NULL && new_rows != NULL;
    size_t n_old = ok ? rows_of(r->set, r->rel[r->baseline].label, old_rows) : 0;
    for (size_t k = 0; ok && k < r->nrel; k++)
        if (k != r->baseline)
            ok = add_release(r, k, old_rows, n_old, new_rows, out, n, &cap);
    free(old_rows);
    free(new_rows);
    if (ok)
        qsort(*out, *n, sizeof **out, largest_first);
    return ok;
}
