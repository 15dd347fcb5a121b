/* What the benchmark CPU did during a run, from /proc/stat: how much of it
 * was busy (anyone's work) and how much a hypervisor stole.  Set beside the
 * run's own CPU time, it says how much other processes took: a busy
 * neighbour on the benchmark CPU barely disturbs short samples (the
 * scheduler favours a task that sleeps between them), but it is there, and
 * a run should say so. */
#ifndef HARNESS_CPU_USAGE_H
#define HARNESS_CPU_USAGE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    bool known;
    uint64_t busy_ticks, steal_ticks, total_ticks; /* USER_HZ ticks since boot */
} cpu_ticks;

/* The counters of CPU cpu now (known false when /proc/stat cannot say). */
cpu_ticks cpu_ticks_now(int cpu);

/* The CPU time this process and its waited-for children have used, in s. */
double own_cpu_seconds(void);

typedef struct {
    bool known;
    double elapsed_s;
    double busy_share;   /* of the CPU's time: busy, anyone's work */
    double others_share; /* of it: busy minus this run's own CPU time (never below 0) */
    double steal_share;  /* of it: taken by the hypervisor */
} cpu_usage;

/* From two readings and this run's own CPU time between them. */
cpu_usage cpu_usage_between(const cpu_ticks *a, const cpu_ticks *b, double own_s);

#endif
