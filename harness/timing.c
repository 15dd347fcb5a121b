#include "timing.h"

#include "cpu_spell.h"

#include <time.h>

uint64_t clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t cpu_clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t time_run(clock_fn clock, bool (*run)(void *, uint64_t), void *state, uint64_t n)
{
    uint64_t t0 = clock();
    if (!run(state, n))
        return UINT64_MAX;
    return clock() - t0;
}

uint64_t time_sample(clock_fn clock, bool (*run)(void *, uint64_t), void *state, uint64_t n)
{
    sample_watch unused;
    return time_sample_watched(clock, run, state, n, &unused);
}

uint64_t time_sample_watched(clock_fn clock, bool (*run)(void *, uint64_t), void *state,
                             uint64_t n, sample_watch *w)
{
    thread_mark mark = thread_mark_now();
    uint64_t warm = n / WARMUP_DIVISOR;
    if (!run(state, warm > 0 ? warm : 1))
        return UINT64_MAX;
    uint64_t before = spell_probe_ns();
    uint64_t wall0 = clock_ns(), cpu0 = cpu_clock_ns(), t0 = clock();
    if (!run(state, n))
        return UINT64_MAX;
    uint64_t t1 = clock(), cpu1 = cpu_clock_ns(), wall1 = clock_ns();
    uint64_t after = spell_probe_ns();
    *w = (sample_watch){.wall_ns = wall1 - wall0, .cpu_ns = cpu1 - cpu0,
                        .probe_ns = before > after ? before : after};
    thread_watch_since(&mark, w);
    return t1 - t0;
}

enum { MAX_ITERATIONS = 1u << 30 };

uint64_t calibrate_timed(timed_fn timed, void *ctx, uint64_t target_ns)
{
    uint64_t n = 1, t;
    /* Double until a run is long enough that clock resolution and call
     * overhead no longer matter (an eighth of the target). */
    for (;;) {
        t = timed(ctx, n);
        if (t == UINT64_MAX)
            return 0;
        if (t >= target_ns / 8 || n >= MAX_ITERATIONS)
            break;
        n *= 2;
    }
    if (t < target_ns && t > 0) {
        double scaled = (double)n * (double)target_ns / (double)t * 1.05;
        n = scaled > MAX_ITERATIONS ? MAX_ITERATIONS : (uint64_t)scaled + 1;
    }
    /* Warm-up at the final size: caches, branch predictors, CPU clock. */
    if (timed(ctx, n) == UINT64_MAX)
        return 0;
    return n;
}

typedef struct {
    clock_fn clock;
    bool (*run)(void *, uint64_t);
    void *state;
} clocked_run;

static uint64_t time_clocked(void *p, uint64_t n)
{
    clocked_run *c = p;
    return time_run(c->clock, c->run, c->state, n);
}

uint64_t calibrate(clock_fn clock, bool (*run)(void *, uint64_t), void *state,
                   uint64_t target_ns)
{
    clocked_run c = {clock, run, state};
    return calibrate_timed(time_clocked, &c, target_ns);
}
