/* How far a run's numbers can be trusted, in its own words: the load and
 * the noise of the machine before it, what other processes and the
 * hypervisor took of the benchmark CPU during it, how many samples were
 * disturbed, why the points stopped and how precise their ratios got.
 * metadata.txt gets every figure (docs/metadata.md); stderr gets one
 * warning line when the run was disturbed enough to matter. */
#ifndef RUNNER_RUN_QUALITY_H
#define RUNNER_RUN_QUALITY_H

#include "../harness/cpu_usage.h"
#include "../harness/noise_probe.h"
#include "../harness/scheduler.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct {
    int cpu;
    double load_before[3], load_after[3];
    bool load_known;
    noise_figure noise;
    bool probed;
    cpu_ticks ticks_before;
    double own_before;
    cpu_usage usage; /* of the benchmark CPU over the run */
} run_quality;

/* Before the first sample, on the benchmark CPU (the caller pinned to it):
 * the load, the noise probe (not under valgrind: probe false). */
void run_quality_before(run_quality *q, int cpu, uint64_t probe_ns, bool probe);
void run_quality_after(run_quality *q);

/* The metadata lines: the head's (load, noise) and the tail's. */
void run_quality_write_head(FILE *f, const run_quality *q);
void run_quality_write_tail(FILE *f, const run_quality *q, const schedule_stats *st);

/* One line on err when the run was disturbed enough to matter (see .c);
 * true when it wrote it. */
bool run_quality_warn(FILE *err, const run_quality *q, const schedule_stats *st);

#endif
