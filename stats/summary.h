/* Robust summaries of repeated timing samples: the median and a
 * distribution-free 95% confidence interval for it. */
#ifndef STATS_SUMMARY_H
#define STATS_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    double median;
    double ci_low, ci_high; /* 95% CI of the median */
    size_t n;
} sample_summary;

/* Sorts a copy; xs itself is left as is.  n == 0 gives all zeros. */
sample_summary summarize(const double *xs, size_t n);

/* Ranks (1-based, inclusive) of the order statistics that bound a 95% CI
 * of the median of n samples; for n < 6 no such pair exists and the sample
 * range is returned (a wider, still conservative interval). */
void median_ci_ranks(size_t n, size_t *lo, size_t *hi);

/* Relative half-width of the CI, (hi - lo) / 2 / median. */
double summary_rel_halfwidth(const sample_summary *s);

int compare_doubles(const void *a, const void *b);

#endif
