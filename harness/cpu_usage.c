#include "cpu_usage.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

cpu_ticks cpu_ticks_now(int cpu)
{
    cpu_ticks t = {.known = false};
    FILE *f = fopen("/proc/stat", "r");
    if (f == NULL || cpu < 0)
        return f ? (fclose(f), t) : t;
    char line[512], want[16];
    snprintf(want, sizeof want, "cpu%d ", cpu);
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, want, strlen(want)) != 0)
            continue;
        /* user nice system idle iowait irq softirq steal */
        uint64_t v[8] = {0};
        int n = sscanf(line + strlen(want),
                       "%" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
                       " %" SCNu64 " %" SCNu64,
                       &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
        if (n >= 4) {
            t.known = true;
            t.busy_ticks = v[0] + v[1] + v[2] + v[5] + v[6];
            t.steal_ticks = v[7];
            t.total_ticks = t.busy_ticks + v[3] + v[4] + v[7];
        }
        break;
    }
    fclose(f);
    return t;
}

static double seconds_of(const struct rusage *ru)
{
    return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6 +
           (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
}

double own_cpu_seconds(void)
{
    struct rusage self, children;
    if (getrusage(RUSAGE_SELF, &self) != 0 || getrusage(RUSAGE_CHILDREN, &children) != 0)
        return 0.0;
    return seconds_of(&self) + seconds_of(&children);
}

cpu_usage cpu_usage_between(const cpu_ticks *a, const cpu_ticks *b, double own_s)
{
    cpu_usage u = {.known = false};
    if (!a->known || !b->known || b->total_ticks <= a->total_ticks)
        return u;
    double hz = (double)sysconf(_SC_CLK_TCK);
    double total = (double)(b->total_ticks - a->total_ticks);
    double busy = (double)(b->busy_ticks - a->busy_ticks);
    u.known = true;
    u.elapsed_s = total / (hz > 0 ? hz : 100);
    u.busy_share = busy / total;
    u.steal_share = (double)(b->steal_ticks - a->steal_ticks) / total;
    double others = busy / total - own_s / u.elapsed_s;
    u.others_share = others > 0 ? others : 0;
    return u;
}
