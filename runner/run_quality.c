#define _DEFAULT_SOURCE /* getloadavg */
#include "run_quality.h"

#include "../record/meta_text.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>

/* A run matters as disturbed when other processes took this much of the
 * benchmark CPU, or the hypervisor stole this much of it, or this share of
 * the samples was disturbed (each retaken, or kept), or of the kept ones
 * this share stayed disturbed. */
#define WARN_OTHERS_SHARE 0.10
#define WARN_STEAL_SHARE 0.05
#define WARN_DISTURBED_SHARE 0.10
#define WARN_KEPT_SHARE 0.01

void run_quality_before(run_quality *q, int cpu, uint64_t probe_ns, bool probe)
{
    *q = (run_quality){.cpu = cpu};
    q->load_known = getloadavg(q->load_before, 3) == 3;
    if (probe) {
        noise_probe(probe_ns, &q->noise);
        q->probed = true;
    }
    q->ticks_before = cpu_ticks_now(cpu);
    q->own_before = own_cpu_seconds();
}

void run_quality_after(run_quality *q)
{
    q->load_known = q->load_known && getloadavg(q->load_after, 3) == 3;
    cpu_ticks now = cpu_ticks_now(q->cpu);
    q->usage = cpu_usage_between(&q->ticks_before, &now, own_cpu_seconds() - q->own_before);
}

static void put(FILE *f, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void put(FILE *f, const char *key, const char *fmt, ...)
{
    char value[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    meta_put_line(f, key, value);
}

void run_quality_write_head(FILE *f, const run_quality *q)
{
    if (q->load_known)
        put(f, "load_before", "%.2f %.2f %.2f", q->load_before[0], q->load_before[1],
            q->load_before[2]);
    if (q->probed && q->noise.probe_ms > 0)
        put(f, "noise", "%.2f%% (interquartile range / median of %zu probes of %.2f ms on CPU %d; "
                        "%zu disturbed)",
            100 * q->noise.spread, q->noise.probes, q->noise.probe_ms, q->cpu, q->noise.disturbed);
}

static double share(uint64_t part, uint64_t whole)
{
    return whole ? (double)part / (double)whole : 0.0;
}

void run_quality_write_tail(FILE *f, const run_quality *q, const schedule_stats *st)
{
    if (q->load_known)
        put(f, "load_after", "%.2f %.2f %.2f", q->load_after[0], q->load_after[1],
            q->load_after[2]);
    if (q->usage.known)
        put(f, "benchmark_cpu_use", "%.0f%% busy over %.0f s: %.0f%% by other processes, "
                                    "%.0f%% stolen by the hypervisor",
            100 * q->usage.busy_share, q->usage.elapsed_s, 100 * q->usage.others_share,
            100 * q->usage.steal_share);
    uint64_t tries = st->samples + st->retaken;
    put(f, "disturbed", "%.1f%% of %" PRIu64 " samples taken (%" PRIu64 " retaken; %" PRIu64
                        " kept, timed by CPU time)",
        100 * share(st->retaken + st->disturbed, tries), tries, st->retaken, st->disturbed);
    if (st->spell_fast_ns > 0)
        put(f, "slow_rounds", "%.1f%% of %" PRIu64 " rounds dropped: the benchmark CPU ran in a "
                              "slow spell (probe over %.1f us; %.1f us fast)",
            100 * share(st->rounds_slow, st->rounds), st->rounds, st->spell_slow_ns / 1e3,
            st->spell_fast_ns / 1e3);
    put(f, "passes", "%zu (%zu visits of %zu points)", st->passes, st->visits, st->points);
    put(f, "points_ended_by", "precision %zu, time %zu, samples %zu, budget %zu, failed %zu",
        st->ends[END_PRECISION], st->ends[END_TIME], st->ends[END_SAMPLES], st->ends[END_BUDGET],
        st->ends[END_FAILED]);
    if (st->widths > 0)
        put(f, "precision_reached", "%.0f%% of points within +-1%%, %.0f%% within +-2%% (median "
                                    "+-%.2f%%): their widest interval, each library's ratio to %s",
            100 * share(st->within_1pct, st->widths), 100 * share(st->within_2pct, st->widths),
            100 * st->median_width, st->baseline);
}

bool run_quality_warn(FILE *err, const run_quality *q, const schedule_stats *st)
{
    uint64_t tries = st->samples + st->retaken;
    double disturbed = share(st->retaken + st->disturbed, tries);
    double kept = share(st->disturbed, st->samples);
    bool others = q->usage.known && q->usage.others_share >= WARN_OTHERS_SHARE;
    bool steal = q->usage.known && q->usage.steal_share >= WARN_STEAL_SHARE;
    if (!others && !steal && disturbed < WARN_DISTURBED_SHARE && kept < WARN_KEPT_SHARE)
        return false;
    fprintf(err, "osslbench run: warning: the run was disturbed: ");
    if (others || steal)
        fprintf(err, "other processes took %.0f%% of the benchmark CPU (CPU %d) and the "
                     "hypervisor %.0f%%, load average %.2f before, %.2f after; ",
                100 * q->usage.others_share, q->cpu, 100 * q->usage.steal_share,
                q->load_before[0], q->load_after[0]);
    fprintf(err, "%.1f%% of samples were disturbed (%.1f%% kept, timed by CPU time; the rest "
                 "taken again): see metadata.txt and the disturbed column\n",
            100 * disturbed, 100 * kept);
    return true;
}
