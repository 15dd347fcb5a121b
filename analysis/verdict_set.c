#include "verdict_set.h"

#include "../stats/summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t count_of(uint32_t n)
{
    return n ? n : 1;
}

static bool same_point(const verdict_point *p, const result_row *r)
{
    return p->bytes == r->bytes && p->threads == count_of(r->threads) &&
           p->procs == count_of(r->procs) && strcmp(p->workload, r->workload) == 0 &&
           strcmp(p->api, r->api) == 0 && strcmp(p->op, r->op) == 0;
}

static verdict_point *find_or_add(verdict_table *t, size_t *cap, const result_row *r)
{
    for (size_t i = 0; i < t->count; i++)
        if (same_point(&t->points[i], r))
            return &t->points[i];
    if (t->count == *cap) {
        size_t ncap = *cap ? *cap * 2 : 32;
        verdict_point *grown = realloc(t->points, ncap * sizeof *grown);
        if (grown == NULL)
            return NULL;
        t->points = grown;
        *cap = ncap;
    }
    verdict_point *p = &t->points[t->count];
    memset(p, 0, sizeof *p);
    snprintf(p->workload, sizeof p->workload, "%s", r->workload);
    snprintf(p->api, sizeof p->api, "%s", r->api);
    snprintf(p->op, sizeof p->op, "%s", r->op);
    snprintf(p->unit, sizeof p->unit, "%s", r->unit);
    p->bytes = r->bytes;
    p->threads = count_of(r->threads);
    p->procs = count_of(r->procs);
    p->order = t->count++;
    return p;
}

static void side_from_row(verdict_side *s, const result_row *r)
{
    *s = (verdict_side){
        .present = true, .status = r->status, .rate = r->rate, .ci_low = r->ci_low,
        .ci_high = r->ci_high, .samples = r->sample_rates, .nsample = r->nsample,
        .note = r->note,
    };
}

/* A second row for the same point on the same side (a CSV appended to by
 * two runs): pool the raw samples of the ok rows -- they measure the same
 * thing -- and re-summarise.  A failed row never hides an ok one. */
static bool pool_row(verdict_side *s, double **pool, const result_row *r)
{
    if (r->status != ST_OK)
        return true;
    if (s->status != ST_OK) {
        side_from_row(s, r);
        return true;
    }
    double *grown = malloc((s->nsample + r->nsample + 1) * sizeof *grown);
    if (grown == NULL)
        return false;
    if (s->nsample)
        memcpy(grown, s->samples, s->nsample * sizeof *grown);
    if (r->nsample)
        memcpy(grown + s->nsample, r->sample_rates, r->nsample * sizeof *grown);
    free(*pool);
    *pool = grown;
    s->samples = grown;
    s->nsample += r->nsample;
    if (s->nsample > 0) {
        sample_summary sum = summarize(s->samples, s->nsample);
        s->rate = sum.median;
        s->ci_low = sum.ci_low;
        s->ci_high = sum.ci_high;
    }
    return true;
}

static bool add_side(verdict_table *t, size_t *cap, const result_row *const *rows, size_t n,
                     bool is_new)
{
    for (size_t i = 0; i < n; i++) {
        verdict_point *p = find_or_add(t, cap, rows[i]);
        if (p == NULL)
            return false;
        verdict_side *s = is_new ? &p->new_side : &p->old_side;
        size_t *count = is_new ? &p->new_rows : &p->old_rows;
        double **pool = is_new ? &p->new_pool : &p->old_pool;
        if ((*count)++ == 0) {
            side_from_row(s, rows[i]);
            *(is_new ? &p->new_first : &p->old_first) = rows[i];
        }
        else if (!pool_row(s, pool, rows[i]))
            return false;
    }
    return true;
}

/* Run identity, not the start time: two runs can start in the same second. */
static bool same_run(const verdict_point *p)
{
    return p->old_rows == 1 && p->new_rows == 1 && p->old_first->run_id[0] != '\0' &&
           strcmp(p->old_first->run_id, p->new_first->run_id) == 0;
}

/* Keeps the first n samples of a side (its common rounds) and re-summarises. */
static bool cut_side(verdict_side *s, double **cut, size_t n)
{
    *cut = malloc(n * sizeof **cut);
    if (*cut == NULL)
        return false;
    memcpy(*cut, s->samples, n * sizeof **cut);
    s->samples = *cut;
    s->nsample = n;
    sample_summary sum = summarize(*cut, n);
    s->rate = sum.median;
    s->ci_low = sum.ci_low;
    s->ci_high = sum.ci_high;
    return true;
}

static bool keep_common_rounds(verdict_point *p)
{
    if (!p->old_side.present || !p->new_side.present || !same_run(p) ||
        p->old_side.status != ST_OK || p->new_side.status != ST_OK)
        return true;
    size_t n = p->old_side.nsample < p->new_side.nsample ? p->old_side.nsample
                                                          : p->new_side.nsample;
    if (n < 2)
        return true;
    p->common_rounds = n;
    if (n == p->old_side.nsample && n == p->new_side.nsample)
        return true;
    return cut_side(&p->old_side, &p->old_cut, n) && cut_side(&p->new_side, &p->new_cut, n);
}

bool verdict_table_build(const result_row *const *old_rows, size_t n_old,
                         const result_row *const *new_rows, size_t n_new,
                         const verdict_rule *rule, verdict_table *out)
{
    *out = (verdict_table){0};
    size_t cap = 0;
    if (!add_side(out, &cap, old_rows, n_old, false) || !add_side(out, &cap, new_rows, n_new, true)) {
        verdict_table_free(out);
        return false;
    }
    for (size_t i = 0; i < out->count; i++) {
        verdict_point *p = &out->points[i];
        size_t n_old_all = p->old_side.nsample, n_new_all = p->new_side.nsample;
        if (!keep_common_rounds(p)) {
            verdict_table_free(out);
            return false;
        }
        if (p->common_rounds)
            verdict_decide_paired(&p->old_side, &p->new_side, rule, &p->result);
        else
            verdict_decide(&p->old_side, &p->new_side, rule, &p->result);
        if (p->common_rounds && p->result.note[0] == '\0')
            snprintf(p->result.note, sizeof p->result.note,
                     "same run: paired over %zu rounds (of %zu/%zu samples)", p->common_rounds,
                     n_old_all, n_new_all);
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
        free(t->points[i].old_cut);
        free(t->points[i].new_cut);
    }
    free(t->points);
    *t = (verdict_table){0};
}
