/* The scheduler against scripted fake libraries (a lib_driver that answers
 * from a script; nothing is forked or loaded): every library is timed with
 * the same operation count per point, the order of each round is shuffled,
 * a library that is done early keeps sampling until all are, and the
 * stopping rules (minimum samples, precision, time budget, maximum
 * samples, a failing library) hold. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/scheduler.h"
#include "../../stats/summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NLIBS = 3, MAX_CALLS = 20000 };

/* How each fake library answers. */
typedef struct {
    uint64_t calibrated;  /* PREPARE: its own operation count */
    uint64_t ns;          /* SAMPLE: time of one sample ... */
    uint64_t jitter_ns;   /* ... plus this on every other sample (never precise) */
    int fail_at_sample;   /* > 0: this sample answers ST_ERROR */
    int crash_at_sample;  /* > 0: this sample is a crash */
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
    int samples[NLIBS]; /* per point */
    libproc *libs;
} fake;

static bool fake_start(libproc *lp, int cpu, double timeout_s)
{
    (void)lp, (void)cpu, (void)timeout_s;
    return false; /* a crashed fake stays down */
}

static call_result fake_call_fn(libproc *lp, const request *rq, reply *rp, double timeout_s,
                                char *why, size_t n)
{
    (void)timeout_s;
    size_t i = (size_t)(lp - fake.libs);
    const fake_script *sc = &fake.script[i];
    assert_true(fake.ncalls < MAX_CALLS);
    fake.calls[fake.ncalls++] = (fake_call){i, rq->type, rq->iterations, rq->bytes};
    *rp = (reply){.status = ST_OK};
    switch (rq->type) {
    case REQ_PREPARE:
        fake.samples[i] = 0;
        rp->iterations = sc->calibrated;
        break;
    case REQ_SAMPLE: {
        int k = ++fake.samples[i];
        if (k == sc->crash_at_sample) {
            snprintf(why, n, "child killed by signal 11 (Segmentation fault)");
            lp->loaded = false;
            return CALL_CRASHED;
        }
        if (k == sc->fail_at_sample) {
            rp->status = ST_ERROR;
            snprintf(rp->note, sizeof rp->note, "operation failed");
            break;
        }
        rp->iterations = rq->iterations;
        rp->ns = sc->ns + (k % 2 ? sc->jitter_ns : 0);
        break;
    }
    default:
        break;
    }
    return CALL_OK;
}

static const lib_driver fake_driver = {.start = fake_start, .call = fake_call_fn};

typedef struct {
    result_row rows[64];
    size_t n;
} collected;

static void collect(const result_row *r, void *ctx)
{
    collected *c = ctx;
    assert_true(c->n < 64);
    c->rows[c->n] = *r;
    c->rows[c->n].sample_rates = NULL;
    c->n++;
}

static run_plan opt; /* the plan under test */
static libproc libs[NLIBS];
static collected out;
static char trace_buf[1 << 20];

/* One workload (sha256, legacy path) at the given sizes, three libraries. */
static void setup_run(const uint64_t *sizes, size_t nsizes)
{
    memset(&fake, 0, sizeof fake);
    memset(&out, 0, sizeof out);
    memset(&opt, 0, sizeof opt);
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
    static const char *const names[NLIBS] = {"a", "b", "c"};
    for (size_t i = 0; i < NLIBS; i++) {
        libs[i] = (libproc){.path = "/fake", .loaded = true, .pid = -1};
        snprintf(libs[i].label, sizeof libs[i].label, "%s", names[i]);
        snprintf(libs[i].version, sizeof libs[i].version, "9.9.9");
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
                  .sink = collect, .sink_ctx = &out, .trace = trace, .driver = &fake_driver};
    bool ok = schedule_run(&s);
    fclose(trace);
    return ok;
}

static size_t samples_of(size_t lib, size_t *first, size_t *last)
{
    size_t n = 0;
    for (size_t c = 0; c < fake.ncalls; c++)
        if (fake.calls[c].type == REQ_SAMPLE && fake.calls[c].lib == lib) {
            if (n == 0 && first)
                *first = c;
            if (last)
                *last = c;
            n++;
        }
    return n;
}

static void same_operation_count_for_every_library(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16, 64};
    setup_run(sizes, 2);
    fake.script[1].calibrated = 5000; /* b calibrates highest */
    assert_true(run_schedule());
    size_t timed = 0;
    for (size_t c = 0; c < fake.ncalls; c++)
        if (fake.calls[c].type == REQ_SAMPLE) {
            assert_int_equal(fake.calls[c].iterations, 5000);
            timed++;
        }
    assert_true(timed >= 2 * NLIBS * 10);
    assert_int_equal(out.n, 2 * NLIBS);
    for (size_t r = 0; r < out.n; r++)
        assert_int_equal(out.rows[r].iterations, 5000);
}

/* Each round samples every library once, in an order shuffled per round:
 * no library is always first, none always follows the same one. */
