/* A scripted fake library for the scheduler's tests: a lib_driver that
 * answers from a script, so nothing is forked or loaded.  Each fake has its
 * own calibrated operation count, a sample time (with optional jitter, a
 * pseudo-random spread, failures, crashes) and disturbances to report.
 * Header-only, for test_scheduler.c and test_disturbed.c. */
#ifndef TESTS_UNIT_FAKE_DRIVER_H
#define TESTS_UNIT_FAKE_DRIVER_H

#include "../../harness/scheduler.h"
#include "../../stats/summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NLIBS = 3, MAX_CALLS = 60000, MAX_ROWS = 64 };

/* How each fake library answers. */
typedef struct {
    uint64_t calibrated;  /* PREPARE: its own operation count */
    uint64_t ns;          /* SAMPLE: time of one sample ... */
    uint64_t jitter_ns;   /* ... plus this on every other sample */
    uint64_t spread_ns;   /* ... plus a pseudo-random 0 .. this (never precise) */
    int fail_at_sample;   /* > 0: this sample answers ST_ERROR */
    int crash_at_sample;  /* > 0: this sample is a crash (and it never restarts) */
    int disturbed_from, disturbed_to; /* samples in [from, to]: 1 involuntary switch */
    uint64_t disturbed_wall_ns;       /* their wall time (0: ns); their CPU time is ns */
    uint64_t probe_ns;                /* every sample's spell probe (cpu_spell.h); 0: none */
    int slow_from, slow_to; /* samples in [from, to]: in a slow spell, probe and time x2 */
} fake_script;

/* What the scheduler asked, in order. */
typedef struct {
    size_t lib;
    request_type type;
    uint64_t iterations;
    uint64_t bytes;
} fake_call;

static struct {
    fake_script script[NLIBS];
    fake_call calls[MAX_CALLS];
    size_t ncalls;
    int samples[NLIBS]; /* sample requests so far, over the whole run */
    int starts[NLIBS];  /* (re)starts */
    bool crashed[NLIBS];
    uint64_t rng;
    libproc *libs;
} fake;

static bool fake_start(libproc *lp, int cpu, double timeout_s)
{
    (void)cpu, (void)timeout_s;
    size_t i = (size_t)(lp - fake.libs);
    fake.starts[i]++;
    lp->loaded = !fake.crashed[i]; /* a crashed fake stays down */
    if (!lp->loaded)
        snprintf(lp->load_error, sizeof lp->load_error, "would not restart");
    return lp->loaded;
}

static void fake_stop(libproc *lp)
{
    lp->loaded = false;
}

static call_result fake_call_fn(libproc *lp, const request *rq, reply *rp, double timeout_s,
                                char *why, size_t n)
{
    (void)timeout_s;
    size_t i = (size_t)(lp - fake.libs);
    const fake_script *sc = &fake.script[i];
    assert_true(fake.ncalls < MAX_CALLS);
    assert_true(lp->loaded);
    fake.calls[fake.ncalls++] = (fake_call){i, rq->type, rq->iterations, rq->bytes};
    *rp = (reply){.status = ST_OK};
    switch (rq->type) {
    case REQ_PREPARE:
        rp->iterations = sc->calibrated;
        break;
    case REQ_SAMPLE: {
        int k = ++fake.samples[i];
        if (k == sc->crash_at_sample) {
            snprintf(why, n, "child killed by signal 11 (Segmentation fault)");
            lp->loaded = false;
            fake.crashed[i] = true;
            return CALL_CRASHED;
        }
        if (k == sc->fail_at_sample) {
            rp->status = ST_ERROR;
            snprintf(rp->note, sizeof rp->note, "operation failed");
            break;
        }
        rp->iterations = rq->iterations;
        fake.rng = fake.rng * 6364136223846793005u + 1442695040888963407u;
        rp->ns = sc->ns + (k % 2 ? sc->jitter_ns : 0) +
                 (sc->spread_ns ? (fake.rng >> 33) % sc->spread_ns : 0);
        rp->watched = true;
        if (k >= sc->slow_from && k <= sc->slow_to && sc->slow_from > 0)
            rp->ns *= 2;
        rp->watch = (sample_watch){.wall_ns = rp->ns, .cpu_ns = rp->ns, .probe_ns = sc->probe_ns};
        if (k >= sc->slow_from && k <= sc->slow_to && sc->slow_from > 0)
            rp->watch.probe_ns *= 2;
        if (k >= sc->disturbed_from && k <= sc->disturbed_to && sc->disturbed_from > 0) {
            rp->watch.switches = 1;
            if (sc->disturbed_wall_ns > 0)
                rp->ns = rp->watch.wall_ns = sc->disturbed_wall_ns;
        }
        break;
    }
    default:
        break;
    }
    return CALL_OK;
}

