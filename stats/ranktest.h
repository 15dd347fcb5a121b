/* Two-sample comparison of timing samples without assuming a distribution:
 * the Mann-Whitney rank test and a Hodges-Lehmann estimate of the ratio
 * NEW/OLD with its (Moses) confidence interval.
 *
 * Why ranks: per-sample rates on a shared machine have long tails (a build
 * next door, a page fault), so means and t-tests are swayed by single
 * outliers; ranks are not.  Why these two together: the Moses interval is
 * the inversion of the same rank test, so "the 95% CI of the ratio excludes
 * 1" and "the two-sided p-value is below 0.05" agree (exactly so when the
 * exact null distribution is used), and the table never shows a CI that
 * contradicts its verdict.  Everything is deterministic: no resampling. */
#ifndef STATS_RANKTEST_H
#define STATS_RANKTEST_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    double u;       /* pairs (old, new) with new > old, ties counted 1/2 */
    double p_value; /* two-sided, H0: both samples come from one distribution */
    bool exact;     /* exact null distribution, else normal approximation */
} rank_test;

/* Mann-Whitney U test of y (new) against x (old).  Exact when both samples
 * are small and tie-free, else the normal approximation with tie and
 * continuity corrections.  False when a sample is empty. */
bool mann_whitney(const double *x, size_t nx, const double *y, size_t ny, rank_test *out);

typedef struct {
    double ratio;         /* exp(median of log(y_j) - log(x_i)) over all pairs */
    double low, high;     /* CI of the ratio at level 1 - alpha */
    bool ci_reaches_level; /* false: too few samples for that level, so
                            * [low, high] is the whole range of pair ratios */
} ratio_estimate;

/* Hodges-Lehmann ratio of y over x on log scale, with the Moses CI at level
 * 1 - alpha (0 < alpha < 1).  All samples must be > 0.  False on bad input. */
bool hodges_lehmann_ratio(const double *x, size_t nx, const double *y, size_t ny, double alpha,
                          ratio_estimate *out);

/* P(U <= u) under H0 for sample sizes m and n without ties, or a negative
 * value when m * n is too large for the exact table (exposed for tests). */
double mann_whitney_exact_cdf(size_t m, size_t n, double u);

/* A value and whether it belongs to the group whose rank sum is wanted. */
typedef struct {
    double v;
    bool marked;
} rank_item;

/* Sorts items by value and returns the sum of the marked items' ranks
 * (1-based; tied values share their mid-rank); *tie_term gets the sum of
 * t^3 - t over groups of t ties, for the variance correction. */
double rank_sum_marked(rank_item *items, size_t n, double *tie_term);

/* Upper quantile of the standard normal distribution: z with P(Z > z) = p. */
double normal_upper_quantile(double p);

#endif
