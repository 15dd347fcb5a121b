/* Order statistics in linear time: the k-th smallest and the median, for
 * the rates of a visit and the runs' drift. */
#ifndef STATS_SELECT_H
#define STATS_SELECT_H

#include <stddef.h>

/* The k-th smallest (0-based) of v[0..n), reordering v: quickselect with a
 * three-way partition, so runs of equal rates cost nothing. */
double select_kth(double *v, size_t n, size_t k);

/* The median of v[0..n) (n > 0), reordering v. */
double median_in_place(double *v, size_t n);

#endif
