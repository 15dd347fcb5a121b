/* What every bootstrap here needs: a small seeded generator, a seed taken
 * from the data (the same samples always give the same interval), and
 * quickselect. */
#ifndef STATS_RESAMPLE_H
#define STATS_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

/* xorshift64*: small, fast, good enough for resampling. */
uint64_t resample_next(uint64_t *state);

/* FNV-1a over the bytes of nparts arrays of doubles; never 0. */
uint64_t resample_seed(const double *const *parts, const size_t *lens, size_t nparts);

/* The k-th smallest (0-based) of v[0..n), reordering v: quickselect with a
 * three-way partition, so runs of equal rates cost nothing. */
double select_kth(double *v, size_t n, size_t k);

/* The median of v[0..n) (n > 0), reordering v. */
double median_in_place(double *v, size_t n);

#endif
