#include "blocked.h"

#include "resample.h"
#include "summary.h"
#include "visit_stat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const stat_names[] = {
    [RATE_UPPER] = "p99", [RATE_MEDIAN] = "median", [RATE_VISIT_UPPER] = "vp90",
    [RATE_VISIT_MEDIAN] = "vmedian"};

const char *rate_stat_name(rate_stat s)
{
    return (size_t)s < sizeof stat_names / sizeof *stat_names ? stat_names[s] : "p99";
}

bool rate_stat_parse(const char *name, rate_stat *out)
{
    for (size_t i = 0; i < sizeof stat_names / sizeof *stat_names; i++)
        if (strcmp(name, stat_names[i]) == 0) {
            *out = (rate_stat)i;
            return true;
        }
    return false;
}

static bool by_visit(rate_stat s)
{
    return s == RATE_VISIT_UPPER || s == RATE_VISIT_MEDIAN;
}

/* The pooled statistic a visit statistic falls back to where there are
 * not two units (one sample). */
static rate_stat pooled(rate_stat s)
{
    return s == RATE_VISIT_MEDIAN ? RATE_MEDIAN : s == RATE_VISIT_UPPER ? RATE_UPPER : s;
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL)
        abort();
    return p;
}

/* The k-th largest (1-based) of v[0..n), reordering v. */
static double kth_largest(double *v, size_t n, size_t k)
{
    return select_kth(v, n, n - k);
}

/* Rank k of RATE_UPPER among n samples: ceil(n / 100), at least 1. */
static size_t upper_rank(size_t n)
{
    size_t k = (size_t)ceil((1.0 - RATE_UPPER_QUANTILE) * (double)n - 1e-9);
    return k < 1 ? 1 : k;
}

/* The estimate of v[0..n), reordering v. */
static double estimate_in_place(double *v, size_t n, rate_stat stat)
{
    return stat == RATE_UPPER ? kth_largest(v, n, upper_rank(n)) : median_in_place(v, n);
}

double rate_estimate(const double *rates, size_t n, rate_stat stat)
{
    if (n == 0)
        return NAN;
    double *v = xmalloc(n * sizeof *v);
    memcpy(v, rates, n * sizeof *v);
    double e = estimate_in_place(v, n, pooled(stat));
    free(v);
    return e;
}

static int descending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

/* The units a bootstrap resamples (blocks, or single rounds), each side's
 * values of a unit kept sorted, largest first: RATE_UPPER needs only the
 * top `keep` of each, so that a resample costs units x k, not n. */
typedef struct {
    size_t units, keep, nsides;
    size_t *len;    /* rounds in each unit */
    double *vals;   /* [side][unit][keep], largest first */
    double *pool;   /* scratch for one resample of one side */
} unit_table;

static void table_build(unit_table *t, const double *const *sides, size_t nsides, size_t n,
                        const uint32_t *block_len, size_t nblocks, rate_stat stat)
{
    bool by_block = block_len != NULL && nblocks >= 2;
    t->units = by_block ? nblocks : n;
    t->nsides = nsides;
    t->len = xmalloc(t->units * sizeof *t->len);
    size_t longest = 1;
    for (size_t u = 0; u < t->units; u++) {
        t->len[u] = by_block ? block_len[u] : 1;
        longest = t->len[u] > longest ? t->len[u] : longest;
    }
    /* a resample has at most units x longest rounds */
    t->keep = stat == RATE_UPPER ? upper_rank(t->units * longest) : longest;
    t->keep = t->keep < longest ? t->keep : longest;
    t->vals = xmalloc(nsides * t->units * t->keep * sizeof *t->vals);
    t->pool = xmalloc(t->units * longest * sizeof *t->pool);
    for (size_t s = 0; s < nsides; s++)
        for (size_t u = 0, at = 0; u < t->units; at += t->len[u++]) {
            memcpy(t->pool, sides[s] + at, t->len[u] * sizeof *t->pool);
            qsort(t->pool, t->len[u], sizeof *t->pool, descending);
            size_t m = t->len[u] < t->keep ? t->len[u] : t->keep;
            memcpy(t->vals + (s * t->units + u) * t->keep, t->pool, m * sizeof *t->pool);
        }
}

