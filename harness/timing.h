/* The timing core: a monotonic nanosecond clock and the calibration that
 * sizes a sample to last about as long as asked. */
#ifndef HARNESS_TIMING_H
#define HARNESS_TIMING_H

#include "disturbance.h"

#include <stdbool.h>
#include <stdint.h>

/* Wall time, CLOCK_MONOTONIC. */
uint64_t clock_ns(void);
/* CPU time of the calling thread: on a shared machine it leaves out the time
 * the scheduler gave to other processes (what `openssl speed` reports by
 * default, as user CPU time). */
uint64_t cpu_clock_ns(void);

typedef uint64_t (*clock_fn)(void);

/* Runs `run(state, n)` and returns its duration on `clock`, or UINT64_MAX if
 * run reported failure. */
uint64_t time_run(clock_fn clock, bool (*run)(void *, uint64_t), void *state, uint64_t n);

/* One timed sample of n operations, right after an untimed batch of the
 * same loop on the same state: n / WARMUP_DIVISOR operations (at least
 * one).  Samples of several libraries alternate on one CPU, so whatever the
 * previous library left in the caches, branch predictors and clock speed
 * is paid for by the warm-up, not by the sample.  A tenth of a sample
 * (1 ms of a 10 ms sample) re-fills L1/L2 and the predictors many times
 * over; frequency changes take longer and are what the shuffled order of
 * each round spreads over all libraries.  UINT64_MAX if run failed. */
enum { WARMUP_DIVISOR = 10 };
uint64_t time_sample(clock_fn clock, bool (*run)(void *, uint64_t), void *state, uint64_t n);
/* The same, watched: w gets the timed part on both clocks and what happened
 * to the thread from the warm-up's start to the sample's end. */
uint64_t time_sample_watched(clock_fn clock, bool (*run)(void *, uint64_t), void *state,
                             uint64_t n, sample_watch *w);

/* Finds an operation count whose run lasts >= target_ns (doubling, then
 * scaling from the last measurement), running the workload for a while in
 * the process, which doubles as warm-up.  0 on failure. */
uint64_t calibrate(clock_fn clock, bool (*run)(void *, uint64_t), void *state,
                   uint64_t target_ns);

/* The same for a run that times itself: timed(ctx, n) returns the duration
 * of n operations, or UINT64_MAX on failure (the worker groups, whose time
 * is taken by the workers, not around the call). */
typedef uint64_t (*timed_fn)(void *ctx, uint64_t n);
uint64_t calibrate_timed(timed_fn timed, void *ctx, uint64_t target_ns);

#endif