static const lib_driver fake_driver = {.start = fake_start, .call = fake_call_fn,
                                       .stop = fake_stop};

typedef struct {
    result_row rows[MAX_ROWS];
    double rates[MAX_ROWS][2]; /* each row's first and last sample rate */
    double lowest[MAX_ROWS];   /* each row's lowest sample rate */
    size_t block_total[MAX_ROWS]; /* the rounds its blocks add up to */
    size_t n;
} collected;

static void collect(const result_row *r, void *ctx)
{
    collected *c = ctx;
    assert_true(c->n < MAX_ROWS);
    c->rows[c->n] = *r;
    c->rows[c->n].sample_rates = NULL;
    c->rows[c->n].sample_blocks = NULL;
    if (r->nsample > 0) {
        c->rates[c->n][0] = r->sample_rates[0];
        c->rates[c->n][1] = r->sample_rates[r->nsample - 1];
        c->lowest[c->n] = r->sample_rates[0];
        for (size_t b = 0; b < r->nblock; b++)
            c->block_total[c->n] += r->sample_blocks[b];
        for (size_t k = 1; k < r->nsample; k++)
            if (r->sample_rates[k] < c->lowest[c->n])
                c->lowest[c->n] = r->sample_rates[k];
    }
    c->n++;
}

static run_plan opt; /* the plan under test */
static libproc libs[NLIBS];
static collected out;
static schedule_stats stats;
static char trace_buf[1 << 22];

/* One workload (sha256, legacy path) at the given sizes, three libraries
 * whose versions make a the oldest (the default baseline): visits of 10
 * rounds, 2 visits before the precision may stop a point. */
static void setup_run(const uint64_t *sizes, size_t nsizes)
{
    memset(&fake, 0, sizeof fake);
    memset(&out, 0, sizeof out);
    memset(&opt, 0, sizeof opt);
    memset(&stats, 0, sizeof stats);
    fake.rng = 1;
    assert_true(workload_parse("sha256", &opt.workloads[0]));
    opt.nworkloads = 1;
    opt.apis[API_LEGACY] = true;
    memcpy(opt.sizes, sizes, nsizes * sizeof *sizes);
    opt.nsizes = nsizes;
    opt.workers[0] = (worker_count){.threads = 1, .procs = 1}; /* one worker, no --threads */
    opt.nworkers = 1;
    opt.sampling.time_s = 1000.0;
    opt.sampling.precision = 0.01;
    opt.timeout_s = 1.0;
    opt.quiet = true;
    opt.sampling.min_samples = 10;
    opt.sampling.max_samples = 1000;
    opt.sampling.target_ns = 10000000;
    opt.sampling.block_rounds = 10;
    opt.sampling.min_blocks = 2;
    opt.sampling.drop_slow = true;
    static const char *const names[NLIBS] = {"a", "b", "c"};
    for (size_t i = 0; i < NLIBS; i++) {
        libs[i] = (libproc){.path = "/fake", .loaded = true, .pid = -1,
                            .version_num = 0x30000000ul + i};
        snprintf(libs[i].label, sizeof libs[i].label, "%s", names[i]);
        snprintf(libs[i].version, sizeof libs[i].version, "9.9.%zu", i);
        fake.script[i] = (fake_script){.calibrated = 100 * (i + 1), .ns = 10000000};
    }
    fake.libs = libs;
}

static bool run_schedule(void)
{
    static run_context where = {.host = "h", .cpu = "c", .timestamp = "t",
                                .run_id = "20261130T000000Z-0123456789abcdef"};
    FILE *trace = fmemopen(trace_buf, sizeof trace_buf, "w");
    assert_non_null(trace);
    schedule s = {.plan = &opt, .where = &where, .libs = libs, .nlibs = NLIBS, .cpu = -1,
                  .sink = collect, .sink_ctx = &out, .trace = trace, .driver = &fake_driver,
                  .stats = &stats};
    bool ok = schedule_run(&s);
    fclose(trace);
    return ok;
}

/* Sample requests the scheduler made of a library (retakes included). */
static size_t samples_of(size_t lib)
{
    size_t n = 0;
    for (size_t c = 0; c < fake.ncalls; c++)
        n += fake.calls[c].type == REQ_SAMPLE && fake.calls[c].lib == lib;
    return n;
}

#endif