static void table_free(unit_table *t)
{
    free(t->len);
    free(t->vals);
    free(t->pool);
}

/* The estimate of side s over the units picked[0..m). */
static double table_estimate(unit_table *t, size_t s, const size_t *picked, size_t m,
                             rate_stat stat)
{
    size_t total = 0, got = 0;
    for (size_t i = 0; i < m; i++)
        total += t->len[picked[i]];
    size_t want = stat == RATE_UPPER ? upper_rank(total) : total;
    for (size_t i = 0; i < m; i++) {
        size_t u = picked[i], take = t->len[u] < t->keep ? t->len[u] : t->keep;
        take = take < want ? take : want;
        memcpy(t->pool + got, t->vals + (s * t->units + u) * t->keep, take * sizeof *t->pool);
        got += take;
    }
    if (stat == RATE_UPPER)
        return kth_largest(t->pool, got, want);
    return estimate_in_place(t->pool, got, RATE_MEDIAN);
}

static uint64_t seed_of(const double *const *sides, size_t nsides, size_t n)
{
    size_t lens[2] = {n, n};
    return resample_seed(sides, lens, nsides);
}

static bool valid(const double *const *sides, size_t nsides, size_t n, const uint32_t *len,
                  size_t nblocks)
{
    if (n == 0)
        return false;
    for (size_t s = 0; s < nsides; s++)
        for (size_t i = 0; i < n; i++)
            if (!(sides[s][i] > 0.0) || !isfinite(sides[s][i]))
                return false;
    size_t sum = 0;
    for (size_t b = 0; len != NULL && b < nblocks; b++)
        sum += len[b];
    return len == NULL || nblocks == 0 || sum == n;
}

/* The percentile interval of the resampled estimates boot[], never
 * narrower than the resolution around the estimate, and the two-sided p of
 * "the ratio is 1"
 * (below, above: resamples at most and at least 1). */
static void finish_interval(blocked_interval *out, double *boot, size_t below, size_t above,
                            double alpha, double resolution)
{
    qsort(boot, BLOCKED_RESAMPLES, sizeof *boot, descending);
    /* descending: the upper percentile is near the front */
    out->high = fmax(boot[(size_t)floor(alpha / 2 * (BLOCKED_RESAMPLES - 1))],
                     out->estimate * exp(resolution));
    out->low = fmin(boot[(size_t)ceil((1 - alpha / 2) * (BLOCKED_RESAMPLES - 1))],
                    out->estimate * exp(-resolution));
    double tail = (double)((below < above ? below : above) + 1) / (BLOCKED_RESAMPLES + 1);
    out->p_value = fmin(1.0, 2.0 * tail);
}

/* The estimate (of side 1 over side 0 with two sides) and its bootstrap
 * interval. */
static bool interval(const double *const *sides, size_t nsides, size_t n, const uint32_t *len,
                     size_t nblocks, rate_stat stat, double alpha, blocked_interval *out)
{
    if (!valid(sides, nsides, n, len, nblocks))
        return false;
    double est[2];
    for (size_t s = 0; s < nsides; s++)
        est[s] = rate_estimate(sides[s], n, stat);
    unit_table t;
    table_build(&t, sides, nsides, n, len, nblocks, stat);
    *out = (blocked_interval){.estimate = nsides == 2 ? est[1] / est[0] : est[0], .n = n,
                              .blocks = len != NULL && nblocks >= 2 ? nblocks : 1};
    double *boot = xmalloc(BLOCKED_RESAMPLES * sizeof *boot);
    size_t *picked = xmalloc(t.units * sizeof *picked), below = 0, above = 0;
    uint64_t rng = seed_of(sides, nsides, n);
    for (size_t r = 0; r < BLOCKED_RESAMPLES; r++) {
        for (size_t i = 0; i < t.units; i++)
            picked[i] = resample_next(&rng) % t.units;
        double v = table_estimate(&t, 0, picked, t.units, stat);
        if (nsides == 2)
            v = table_estimate(&t, 1, picked, t.units, stat) / v;
        /* A second run's estimate carries an error of its own, as large:
         * its distance from this one is sqrt(2) times this one's error. */
        v = out->estimate * pow(v / out->estimate, REPEAT_WIDENING);
        boot[r] = v;
        below += v <= 1.0;
        above += v >= 1.0;
    }
    finish_interval(out, boot, below, above, alpha, RATE_RESOLUTION * REPEAT_WIDENING);
    free(boot);
    free(picked);
    table_free(&t);
    return true;
}

