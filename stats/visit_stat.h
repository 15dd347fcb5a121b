/* A rate and a ratio as the mean of what each visit measured (the vp90 and
 * vmedian rate_stats of stats/blocked.h): each visit of a point, in fresh
 * processes at another time of the run, gives one value per library -- the
 * 90th percentile of its samples' rates (or their median) -- and the rate
 * is the geometric mean of those values; a ratio of libraries sampled in
 * the same rounds is the geometric mean of the visits' ratios, which is the
 * ratio of the two rates.  The visits are the units of a run (its layout,
 * the host's mood), but neighbouring visits are alike when the host drifts,
 * so the interval is Student's t over the means of VISIT_BATCHES batches of
 * consecutive visits, or over the visits where that is wider: where a
 * second run lands, its own mean's error included (sqrt(2)), 95% of the
 * time (docs/method.md, "What the intervals hold"). */
#ifndef STATS_VISIT_STAT_H
#define STATS_VISIT_STAT_H

#include "blocked.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The quantile of a visit's samples that stands for it (vp90). */
#define VISIT_UPPER_QUANTILE 0.90

/* The interval's units: the visits, in the order they were made, cut into
 * this many consecutive batches (batch means).  Neighbouring visits are
 * alike when the host drifts over tens of seconds; the batches' means,
 * each a quarter of the run apart, vary as the host did over the run. */
enum { VISIT_BATCHES = 4 };

/* The units of rates[0..n): the blocks when there are two or more, else
 * each round; 0 on bad input (see blocked_rate). */
size_t visit_units(size_t n, const uint32_t *block_len, size_t nblocks);

/* One library (nsides 1) or the ratio sides[1] / sides[0] of two sampled in
 * the same rounds (nsides 2), at level 1 - alpha; widened for a second run. */
bool visit_interval(const double *const *sides, size_t nsides, size_t n, const uint32_t *block_len,
                    size_t nblocks, bool median, double alpha, blocked_interval *out);

/* new / old measured apart (other runs, 1 and N workers): Welch's t over
 * each side's own units; both runs' errors are in it already. */
bool visit_ratio_apart(const double *old_rates, size_t n_old, const uint32_t *old_blocks,
                       size_t old_nblocks, const double *new_rates, size_t n_new,
                       const uint32_t *new_blocks, size_t new_nblocks, bool median, double alpha,
                       blocked_interval *out);

#endif
