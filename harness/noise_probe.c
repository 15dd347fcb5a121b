#include "noise_probe.h"

#include "timing.h"

#include <stdlib.h>
#include <time.h>

static volatile uint64_t probe_sink;

/* A dependent chain of multiplies: the same work every time, no memory. */
static bool probe_loop(void *state, uint64_t n)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (uint64_t i = 0; i < n; i++)
        x = x * 6364136223846793005u + 1442695040888963407u;
    probe_sink = x;
    return true;
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

void noise_probe(uint64_t target_ns, noise_figure *out)
{
    *out = (noise_figure){.probes = NOISE_PROBES};
    uint64_t n = calibrate(cpu_clock_ns, probe_loop, NULL, target_ns);
    uint64_t *ns = calloc(NOISE_PROBES, sizeof *ns);
    if (ns == NULL || n == 0) {
        free(ns);
        return;
    }
    size_t kept = 0;
    for (size_t i = 0; i < NOISE_PROBES; i++) {
        sample_watch w;
        /* a pause between probes, as a library's child waits between samples */
        nanosleep(&(struct timespec){.tv_nsec = 50000}, NULL);
        uint64_t t = time_sample_watched(clock_ns, probe_loop, NULL, n, &w);
        if (sample_disturbed(&w))
            out->disturbed++;
        else
            ns[kept++] = t;
    }
    if (kept >= 4) {
        qsort(ns, kept, sizeof *ns, by_value);
        double median = (double)ns[kept / 2];
        out->spread = ((double)ns[kept * 3 / 4] - (double)ns[kept / 4]) / median;
        out->probe_ms = median / 1e6;
    }
    free(ns);
}
