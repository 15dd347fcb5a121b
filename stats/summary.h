/* Robust summaries of repeated timing samples: the median and a
 * distribution-free 95% confidence interval for it. */
#ifndef STATS_SUMMARY_H
#define STATS_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

/* Fewest samples whose order statistics give a 95% interval for the median:
 * with 5 the whole range covers only 1 - 2/2^5 = 93.75% (with 3, 75%).  The
 * runner never stops a point below this (--quick included). */
enum { MEDIAN_CI_MIN_SAMPLES = 6 };

typedef struct {
    double median;
    double ci_low, ci_high; /* CI of the median: 95% from MEDIAN_CI_MIN_SAMPLES on */
    double coverage;        /* its exact coverage: >= 0.95, or the range's 1 - 2^(1-n) below */
    size_t n;
} sample_summary;

/* Sorts a copy; xs itself is left as is.  n == 0 gives all zeros. */
sample_summary summarize(const double *xs, size_t n);

/* Ranks (1-based, inclusive) of the order statistics that bound a 95% CI
 * of the median of n samples; for n < 6 no such pair exists and the sample
 * range is returned (covering less).  O(n): one pass over Bin(n, 1/2). */
void median_ci_ranks(size_t n, size_t *lo, size_t *hi);
/* Exact coverage of [x(lo), x(n+1-lo)] for the median of n samples. */
double median_ci_coverage(size_t n, size_t lo);

/* Samples arriving one at a time (the runner asks "is this point precise
 * enough yet?" after every sample).  They are kept sorted on insert, so a
 * summary costs a binary search, one memmove and the O(n) rank pass: O(n)
 * per sample, where re-sorting a copy every time cost O(n log n) and the
 * old rank search O(n^2).  An order-statistics tree would make it O(log n),
 * but n <= 1000 samples of >= 2 ms each: the memmove is noise. */
typedef struct {
    double *sorted;
    size_t n, cap;
} median_tracker;

void tracker_add(median_tracker *t, double x);
sample_summary tracker_summary(const median_tracker *t);
void tracker_free(median_tracker *t);

/* Relative half-width of the CI, (hi - lo) / 2 / median. */
double summary_rel_halfwidth(const sample_summary *s);

int compare_doubles(const void *a, const void *b);

#endif
