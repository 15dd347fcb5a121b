#include "verdict_set.h"

#include "../csv/units.h"
#include "../stats/blocked.h"
#include "../stats/summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t count_of(uint32_t n)
{
    return n ? n : 1;
}

/* The statistic of a row of this version's runner (blocks and a
 * rate_stat), else -1. */
static int stat_of(const result_row *r)
{
    rate_stat st;
    return r->nblock > 0 && r->nsample > 0 && rate_stat_parse(r->rate_stat, &st) ? (int)st : -1;
}

static void side_from_row(verdict_side *s, const result_row *r)
{
    *s = (verdict_side){
        .present = true, .status = r->status, .rate = r->rate, .ci_low = r->ci_low,
        .ci_high = r->ci_high, .samples = r->sample_rates, .nsample = r->nsample,
        .note = r->note, .blocks = r->sample_blocks, .nblock = r->nblock, .stat = stat_of(r),
    };
}

/* A row of either side; idx is its place in old rows then new rows. */
typedef struct {
    const result_row *row;
    size_t idx;
} entry;

/* Pooled rows of this version with one statistic: their blocks end to end
 * (a run's visits are as good as another run's), the rate that statistic of
 * the pool.  Any other mix: a side of older rows (stat -1). */
static bool pool_blocks(verdict_side *s, uint32_t **blocks, const entry *e, size_t from, size_t n)
{
    size_t nb = 0;
    for (size_t i = from; i < n; i++)
        if (e[i].row->status == ST_OK) {
            if (stat_of(e[i].row) != s->stat)
                s->stat = -1;
            nb += e[i].row->nblock;
        }
    if (s->stat < 0)
        return true;
    if ((*blocks = malloc((nb + 1) * sizeof **blocks)) == NULL)
        return false;
    nb = 0;
    for (size_t i = from; i < n; i++)
        if (e[i].row->status == ST_OK) {
            memcpy(*blocks + nb, e[i].row->sample_blocks,
                   e[i].row->nblock * sizeof **blocks);
            nb += e[i].row->nblock;
        }
    s->blocks = *blocks;
    s->nblock = nb;
    blocked_interval iv;
    if (blocked_rate(s->samples, s->nsample, s->blocks, s->nblock, (rate_stat)s->stat, &iv)) {
        s->rate = iv.estimate;
        s->ci_low = iv.low;
        s->ci_high = iv.high;
    } else {
        /* No interval applies (counts, one sample): the samples' range. */
        s->rate = rate_estimate(s->samples, s->nsample, (rate_stat)s->stat);
        s->ci_low = s->ci_high = s->rate;
        for (size_t k = 0; k < s->nsample; k++) {
            s->ci_low = fmin(s->ci_low, s->samples[k]);
            s->ci_high = fmax(s->ci_high, s->samples[k]);
        }
    }
    return true;
}

static int cmp_u64(uint64_t a, uint64_t b)
{
    return (a > b) - (a < b);
}

static int by_point(const entry *x, const entry *y)
{
    const result_row *p = x->row, *q = y->row;
    int c;
    if ((c = strcmp(p->workload, q->workload)) != 0 || (c = strcmp(p->api, q->api)) != 0 ||
        (c = strcmp(p->op, q->op)) != 0 || (c = cmp_u64(p->bytes, q->bytes)) != 0 ||
        (c = cmp_u64(count_of(p->threads), count_of(q->threads))) != 0)
        return c;
    return cmp_u64(count_of(p->procs), count_of(q->procs));
}

static int by_point_then_order(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    int c = by_point(x, y);
    return c ? c : cmp_u64(x->idx, y->idx);
}

static int by_first_appearance(const void *a, const void *b)
{
    const verdict_point *p = a, *q = b;
    return cmp_u64(p->order, q->order);
}

/* One side of one point from its rows in file order.  Several rows (a CSV
 * appended to by several runs) are pooled: the raw samples of the ok rows
 * -- they measure the same thing -- from the first ok row on, summarised
 * once.  A failed row never hides an ok one. */
static bool fill_side(verdict_side *s, size_t *count, const result_row **first, double **pool,
                      uint32_t **blocks, const entry *e, size_t n)
{
    *count = n;
    if (n == 0)
        return true;
    *first = e[0].row;
    size_t f = 0;
    while (f < n && e[f].row->status != ST_OK)
        f++;
    side_from_row(s, e[f < n ? f : 0].row);
    size_t more = 0, total = 0;
    for (size_t i = f; i < n; i++)
        if (e[i].row->status == ST_OK) {
            more += i > f;
            total += e[i].row->nsample;
        }
    if (f == n || more == 0)
        return true;
    *pool = malloc((total + 1) * sizeof **pool);
    if (*pool == NULL)
        return false;
    size_t k = 0;
    for (size_t i = f; i < n; i++)
        if (e[i].row->status == ST_OK && e[i].row->nsample) {
            memcpy(*pool + k, e[i].row->sample_rates, e[i].row->nsample * sizeof **pool);
            k += e[i].row->nsample;
        }
    s->samples = *pool;
    s->nsample = total;
    if (s->stat >= 0)
        return pool_blocks(s, blocks, e, f, n);
    if (total > 0) {
        sample_summary sum = summarize(s->samples, s->nsample);
        s->rate = sum.median;
        s->ci_low = sum.ci_low;
        s->ci_high = sum.ci_high;
    }
    return true;
}

