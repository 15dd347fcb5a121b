#define _GNU_SOURCE
#include "host.h"

#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

/* The CPU's name as /proc/cpuinfo gives it: "model name" on x86 (and some
 * ARM kernels), "Model"/"Hardware" on boards, "uarch" on RISC-V, "cpu" on
 * POWER.  An arm64 kernel often names nothing: its implementer and part
 * numbers identify the core (0x41/0xd0c is Arm's Neoverse-N1). */
static void copy_text(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src);
    if (len >= n)
        len = n - 1;
    memcpy(dst, src, len);
    dst[len] = '\0';
}

static void cpu_model(char *buf, size_t n)
{
    static const char *const keys[] = {"model name", "Model", "Hardware", "uarch", "cpu model",
                                       "cpu"};
    enum { NKEYS = sizeof keys / sizeof keys[0] };
    char found[NKEYS][128] = {{0}}, implementer[32] = "", part[32] = "";
    snprintf(buf, n, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (colon == NULL)
            continue;
        size_t klen = (size_t)(colon - line);
        while (klen > 0 && (line[klen - 1] == ' ' || line[klen - 1] == '\t'))
            klen--;
        char *value = colon + 1 + (colon[1] == ' ');
        value[strcspn(value, "\n")] = '\0';
        for (size_t k = 0; k < NKEYS; k++)
            if (found[k][0] == '\0' && strlen(keys[k]) == klen && strncmp(line, keys[k], klen) == 0)
                copy_text(found[k], sizeof found[k], value);
        if (implementer[0] == '\0' && klen == 15 && strncmp(line, "CPU implementer", 15) == 0)
            copy_text(implementer, sizeof implementer, value);
        if (part[0] == '\0' && klen == 8 && strncmp(line, "CPU part", 8) == 0)
            copy_text(part, sizeof part, value);
    }
    fclose(f);
    for (size_t k = 0; k < NKEYS; k++)
        if (found[k][0] != '\0') {
            copy_text(buf, n, found[k]);
            return;
        }
    if (implementer[0] != '\0')
        snprintf(buf, n, "implementer %s part %s", implementer, part[0] ? part : "unknown");
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

size_t usable_cpu_count(void)
{
    cpu_set_t set;
    return sched_getaffinity(0, sizeof set, &set) == 0 ? (size_t)CPU_COUNT(&set) : 0;
}
