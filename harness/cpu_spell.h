/* Slow spells of the benchmark CPU.  On a shared virtual machine the host
 * now and then slows one vCPU down for 0.1-2 s at a time (on the machine
 * this was found on: a chain of stores and loads takes twice as long,
 * malloc 1.7x, plain arithmetic not at all).  Libraries do not slow down
 * alike (an allocation-heavy release by 2x, another by 15%), so a ratio
 * measured in a spell is another machine's ratio, and a run's mean follows
 * its share of spells (14-77% here).  A short fixed loop timed right
 * before and after each sample says which state the CPU was in; a round
 * whose loop ran well over the run's fast time is dropped (point_visit.c),
 * so that every run measures the CPU in the same, fast state. */
#ifndef HARNESS_CPU_SPELL_H
#define HARNESS_CPU_SPELL_H

#include <stdbool.h>
#include <stdint.h>

/* The time of the fixed loop now, on the calling thread (a few µs). */
uint64_t spell_probe_ns(void);

/* A round is slow when its probe exceeds SPELL_SLOW_FACTOR times the fast
 * time: the 10th percentile of the run's probes so far (spells there took
 * 1.8-2.4x; a CPU that never has them keeps its probes within a few %). */
#define SPELL_SLOW_FACTOR 1.4
#define SPELL_FAST_QUANTILE 0.10
/* Before this many probes the fast time is not known: nothing is slow. */
enum { SPELL_MIN_PROBES = 400, SPELL_BINS = 640 };

/* The run's probes, as a histogram of 2% wide bins from 100 ns. */
typedef struct {
    uint32_t bins[SPELL_BINS];
    uint64_t probes;
} spell_gauge;

void spell_gauge_add(spell_gauge *g, uint64_t probe_ns);
/* The probe time over which a round is slow; UINT64_MAX while unknown. */
uint64_t spell_slow_ns(const spell_gauge *g);
/* The fast time (the quantile above), 0 while unknown. */
uint64_t spell_fast_ns(const spell_gauge *g);

#endif
