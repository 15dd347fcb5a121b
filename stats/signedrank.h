/* Paired comparison of two libraries sampled in one run: sample k of each
 * was taken in the same round, side by side, so the per-round log ratios
 * d_k = log(new_k / old_k) carry the difference with the machine's drift
 * cancelled.  The Wilcoxon signed-rank test asks whether their centre is 0;
 * the ratio is exp of their Hodges-Lehmann estimate (the median of the
 * Walsh averages (d_i + d_j) / 2, i <= j) and its CI is Tukey's, the
 * inversion of the same test: "the CI excludes 1" and "p < alpha" agree
 * (exactly so with the exact distribution).  Deterministic, no resampling. */
#ifndef STATS_SIGNEDRANK_H
#define STATS_SIGNEDRANK_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    double ratio;           /* exp(HL estimate of the centre of the log ratios) */
    double low, high;       /* CI of the ratio at level 1 - alpha */
    bool ci_reaches_level;  /* false: too few pairs for that level; [low, high]
                             * is then the range of the Walsh averages */
    double w_plus;          /* sum of the ranks of |d| over positive d (zeros dropped) */
    double p_value;         /* two-sided, H0: the log ratios are centred on 0 */
    bool exact;             /* exact null distribution, else normal approximation */
    size_t pairs;           /* rounds used */
} paired_ratio;

/* Rounds k = 0 .. n-1 of old_rates and new_rates (all > 0).  Exact when the
 * |d| are tie-free and non-zero and n is small, else the normal
 * approximation with tie and continuity corrections.  False on bad input
 * (n == 0, a rate <= 0, alpha outside (0, 1)). */
bool signed_rank_ratio(const double *old_rates, const double *new_rates, size_t n, double alpha,
                       paired_ratio *out);

/* P(W+ <= w) under H0 for n tie-free non-zero differences, or a negative
 * value when n is beyond the exact table (exposed for tests). */
double signed_rank_exact_cdf(size_t n, double w);

#endif