bool blocked_rate(const double *rates, size_t n, const uint32_t *block_len, size_t nblocks,
                  rate_stat stat, blocked_interval *out)
{
    const double *sides[1] = {rates};
    if (by_visit(stat) && visit_units(n, block_len, nblocks) >= 2)
        return visit_interval(sides, 1, n, block_len, nblocks, stat == RATE_VISIT_MEDIAN, 0.05,
                              out);
    return interval(sides, 1, n, block_len, nblocks, pooled(stat), 0.05, out);
}

bool blocked_ratio(const double *old_rates, const double *new_rates, size_t n,
                   const uint32_t *block_len, size_t nblocks, rate_stat stat, double alpha,
                   blocked_interval *out)
{
    const double *sides[2] = {old_rates, new_rates};
    if (by_visit(stat) && visit_units(n, block_len, nblocks) >= 2)
        return visit_interval(sides, 2, n, block_len, nblocks, stat == RATE_VISIT_MEDIAN, alpha,
                              out);
    return interval(sides, 2, n, block_len, nblocks, pooled(stat), alpha, out);
}

bool blocked_ratio_apart(const double *old_rates, size_t n_old, const uint32_t *old_blocks,
                         size_t old_nblocks, const double *new_rates, size_t n_new,
                         const uint32_t *new_blocks, size_t new_nblocks, rate_stat stat,
                         double alpha, blocked_interval *out)
{
    const double *olds[1] = {old_rates}, *news[1] = {new_rates};
    if (by_visit(stat) && visit_units(n_old, old_blocks, old_nblocks) >= 2 &&
        visit_units(n_new, new_blocks, new_nblocks) >= 2)
        return visit_ratio_apart(old_rates, n_old, old_blocks, old_nblocks, new_rates, n_new,
                                 new_blocks, new_nblocks, stat == RATE_VISIT_MEDIAN, alpha, out);
    stat = pooled(stat);
    if (!valid(olds, 1, n_old, old_blocks, old_nblocks) ||
        !valid(news, 1, n_new, new_blocks, new_nblocks))
        return false;
    unit_table to, tn;
    table_build(&to, olds, 1, n_old, old_blocks, old_nblocks, stat);
    table_build(&tn, news, 1, n_new, new_blocks, new_nblocks, stat);
    *out = (blocked_interval){
        .estimate = rate_estimate(new_rates, n_new, stat) / rate_estimate(old_rates, n_old, stat),
        .n = n_old < n_new ? n_old : n_new, .blocks = to.units < tn.units ? to.units : tn.units};
    double *boot = xmalloc(BLOCKED_RESAMPLES * sizeof *boot);
    size_t most = to.units > tn.units ? to.units : tn.units, below = 0, above = 0;
    size_t *picked = xmalloc(most * sizeof *picked);
    const double *both[2] = {old_rates, new_rates};
    uint64_t rng = seed_of(both, 1, n_old < n_new ? n_old : n_new) ^ seed_of(both + 1, 1, n_new);
    rng = rng ? rng : 1;
    for (size_t r = 0; r < BLOCKED_RESAMPLES; r++) {
        for (size_t i = 0; i < to.units; i++)
            picked[i] = resample_next(&rng) % to.units;
        double o = table_estimate(&to, 0, picked, to.units, stat);
        for (size_t i = 0; i < tn.units; i++)
            picked[i] = resample_next(&rng) % tn.units;
        boot[r] = table_estimate(&tn, 0, picked, tn.units, stat) / o;
        below += boot[r] <= 1.0;
        above += boot[r] >= 1.0;
    }
    finish_interval(out, boot, below, above, alpha, RATE_RESOLUTION);
    free(boot);
    free(picked);
    table_free(&to);
    table_free(&tn);
    return true;
}

double blocked_rel_halfwidth(const blocked_interval *b)
{
    if (!(b->low > 0.0) || !(b->high > 0.0) || !isfinite(b->high))
        return INFINITY;
    return (log(b->high) - log(b->low)) / 2.0;
}