static void order_changes_between_rounds(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.min_samples = 30;
    assert_true(run_schedule());
    size_t order[MAX_CALLS], n = 0;
    for (size_t c = 0; c < fake.ncalls; c++)
        if (fake.calls[c].type == REQ_SAMPLE)
            order[n++] = fake.calls[c].lib;
    assert_int_equal(n, 30 * NLIBS);
    size_t first[NLIBS] = {0}, after_c[NLIBS] = {0};
    for (size_t r = 0; r < n / NLIBS; r++) {
        bool seen[NLIBS] = {false};
        for (size_t j = 0; j < NLIBS; j++) {
            size_t lib = order[r * NLIBS + j];
            assert_false(seen[lib]); /* once per round */
            seen[lib] = true;
        }
        first[order[r * NLIBS]]++;
    }
    for (size_t k = 1; k < n; k++)
        if (order[k - 1] == 2)
            after_c[order[k]]++;
    for (size_t i = 0; i < NLIBS; i++) {
        if (first[i] == 0)
            fail_msg("library %zu never starts a round", i);
        if (i != 2 && after_c[i] == 0)
            fail_msg("library %zu never runs right after c", i);
    }
    /* the trace shows it: its 4th field is the label */
    char *line = strstr(trace_buf, "\nsample ");
    assert_non_null(line);
    assert_non_null(strstr(trace_buf, "# run 20261130T000000Z-0123456789abcdef"));
}

/* a and c are precise at once (constant times); b never is, so it samples
 * until its time budget is spent -- and a and c sample alongside it. */
static void early_finishers_keep_sampling_until_all_are_done(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.time_s = 0.4; /* 40 samples of 10 ms */
    fake.script[1].jitter_ns = 5000000;
    assert_true(run_schedule());
    size_t last_a = 0, last_b = 0, last_c = 0;
    size_t na = samples_of(0, NULL, &last_a), nb = samples_of(1, NULL, &last_b),
           nc = samples_of(2, NULL, &last_c);
    assert_true(nb > (size_t)opt.sampling.min_samples); /* b needed more than the minimum */
    assert_int_equal(na, nb);
    assert_int_equal(nc, nb);
    for (size_t r = 0; r < out.n; r++)
        assert_int_equal(out.rows[r].samples, nb);
    /* b's budget: 0.4 s of 10 or 15 ms samples */
    assert_true(nb >= 27 && nb <= 41);
}

static void stops_at_the_minimum_when_precise(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    assert_true(run_schedule());
    for (size_t i = 0; i < NLIBS; i++)
        assert_int_equal(samples_of(i, NULL, NULL), 10);
    /* --quick's minimum still gives a real 95% interval */
    setup_run(sizes, 1);
    opt.sampling.min_samples = MEDIAN_CI_MIN_SAMPLES;
    assert_true(run_schedule());
    for (size_t r = 0; r < out.n; r++)
        assert_int_equal(out.rows[r].samples, MEDIAN_CI_MIN_SAMPLES);
}

/* A slow operation whose samples spend the budget before the minimum: it
 * stops at MEDIAN_CI_MIN_SAMPLES, never fewer; a fast one keeps the minimum. */
static void slow_operations_stop_at_six(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.time_s = 0.02; /* spent after two 10 ms samples */
    assert_true(run_schedule());
    for (size_t r = 0; r < out.n; r++)
        assert_int_equal(out.rows[r].samples, MEDIAN_CI_MIN_SAMPLES);
    setup_run(sizes, 1);
    opt.sampling.time_s = 1.0; /* 100 samples of 10 ms: not slow */
    assert_true(run_schedule());
    for (size_t r = 0; r < out.n; r++)
        assert_int_equal(out.rows[r].samples, 10);
}

static void stops_at_the_maximum(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.max_samples = 25;
    for (size_t i = 0; i < NLIBS; i++)
        fake.script[i].jitter_ns = 5000000; /* never precise, budget never spent */
    assert_true(run_schedule());
    for (size_t i = 0; i < NLIBS; i++)
        assert_int_equal(samples_of(i, NULL, NULL), 25);
}

/* A library that fails leaves the rotation with its status; the others go
 * on to their own stopping rule, at the next point too. */
static void a_failing_library_leaves_the_rotation(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16, 64};
    setup_run(sizes, 2);
    fake.script[0].fail_at_sample = 3;
    fake.script[2].crash_at_sample = 5;
    assert_true(run_schedule());
    assert_int_equal(out.n, 2 * NLIBS);
    /* rows arrive per point in library order */
    assert_int_equal(out.rows[0].status, ST_ERROR);
    assert_int_equal(out.rows[1].status, ST_OK);
    assert_int_equal(out.rows[1].samples, 10);
    assert_int_equal(out.rows[2].status, ST_CRASHED);
    assert_non_null(strstr(out.rows[2].note, "signal 11"));
    assert_int_equal(out.rows[3].status, ST_ERROR); /* fails again at the next point */
    assert_int_equal(out.rows[5].status, ST_LOAD_FAILED); /* crashed, would not restart */
    assert_int_equal(out.rows[4].status, ST_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_operation_count_for_every_library),
        cmocka_unit_test(order_changes_between_rounds),
        cmocka_unit_test(early_finishers_keep_sampling_until_all_are_done),
        cmocka_unit_test(stops_at_the_minimum_when_precise),
        cmocka_unit_test(slow_operations_stop_at_six),
        cmocka_unit_test(stops_at_the_maximum),
        cmocka_unit_test(a_failing_library_leaves_the_rotation),
    };
    return cmocka_run_group_tests_name("scheduler", tests, NULL, NULL);
}
