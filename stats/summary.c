#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* P(Bin(n, 1/2) <= k), summed in log space so n in the thousands is fine. */
static double binom_half_cdf(size_t n, size_t k)
{
    double sum = 0.0;
    for (size_t i = 0; i <= k; i++)
        sum += exp(lgamma((double)n + 1) - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) -
                   (double)n * log(2.0));
    return sum;
}

void median_ci_ranks(size_t n, size_t *lo, size_t *hi)
{
    if (n < 6) {
        *lo = n ? 1 : 0;
        *hi = n;
        return;
    }
    /* The interval [x(k+1), x(n-k)] covers the median with probability
     * 1 - 2 P(Bin(n,1/2) <= k); take the largest k that keeps it >= 95%. */
    size_t k = 0;
    while (k + 1 < n / 2 && 1.0 - 2.0 * binom_half_cdf(n, k + 1) >= 0.95)
        k++;
    *lo = k + 1;
    *hi = n - k;
}

sample_summary summarize(const double *xs, size_t n)
{
    sample_summary s = {.n = n};
    if (n == 0)
        return s;
    double *v = malloc(n * sizeof *v);
    if (v == NULL)
        abort();
    memcpy(v, xs, n * sizeof *v);
    qsort(v, n, sizeof *v, compare_doubles);
    s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    size_t lo, hi;
    median_ci_ranks(n, &lo, &hi);
    s.ci_low = v[lo - 1];
    s.ci_high = v[hi - 1];
    free(v);
    return s;
}

double summary_rel_halfwidth(const sample_summary *s)
{
    if (s->median <= 0.0)
        return INFINITY;
    return (s->ci_high - s->ci_low) / 2.0 / s->median;
}