/* A point from its rows, sorted by side and file order (old rows first). */
static bool make_point(verdict_point *p, const entry *e, size_t n, size_t n_old)
{
    const result_row *r = e[0].row;
    memset(p, 0, sizeof *p);
    snprintf(p->workload, sizeof p->workload, "%s", r->workload);
    snprintf(p->api, sizeof p->api, "%s", r->api);
    snprintf(p->op, sizeof p->op, "%s", r->op);
    snprintf(p->unit, sizeof p->unit, "%s", r->unit);
    p->bytes = r->bytes;
    p->threads = count_of(r->threads);
    p->procs = count_of(r->procs);
    p->order = e[0].idx;
    for (size_t i = 0; i < n; i++) {
        const char *u = e[i].row->unit;
        if (u[0] != '\0' && p->unit[0] != '\0' && strcmp(u, p->unit) != 0 && !p->mixed_units) {
            p->mixed_units = true;
            snprintf(p->other_unit, sizeof p->other_unit, "%s", u);
        }
    }
    size_t k = 0;
    while (k < n && e[k].idx < n_old)
        k++;
    return fill_side(&p->old_side, &p->old_rows, &p->old_first, &p->old_pool, &p->old_blocks, e,
                     k) &&
           fill_side(&p->new_side, &p->new_rows, &p->new_first, &p->new_pool, &p->new_blocks,
                     e + k, n - k);
}

/* Sorted once by point, then each point's rows are neighbours: O(n log n)
 * however many rows one point has (pooling re-sorted the pool per row). */
static bool group_points(verdict_table *t, const result_row *const *old_rows, size_t n_old,
                         const result_row *const *new_rows, size_t n_new)
{
    size_t n = n_old + n_new;
    if (n == 0)
        return true;
    entry *e = malloc(n * sizeof *e);
    t->points = malloc(n * sizeof *t->points);
    bool ok = e != NULL && t->points != NULL;
    for (size_t i = 0; ok && i < n; i++)
        e[i] = (entry){i < n_old ? old_rows[i] : new_rows[i - n_old], i};
    if (ok)
        qsort(e, n, sizeof *e, by_point_then_order);
    for (size_t g = 0, end; ok && g < n; g = end) {
        for (end = g + 1; end < n && by_point(&e[g], &e[end]) == 0; end++)
            ;
        ok = make_point(&t->points[t->count], e + g, end - g, n_old);
        t->count++;
    }
    free(e);
    if (!ok)
        return false;
    qsort(t->points, t->count, sizeof *t->points, by_first_appearance);
    for (size_t i = 0; i < t->count; i++)
        t->points[i].order = i;
    return true;
}

/* Run identity, not the start time: two runs can start in the same second. */
static bool same_run(const verdict_point *p)
{
    return p->old_rows == 1 && p->new_rows == 1 && p->old_first->run_id[0] != '\0' &&
           strcmp(p->old_first->run_id, p->new_first->run_id) == 0;
}

bool verdict_table_build(const result_row *const *old_rows, size_t n_old,
                         const result_row *const *new_rows, size_t n_new,
                         const verdict_rule *rule, verdict_table *out)
{
    *out = (verdict_table){0};
    if (!group_points(out, old_rows, n_old, new_rows, n_new)) {
        verdict_table_free(out);
        return false;
    }
    for (size_t i = 0; i < out->count; i++) {
        verdict_point *p = &out->points[i];
        if (unit_is_count(p->unit)) {
            verdict_decide_counts(&p->old_side, &p->new_side, rule, &p->result);
            continue;
        }
        const verdict_side *o = &p->old_side, *nw = &p->new_side;
        bool paired = o->present && nw->present && same_run(p) && o->stat >= 0 &&
                      o->stat == nw->stat && o->nsample == nw->nsample &&
                      o->nblock == nw->nblock &&
                      memcmp(o->blocks, nw->blocks, o->nblock * sizeof *o->blocks) == 0;
        verdict_decide(o, nw, rule, paired, &p->result);
        if (paired && p->result.method == CI_PAIRED && p->result.note[0] == '\0')
            snprintf(p->result.note, sizeof p->result.note,
                     "same run: paired over %zu rounds in %zu visits", o->nsample, o->nblock);
    }
    return true;
}

static int sort_class(const verdict_point *p)
{
    switch (p->result.verdict) {
    case V_FAILED: return 0;
    case V_SLOWER: case V_FASTER: case V_SAME: return 1;
    case V_NOT_COMPARABLE: return 2;
    case V_ONLY_OLD: return 3;
    default: return 4;
    }
}

static int compare_points(const void *a, const void *b)
{
    const verdict_point *p = a, *q = b;
    int cp = sort_class(p), cq = sort_class(q);
    if (cp != cq)
        return cp - cq;
    if (cp == 1 && p->result.ratio != q->result.ratio)
        return p->result.ratio < q->result.ratio ? -1 : 1;
    return (p->order > q->order) - (p->order < q->order);
}

void verdict_table_sort(verdict_table *t)
{
    if (t->count > 1)
        qsort(t->points, t->count, sizeof *t->points, compare_points);
}

const verdict_point *verdict_table_mixed_units(const verdict_table *t)
{
    for (size_t i = 0; i < t->count; i++)
        if (t->points[i].mixed_units)
            return &t->points[i];
    return NULL;
}

size_t verdict_table_count(const verdict_table *t, verdict_kind k)
{
    size_t n = 0;
    for (size_t i = 0; i < t->count; i++)
        n += t->points[i].result.verdict == k;
    return n;
}

bool verdict_table_has_regression(const verdict_table *t)
{
    for (size_t i = 0; i < t->count; i++)
        if (verdict_is_regression(t->points[i].result.verdict))
            return true;
    return false;
}

void verdict_table_free(verdict_table *t)
{
    for (size_t i = 0; i < t->count; i++) {
        free(t->points[i].old_pool);
        free(t->points[i].new_pool);
        free(t->points[i].old_blocks);
        free(t->points[i].new_blocks);
    }
    free(t->points);
    *t = (verdict_table){0};
}
