/* What happened to the timing thread while a sample ran.  A sample during
 * which the scheduler took the CPU away (an involuntary context switch), or
 * moved the thread to another CPU, or whose wall time runs well past its
 * CPU time (interrupts, a hypervisor's steal), measured the machine, not
 * the library: such a sample is "disturbed".  The child watches; the
 * scheduler decides (sample_disturbed) and retakes it (scheduler.c). */
#ifndef HARNESS_DISTURBANCE_H
#define HARNESS_DISTURBANCE_H

#include <stdbool.h>
#include <stdint.h>

/* A disturbed sample is retaken up to this many times within its round;
 * when every try is disturbed the last one is kept, and counted. */
enum { DISTURBED_RETAKES = 3 };

/* The wall-clock time a sample may spend off the CPU without counting as
 * disturbed: timer ticks and other short interrupts cost well under this
 * (a few microseconds per millisecond). */
#define DISTURB_GAP_FRACTION 0.02
#define DISTURB_GAP_MIN_NS 20000u

typedef struct {
    uint64_t wall_ns, cpu_ns; /* the timed part, on both clocks */
    uint32_t switches;        /* involuntary context switches, warm-up and sample */
    bool migrated;            /* the thread ran on another CPU at its end */
    uint64_t probe_ns;        /* the slower of the spell probes right before and after
                               * the timed part (cpu_spell.h); 0: not probed */
} sample_watch;

/* The start of a watch over the calling thread. */
typedef struct {
    long nivcsw;
    int cpu;
} thread_mark;

thread_mark thread_mark_now(void);
/* Fills switches and migrated of w from the calling thread since m. */
void thread_watch_since(const thread_mark *m, sample_watch *w);

/* Whether a sample so watched is disturbed (see above). */
bool sample_disturbed(const sample_watch *w);

#endif
