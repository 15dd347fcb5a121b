/* The order in which the scheduler's libraries take their samples within a
 * round: shuffled anew every round, so what one library leaves behind
 * (caches, branch predictors, clock speed) falls on each of the others
 * alike and none is always first or last; seeded from the run id, so the
 * trace of a run can be replayed from its CSV. */
#ifndef HARNESS_ROUND_ORDER_H
#define HARNESS_ROUND_ORDER_H

#include <stddef.h>
#include <stdint.h>

/* The first state of a run's generator: its run id, hashed. */
uint64_t round_order_seed(const char *run_id);

/* A new order of order[0..n), every one equally likely; advances *rng. */
void round_order_shuffle(size_t *order, size_t n, uint64_t *rng);

#endif
