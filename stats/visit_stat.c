#include "visit_stat.h"

#include "student_t.h"
#include "select.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t visit_units(size_t n, const uint32_t *block_len, size_t nblocks)
{
    return block_len != NULL && nblocks >= 2 ? nblocks : n;
}

/* log of each unit's value of rates (its 90th percentile: the k-th fastest,
 * k = ceil(len / 10); or its median); false on a rate <= 0 or not finite,
 * or blocks that do not add up to n. */
static bool unit_logs(const double *rates, size_t n, const uint32_t *block_len, size_t nblocks,
                      bool median, double *out)
{
    size_t units = visit_units(n, block_len, nblocks), at = 0;
    double *v = malloc((n ? n : 1) * sizeof *v);
    if (v == NULL)
        abort();
    bool ok = n > 0;
    for (size_t u = 0; u < units && ok; u++) {
        size_t len = units == n ? 1 : block_len[u];
        ok = len > 0 && at + len <= n;
        for (size_t i = 0; ok && i < len; i++)
            ok = rates[at + i] > 0.0 && isfinite(rates[at + i]);
        if (!ok)
            break;
        memcpy(v, rates + at, len * sizeof *v);
        double x;
        if (median) {
            x = median_in_place(v, len);
        } else {
            size_t k = (size_t)ceil((1.0 - VISIT_UPPER_QUANTILE) * (double)len - 1e-9);
            x = select_kth(v, len, len - (k < 1 ? 1 : k));
        }
        out[u] = log(x);
        at += len;
    }
    free(v);
    return ok && at == n;
}

/* The means of VISIT_BATCHES consecutive runs of the m units (as even as
 * can be, the first ones a unit longer), in x[0..b); b, or m itself when
 * there are fewer units than batches (each unit its own). */
static size_t batch_means(double *x, size_t m)
{
    if (m < VISIT_BATCHES)
        return m;
    size_t at = 0;
    for (size_t b = 0; b < VISIT_BATCHES; b++) {
        size_t len = m / VISIT_BATCHES + (b < m % VISIT_BATCHES);
        double s = 0.0;
        for (size_t i = 0; i < len; i++)
            s += x[at + i];
        x[b] = s / (double)len; /* at + i >= b: nothing read is overwritten first */
        at += len;
    }
    return VISIT_BATCHES;
}

static void mean_var(const double *x, size_t m, double *mean, double *var)
{
    double s = 0.0, ss = 0.0;
    for (size_t i = 0; i < m; i++)
        s += x[i];
    *mean = s / (double)m;
    for (size_t i = 0; i < m; i++)
        ss += (x[i] - *mean) * (x[i] - *mean);
    *var = m > 1 ? ss / (double)(m - 1) : 0.0;
}

/* The interval exp(centre +- t * se), never narrower than +-floor; p of
 * "the log ratio is 0" from the mean's own standard error. */
static void finish(blocked_interval *out, double centre, double se, double spread, double df,
                   double alpha, double floor)
{
    double half = fmax(student_t_quantile(alpha, df) * spread, floor);
    out->estimate = exp(centre);
    out->low = exp(centre - half);
    out->high = exp(centre + half);
    out->p_value = se > 0.0 ? student_t_two_sided_p(centre / se, df) : (centre == 0.0 ? 1.0 : 0.0);
}

/* Two estimates of a mean's error, the batches' in *se and *df, the visits'
 * in visits_se and visits_df: the batches' carries the host's drift but has
 * few degrees of freedom, so it is now and then far too small by chance --
 * and the stopping rule stops a point just then; the visits' is blind to
 * drift but steady.  Keeps the one whose t interval is wider (the batches'
 * on a tie). */
static void keep_wider(double alpha, double *se, double *df, double visits_se, double visits_df)
{
    if (student_t_quantile(alpha, visits_df) * visits_se > student_t_quantile(alpha, *df) * *se) {
        *se = visits_se;
        *df = visits_df;
    }
}

bool visit_interval(const double *const *sides, size_t nsides, size_t n, const uint32_t *block_len,
                    size_t nblocks, bool median, double alpha, blocked_interval *out)
{
    size_t m = visit_units(n, block_len, nblocks);
    if (n == 0 || m < 2 || nsides < 1 || nsides > 2)
        return false;
    double *x = malloc(2 * m * sizeof *x);
    if (x == NULL)
        abort();
    bool ok = true;
    for (size_t s = 0; s < nsides && ok; s++)
        ok = unit_logs(sides[s], n, block_len, nblocks, median, x + s * m);
    if (ok) {
        if (nsides == 2)
            for (size_t u = 0; u < m; u++)
                x[u] = x[m + u] - x[u];
        double mean, var, bmean, bvar;
        mean_var(x, m, &mean, &var);
        size_t b = batch_means(x, m);
        mean_var(x, b, &bmean, &bvar);
        *out = (blocked_interval){.n = n, .blocks = m};
        double se = sqrt(bvar / (double)b), df = (double)(b - 1);
        keep_wider(alpha, &se, &df, sqrt(var / (double)m), (double)(m - 1));
        /* A second run's mean has an error of its own, as large. */
        finish(out, mean, se, se * REPEAT_WIDENING, df, alpha, RATE_RESOLUTION * REPEAT_WIDENING);
    }
    free(x);
    return ok;
}

/* Welch's standard error of a difference of two means, of variances va and
 * vb over ma and mb units, and its Welch-Satterthwaite degrees of freedom
 * (the smaller side's when both agree exactly). */
static void welch(double va, size_t ma, double vb, size_t mb, double *se, double *df)
{
    double a = va / (double)ma, b = vb / (double)mb;
    *se = sqrt(a + b);
    *df = a + b > 0.0 ? (a + b) * (a + b) / (a * a / (double)(ma - 1) + b * b / (double)(mb - 1))
                      : (double)((ma < mb ? ma : mb) - 1);
}

bool visit_ratio_apart(const double *old_rates, size_t n_old, const uint32_t *old_blocks,
                       size_t old_nblocks, const double *new_rates, size_t n_new,
                       const uint32_t *new_blocks, size_t new_nblocks, bool median, double alpha,
                       blocked_interval *out)
{
    size_t mo = visit_units(n_old, old_blocks, old_nblocks);
    size_t mn = visit_units(n_new, new_blocks, new_nblocks);
    if (n_old == 0 || n_new == 0 || mo < 2 || mn < 2)
        return false;
    double *xo = malloc(mo * sizeof *xo), *xn = malloc(mn * sizeof *xn);
    if (xo == NULL || xn == NULL)
        abort();
    bool ok = unit_logs(old_rates, n_old, old_blocks, old_nblocks, median, xo) &&
              unit_logs(new_rates, n_new, new_blocks, new_nblocks, median, xn);
    if (ok) {
        double ma, va, mb, vb;
        mean_var(xo, mo, &ma, &va);
        mean_var(xn, mn, &mb, &vb);
        double visits_se, visits_df;
        welch(va, mo, vb, mn, &visits_se, &visits_df);
        size_t bo = batch_means(xo, mo), bn = batch_means(xn, mn);
        double unused, bva, bvb, se, df;
        mean_var(xo, bo, &unused, &bva);
        mean_var(xn, bn, &unused, &bvb);
        welch(bva, bo, bvb, bn, &se, &df);
        keep_wider(alpha, &se, &df, visits_se, visits_df);
        *out = (blocked_interval){.n = n_old < n_new ? n_old : n_new, .blocks = mo < mn ? mo : mn};
        finish(out, mb - ma, se, se, df, alpha, RATE_RESOLUTION);
    }
    free(xo);
    free(xn);
    return ok;
}
