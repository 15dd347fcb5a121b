#define _GNU_SOURCE
#include "host.h"
#include "cpuinfo.h"

#include <inttypes.h>
#include <stdbool.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

void run_context_init(run_context *c)
{
    if (gethostname(c->host, sizeof c->host) != 0)
        snprintf(c->host, sizeof c->host, "unknown");
    c->host[sizeof c->host - 1] = '\0';
    char *cpuinfo = cpuinfo_read();
    cpuinfo_model(cpuinfo, c->cpu, sizeof c->cpu);
    free(cpuinfo);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(c->timestamp, sizeof c->timestamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
    /* Two runs may start in the same second (even on the same host): the
     * random part is what tells them apart when pairing samples. */
    uint64_t r;
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
        r = ((uint64_t)getpid() << 32) ^ (uint64_t)now ^ (uint64_t)(uintptr_t)c;
    char day[20];
    strftime(day, sizeof day, "%Y%m%dT%H%M%SZ", &tm);
    snprintf(c->run_id, sizeof c->run_id, "%s-%016" PRIx64, day, r);
}

int pick_benchmark_cpu(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return -1;
    for (int cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
        if (CPU_ISSET(cpu, &set))
            return cpu;
    return -1;
}

size_t usable_cpu_count(void)
{
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? (size_t)CPU_COUNT(&set) : 0;
}

static cpu_set_t runner_cpus;
static bool runner_pinned;

void runner_pin(int cpu)
{
    if (cpu < 0 || sched_getaffinity(0, sizeof runner_cpus, &runner_cpus) != 0)
        return;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    runner_pinned = sched_setaffinity(0, sizeof one, &one) == 0;
}

void runner_unpin_child(void)
{
    if (runner_pinned)
        (void)sched_setaffinity(0, sizeof runner_cpus, &runner_cpus);
}

void runner_unpin(void)
{
    runner_unpin_child();
    runner_pinned = false;
}
