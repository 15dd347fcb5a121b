#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The interval [x(k+1), x(n-k)] covers the median with probability
 * 1 - 2 P(Bin(n,1/2) <= k).  One upward pass over k, the probability
 * mass updated in log space (pmf(k+1) = pmf(k) (n-k)/(k+1)), so n in the
 * thousands neither underflows nor costs more than n steps. */
void median_ci_ranks(size_t n, size_t *lo, size_t *hi)
{
    if (n < MEDIAN_CI_MIN_SAMPLES) {
        *lo = n ? 1 : 0;
        *hi = n;
        return;
    }
    double log_pmf = -(double)n * log(2.0); /* P(Bin = 0) */
    double cdf = exp(log_pmf);              /* P(Bin <= k), k = 0 */
    size_t k = 0;
    while (k + 1 < n / 2) {
        log_pmf += log((double)(n - k) / (double)(k + 1));
        double next = cdf + exp(log_pmf);
        if (1.0 - 2.0 * next < 0.95)
            break;
        cdf = next;
        k++;
    }
    *lo = k + 1;
    *hi = n - k;
}

double median_ci_coverage(size_t n, size_t lo)
{
    if (n == 0 || lo == 0 || 2 * lo > n + 1)
        return 0.0;
    double log_pmf = -(double)n * log(2.0), cdf = exp(log_pmf);
    for (size_t i = 0; i + 1 < lo; i++) {
        log_pmf += log((double)(n - i) / (double)(i + 1));
        cdf += exp(log_pmf);
    }
    return 1.0 - 2.0 * cdf; /* 1 - 2 P(Bin(n,1/2) <= lo - 1) */
}

static sample_summary summary_of_sorted(const double *v, size_t n)
{
    sample_summary s = {.n = n};
    if (n == 0)
        return s;
    s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    size_t lo, hi;
    median_ci_ranks(n, &lo, &hi);
    s.ci_low = v[lo - 1];
    s.ci_high = v[hi - 1];
    s.coverage = median_ci_coverage(n, lo);
    return s;
}

sample_summary summarize(const double *xs, size_t n)
{
    if (n == 0)
        return (sample_summary){0};
    double *v = malloc(n * sizeof *v);
    if (v == NULL)
        abort();
    memcpy(v, xs, n * sizeof *v);
    qsort(v, n, sizeof *v, compare_doubles);
    sample_summary s = summary_of_sorted(v, n);
    free(v);
    return s;
}

void tracker_add(median_tracker *t, double x)
{
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 32;
        t->sorted = realloc(t->sorted, t->cap * sizeof *t->sorted);
        if (t->sorted == NULL)
            abort();
    }
    size_t lo = 0, hi = t->n; /* first position whose value is > x */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->sorted[mid] <= x)
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(t->sorted + lo + 1, t->sorted + lo, (t->n - lo) * sizeof *t->sorted);
    t->sorted[lo] = x;
    t->n++;
}

sample_summary tracker_summary(const median_tracker *t)
{
    return summary_of_sorted(t->sorted, t->n);
}

void tracker_free(median_tracker *t)
{
    free(t->sorted);
    *t = (median_tracker){0};
}

double summary_rel_halfwidth(const sample_summary *s)
{
    if (s->median <= 0.0)
        return INFINITY;
    return (s->ci_high - s->ci_low) / 2.0 / s->median;
}
