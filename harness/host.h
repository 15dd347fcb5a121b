/* What every result row records about where and when it was measured. */
#ifndef HARNESS_HOST_H
#define HARNESS_HOST_H

#include <stddef.h>

typedef struct {
    char host[64];
    char cpu[128];
    char timestamp[32];
    char run_id[40]; /* unique per run: start time plus 64 random bits */
} run_context;

void run_context_init(run_context *c);

/* The CPU the children are pinned to (the last one this process may use),
 * or -1 when affinity cannot be read. */
int pick_benchmark_cpu(void);

/* The runner waits on its children on their own CPU: a child's answer then
 * wakes it on the same CPU, where waking a thread on another CPU costs an
 * interrupt between CPUs (tens of microseconds per sample in a virtual
 * machine).  A forked child first takes back the CPUs the runner had, so
 * that its workers spread over them (workers.h). */
void runner_pin(int cpu);
void runner_unpin_child(void);
/* The run is over: the process has its CPUs back (a command that called
 * the run goes on to spawn gnuplots, which should spread). */
void runner_unpin(void);

/* How many CPUs this process may run on (0 when unknown). */
size_t usable_cpu_count(void);

#endif
