#define _GNU_SOURCE
#include "host.h"

#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static void cpu_model(char *buf, size_t n)
{
    snprintf(buf, n, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            char *colon = strchr(line, ':');
            if (colon != NULL) {
                colon += 1 + (colon[1] == ' ');
                colon[strcspn(colon, "\n")] = '\0';
                snprintf(buf, n, "%s", colon);
            }
            break;
        }
    fclose(f);
}

void run_context_init(run_context *c)
{
    if (gethostname(c->host, sizeof c->host) != 0)
        snprintf(c->host, sizeof c->host, "unknown");
    c->host[sizeof c->host - 1] = '\0';
    cpu_model(c->cpu, sizeof c->cpu);
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
