#include "csv_fields.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const result_row *sort_rows; /* qsort has no context argument */

static int cmp_u64(uint64_t a, uint64_t b)
{
    return (a > b) - (a < b);
}

static int by_point(const void *a, const void *b)
{
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    const result_row *p = &sort_rows[i], *q = &sort_rows[j];
    int c;
    if ((c = strcmp(p->workload, q->workload)) != 0 || (c = strcmp(p->api, q->api)) != 0 ||
        (c = strcmp(p->op, q->op)) != 0 || (c = cmp_u64(p->bytes, q->bytes)) != 0 ||
        (c = cmp_u64(p->threads, q->threads)) != 0 || (c = cmp_u64(p->procs, q->procs)) != 0)
        return c;
    return cmp_u64(i, j); /* file order within a point: the message names the earlier line */
}

/* Sorted once by point, O(n log n): a point's rows are then neighbours. */
bool csv_units_agree(const result_set *s, const size_t *line, const char *name, char *why,
                     size_t n)
{
    size_t *idx = malloc((s->count ? s->count : 1) * sizeof *idx), m = 0;
    if (idx == NULL) {
        snprintf(why, n, "%s: out of memory", name);
        return false;
    }
    for (size_t i = 0; i < s->count; i++)
        if (s->rows[i].unit[0] != '\0')
            idx[m++] = i;
    sort_rows = s->rows;
    qsort(idx, m, sizeof *idx, by_point);
    bool ok = true;
    for (size_t k = 1; k < m && ok; k++) {
        const result_row *p = &s->rows[idx[k - 1]], *q = &s->rows[idx[k]];
        size_t first = idx[k - 1];
        bool same = strcmp(p->workload, q->workload) == 0 && strcmp(p->api, q->api) == 0 &&
                    strcmp(p->op, q->op) == 0 && p->bytes == q->bytes &&
                    p->threads == q->threads && p->procs == q->procs;
        if (same && strcmp(p->unit, q->unit) != 0) {
            snprintf(why, n,
                     "%s: line %zu: unit %s, but line %zu has %s for the same point (%s %s %s, "
                     "%llu bytes): the two cannot be compared",
                     name, line[idx[k]], q->unit, line[first], p->unit, q->workload, q->api,
                     q->op, (unsigned long long)q->bytes);
            ok = false;
        }
    }
    sort_rows = NULL;
    free(idx);
    return ok;
}
