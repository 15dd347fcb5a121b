#include "signedrank.h"

#include "ranktest.h"
#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Exact W+ distribution up to this many pairs: n * n(n+1)/2 table steps. */
enum { EXACT_MAX_N = 200 };
/* Walsh averages are n(n+1)/2; above this many pairs the log ratios are
 * first thinned to evenly spaced order statistics (1000 rounds: 500500). */
enum { WALSH_MAX_N = 2000 };

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL)
        abort();
    return p;
}

/* P(W+ = w), w = 0 .. n(n+1)/2: each rank 1..n is in the positive set or
 * not with probability 1/2 (subset-sum counts, scaled as they go). */
static double *exact_distribution(size_t n)
{
    if (n == 0 || n > EXACT_MAX_N)
        return NULL;
    size_t top = n * (n + 1) / 2;
    double *p = xmalloc((top + 1) * sizeof *p);
    memset(p, 0, (top + 1) * sizeof *p);
    p[0] = 1.0;
    for (size_t r = 1; r <= n; r++) {
        size_t reach = r * (r + 1) / 2;
        for (size_t w = reach + 1; w-- > 0;)
            p[w] = 0.5 * (p[w] + (w >= r ? p[w - r] : 0.0));
    }
    return p;
}

double signed_rank_exact_cdf(size_t n, double w)
{
    double *p = exact_distribution(n);
    if (p == NULL)
        return -1.0;
    double sum = 0.0;
    for (size_t k = 0; k <= n * (n + 1) / 2 && (double)k <= w; k++)
        sum += p[k];
    free(p);
    return sum > 1.0 ? 1.0 : sum;
}

/* The test on the non-zero differences, with mid-ranks for ties. */
static void signed_rank_test(const double *d, size_t n, paired_ratio *out)
{
    rank_item *s = xmalloc(n * sizeof *s);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (d[i] != 0.0)
            s[m++] = (rank_item){fabs(d[i]), d[i] > 0.0};
    bool zeros = m < n;
    double tie_term, w = rank_sum_marked(s, m, &tie_term);
    free(s);
    out->w_plus = w;
    double *p = tie_term == 0.0 && !zeros ? exact_distribution(m) : NULL;
    if (p != NULL) {
        /* Two-sided: twice the smaller tail (the distribution is symmetric). */
        double lower = 0.0, upper = 0.0;
        for (size_t v = 0; v <= m * (m + 1) / 2; v++) {
            if ((double)v <= w)
                lower += p[v];
            if ((double)v >= w)
                upper += p[v];
        }
        free(p);
        out->p_value = fmin(1.0, 2.0 * fmin(lower, upper));
        out->exact = true;
        return;
    }
    double M = (double)m;
    double var = M * (M + 1.0) * (2.0 * M + 1.0) / 24.0 - tie_term / 48.0;
    if (m == 0 || var <= 0.0) { /* no non-zero difference: no evidence either way */
        out->p_value = 1.0;
        return;
    }
    double z = (fabs(w - M * (M + 1.0) / 4.0) - 0.5) / sqrt(var);
    out->p_value = z <= 0.0 ? 1.0 : fmin(1.0, erfc(z / sqrt(2.0)));
}

/* How many of the smallest Walsh averages may lie below the CI: the largest
 * c with P(W+ <= c) <= alpha / 2, or -1 when even c = 0 is too likely. */
static long tukey_c(size_t n, double alpha)
{
    double *p = exact_distribution(n);
    if (p != NULL) {
        double cum = 0.0;
        long c = -1;
        for (size_t w = 0; w <= n * (n + 1) / 2; w++) {
            cum += p[w];
            if (cum > alpha / 2.0 + 1e-12)
                break;
            c = (long)w;
        }
        free(p);
        return c;
    }
    double N = (double)n, M = N * (N + 1.0) / 2.0;
    double sd = sqrt(N * (N + 1.0) * (2.0 * N + 1.0) / 24.0);
    return (long)floor(M / 2.0 - normal_upper_quantile(alpha / 2.0) * sd - 0.5);
}

bool signed_rank_ratio(const double *old_rates, const double *new_rates, size_t n, double alpha,
                       paired_ratio *out)
{
    if (n == 0 || !(alpha > 0.0 && alpha < 1.0))
        return false;
    double *d = xmalloc(n * sizeof *d);
    for (size_t i = 0; i < n; i++) {
        if (!(old_rates[i] > 0.0) || !(new_rates[i] > 0.0) || !isfinite(old_rates[i]) ||
            !isfinite(new_rates[i])) {
            free(d);
            return false;
        }
        d[i] = log(new_rates[i]) - log(old_rates[i]);
    }
    *out = (paired_ratio){.pairs = n};
    signed_rank_test(d, n, out);

    size_t k = n;
    qsort(d, n, sizeof *d, compare_doubles);
    if (k > WALSH_MAX_N) { /* evenly spaced order statistics */
        for (size_t i = 0; i < WALSH_MAX_N; i++)
            d[i] = d[(size_t)(((double)i + 0.5) * (double)n / WALSH_MAX_N)];
        k = WALSH_MAX_N;
    }
    size_t walsh = k * (k + 1) / 2, at = 0;
    double *a = xmalloc(walsh * sizeof *a);
    for (size_t i = 0; i < k; i++)
        for (size_t j = i; j < k; j++)
            a[at++] = (d[i] + d[j]) / 2.0;
    qsort(a, walsh, sizeof *a, compare_doubles);
    double med = walsh % 2 ? a[walsh / 2] : (a[walsh / 2 - 1] + a[walsh / 2]) / 2.0;
    long c = tukey_c(k, alpha);
    out->ci_reaches_level = c >= 0;
    size_t lo = c >= 0 ? (size_t)c : 0;
    if (lo > (walsh - 1) / 2)
        lo = (walsh - 1) / 2;
    out->ratio = exp(med);
    out->low = exp(a[lo]);
    out->high = exp(a[walsh - 1 - lo]);
    free(a);
    free(d);
    return true;
}
