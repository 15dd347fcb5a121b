#define _GNU_SOURCE
#include "disturbance.h"

#include <sched.h>
#include <sys/resource.h>

static long involuntary_switches(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_THREAD, &ru) == 0 ? ru.ru_nivcsw : 0;
}

thread_mark thread_mark_now(void)
{
    return (thread_mark){.nivcsw = involuntary_switches(), .cpu = sched_getcpu()};
}

void thread_watch_since(const thread_mark *m, sample_watch *w)
{
    long now = involuntary_switches();
    w->switches = now > m->nivcsw ? (uint32_t)(now - m->nivcsw) : 0;
    int cpu = sched_getcpu();
    w->migrated = m->cpu >= 0 && cpu >= 0 && cpu != m->cpu;
}

bool sample_disturbed(const sample_watch *w)
{
    if (w->switches > 0 || w->migrated)
        return true;
    uint64_t allowed = (uint64_t)((double)w->cpu_ns * DISTURB_GAP_FRACTION) + DISTURB_GAP_MIN_NS;
    return w->wall_ns > w->cpu_ns + allowed;
}
