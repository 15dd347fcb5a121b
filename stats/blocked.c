#include "blocked.h"

#include "select.h"
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

const char *ci_method_name(ci_method m)
{
    switch (m) {
    case CI_PAIRED: return "paired";
    case CI_WELCH: return "welch";
    case CI_NO_CI: return "no-ci";
    case CI_EXACT_COUNT: return "exact count";
    case CI_NONE: break;
    }
    return "-";
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

bool blocked_rate(const double *rates, size_t n, const uint32_t *block_len, size_t nblocks,
                  rate_stat stat, blocked_interval *out)
{
    const double *sides[1] = {rates};
    return by_visit(stat) && visit_units(n, block_len, nblocks) >= 2 &&
           visit_interval(sides, 1, n, block_len, nblocks, stat == RATE_VISIT_MEDIAN, 0.05, out);
}

bool blocked_ratio(const double *old_rates, const double *new_rates, size_t n,
                   const uint32_t *block_len, size_t nblocks, rate_stat stat, double alpha,
                   blocked_interval *out)
{
    const double *sides[2] = {old_rates, new_rates};
    return by_visit(stat) && visit_units(n, block_len, nblocks) >= 2 &&
           visit_interval(sides, 2, n, block_len, nblocks, stat == RATE_VISIT_MEDIAN, alpha, out);
}

bool blocked_ratio_apart(const double *old_rates, size_t n_old, const uint32_t *old_blocks,
                         size_t old_nblocks, const double *new_rates, size_t n_new,
                         const uint32_t *new_blocks, size_t new_nblocks, rate_stat stat,
                         double alpha, blocked_interval *out)
{
    return by_visit(stat) && visit_units(n_old, old_blocks, old_nblocks) >= 2 &&
           visit_units(n_new, new_blocks, new_nblocks) >= 2 &&
           visit_ratio_apart(old_rates, n_old, old_blocks, old_nblocks, new_rates, n_new,
                             new_blocks, new_nblocks, stat == RATE_VISIT_MEDIAN, alpha, out);
}

double blocked_rel_halfwidth(const blocked_interval *b)
{
    if (!(b->low > 0.0) || !(b->high > 0.0) || !isfinite(b->high))
        return INFINITY;
    return (log(b->high) - log(b->low)) / 2.0;
}
