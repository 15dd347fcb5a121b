/* The scheduler against scripted fake libraries (fake_driver.h; nothing is
 * forked or loaded): each library keeps its own operation count, the order
 * of each round is shuffled and every round samples each library once, a
 * point is visited in passes with fresh children, and the stopping rules
 * hold -- the precision of the ratios after the minimum visits, the time
 * budget, the maximum, the run's budget, a failing library.  No test
 * depends on how many samples fit a time: the fake's times are scripted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fake_driver.h"

#include <math.h>
#include <time.h>

/* Equal exposure: each library times its own calibrated count (a sample
 * lasts the same for a fast and a slow one), never the largest count. */
static void each_library_keeps_its_own_operation_count(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16, 64};
    setup_run(sizes, 2);
    assert_true(run_schedule());
    size_t seen = 0;
    for (size_t c = 0; c < fake.ncalls; c++)
        if (fake.calls[c].type == REQ_SAMPLE) {
            assert_int_equal(fake.calls[c].iterations, 100 * (fake.calls[c].lib + 1));
            seen++;
        }
    assert_true(seen > 0);
    for (size_t r = 0; r < out.n; r++)
        assert_int_equal(out.rows[r].iterations, 100 * (r % NLIBS + 1));
}

static void order_changes_between_rounds(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.min_blocks = 3; /* 30 rounds */
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
    assert_non_null(strstr(trace_buf, "\nsample "));
    assert_non_null(strstr(trace_buf, "# run 20261130T000000Z-0123456789abcdef"));
    assert_non_null(strstr(trace_buf, "# pass 3: 1 point(s)"));
}

/* Precise at once (constant times): the point stops after min_blocks
 * visits, each of block_rounds rounds, in fresh children every pass; the
 * rows say how their samples came in blocks. */
static void stops_after_the_minimum_visits_when_precise(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    assert_true(run_schedule());
    for (size_t i = 0; i < NLIBS; i++) {
        assert_int_equal(samples_of(i), 20);
        assert_int_equal(fake.starts[i], 1); /* restarted once, before pass 2 */
        assert_int_equal(out.rows[i].samples, 20);
        assert_int_equal(out.rows[i].nblock, 2);
        assert_string_equal(out.rows[i].rate_stat, "vp90");
    }
    assert_int_equal(stats.ends[END_PRECISION], 1);
    assert_int_equal(stats.passes, 2);
    assert_string_equal(stats.baseline, "a");
    /* ten times 100 ops of 10 ms = 10000 op/s... in B/s at 16 bytes */
    assert_true(fabs(out.rows[0].rate - 100 * 16 / 0.01) < 1e-6);
}

/* b's rate scatters (never precise): every library samples until b's
 * point has spent time_s, all of them in every round. */
static void a_wide_ratio_keeps_the_point_going(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.time_s = 0.5; /* 50 samples of 10 ms (+ spread) */
    fake.script[1].spread_ns = 8000000;
    assert_true(run_schedule());
    size_t na = samples_of(0), nb = samples_of(1), nc = samples_of(2);
    assert_int_equal(na, nb);
    assert_int_equal(nc, nb);
    assert_true(nb > 20);      /* more than the minimum visits */
    assert_true(nb <= 50 + 10); /* stopped by the time budget, checked after each visit */
    assert_int_equal(stats.ends[END_TIME], 1);
    assert_true(isfinite(stats.median_width) && stats.median_width > opt.sampling.precision);
}

/* A slow operation whose samples spend the budget before the minimum: it
 * stops at MEDIAN_CI_MIN_SAMPLES, never fewer. */
static void slow_operations_stop_at_six(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.time_s = 0.02; /* spent after two 10 ms samples */
    assert_true(run_schedule());
    for (size_t r = 0; r < out.n; r++)
        assert_int_equal(out.rows[r].samples, MEDIAN_CI_MIN_SAMPLES);
}

static void stops_at_the_maximum(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.max_samples = 25;
    fake.script[1].spread_ns = 8000000; /* never precise */
    assert_true(run_schedule());
    for (size_t i = 0; i < NLIBS; i++)
        assert_int_equal(samples_of(i), 25);
    assert_int_equal(out.rows[0].nblock, 3); /* 10 + 10 + 5 */
    assert_int_equal(stats.ends[END_SAMPLES], 1);
}

/* With a budget, the first pass still visits every point; after it, none
 * more once the budget is spent, and the points say why they stopped. */
static void the_budget_never_cuts_the_first_pass(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16, 64, 256};
    setup_run(sizes, 3);
    opt.sampling.budget_s = 1e-9; /* spent at once */
    assert_true(run_schedule());
    assert_int_equal(out.n, 3 * NLIBS);
    for (size_t r = 0; r < out.n; r++)
        assert_int_equal(out.rows[r].samples, 10);
    assert_int_equal(stats.ends[END_BUDGET], 3);
    assert_int_equal(stats.passes, 1);
}

static double wall_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* --span: a point precise at once is not stopped by the precision before
 * its visits span the clock time asked for (the fake's samples take none);
 * nor is it visited ahead of the clock: its 20 visits (200 rounds at most)
 * come one per twentieth of the span, not all at once. */
static void a_precise_point_waits_out_its_span(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.max_samples = 200;
    opt.sampling.span_s = 0.3;
    double t0 = wall_s();
    assert_true(run_schedule());
    assert_true(wall_s() - t0 >= 0.27);
    assert_int_equal(stats.ends[END_PRECISION], 0);
    assert_int_equal(stats.visits, 20);
}

/* What a point may spend is let out in step with the clock: five visits of
 * 0.1 s of sample time under --time 0.5 take at least 0.4 s of the span's
 * 0.5, where without a span they take no clock time at all. */
static void what_a_point_may_spend_is_let_out_over_the_span(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.time_s = 0.5;
    fake.script[1].spread_ns = 8000000; /* never precise */
    double t0 = wall_s();
    assert_true(run_schedule());
    assert_true(wall_s() - t0 < 0.2);
    setup_run(sizes, 1);
    opt.sampling.time_s = 0.5;
    opt.sampling.span_s = 0.5;
    fake.script[1].spread_ns = 8000000;
    t0 = wall_s();
    assert_true(run_schedule());
    assert_true(wall_s() - t0 >= 0.4);
    assert_int_equal(stats.ends[END_TIME], 1);
}

/* --baseline: the ratios judged are against it (stats name it). */
static void the_baseline_asked_for_is_the_one_judged_against(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.baseline = "c";
    assert_true(run_schedule());
    assert_string_equal(stats.baseline, "c");
}

/* A library that fails leaves the point with its status (its samples of
 * that visit dropped, so that its blocks add up); the others go on, at the
 * next point too; one that crashed and would not restart is load_failed. */
static void a_failing_library_leaves_the_rotation(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16, 64};
    setup_run(sizes, 2);
    /* a's samples: 1-10 the first point's first visit, 11-20 the second
     * point's, 21-30 the first point's second visit */
    fake.script[0].fail_at_sample = 25;
    fake.script[2].crash_at_sample = 5;
    assert_true(run_schedule());
    assert_int_equal(out.n, 2 * NLIBS);
    /* rows arrive per point in library order */
    assert_int_equal(out.rows[0].status, ST_ERROR);
    assert_int_equal(out.rows[0].nsample, 10); /* the first visit's; the failed one's dropped */
    assert_int_equal(out.rows[0].nblock, 1);
    assert_int_equal(out.rows[1].status, ST_OK);
    assert_int_equal(out.rows[1].samples, 20);
    assert_int_equal(out.rows[2].status, ST_CRASHED);
    assert_non_null(strstr(out.rows[2].note, "signal 11"));
    assert_int_equal(out.rows[2].nsample, 0);
    assert_int_equal(out.rows[3].status, ST_OK); /* a failure is the point's, not the library's */
    assert_int_equal(out.rows[3].samples, 20);
    assert_int_equal(out.rows[4].status, ST_OK);
    assert_int_equal(out.rows[5].status, ST_LOAD_FAILED); /* crashed, would not restart */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_library_keeps_its_own_operation_count),
        cmocka_unit_test(order_changes_between_rounds),
        cmocka_unit_test(stops_after_the_minimum_visits_when_precise),
        cmocka_unit_test(a_wide_ratio_keeps_the_point_going),
        cmocka_unit_test(slow_operations_stop_at_six),
        cmocka_unit_test(stops_at_the_maximum),
        cmocka_unit_test(the_budget_never_cuts_the_first_pass),
        cmocka_unit_test(a_precise_point_waits_out_its_span),
        cmocka_unit_test(what_a_point_may_spend_is_let_out_over_the_span),
        cmocka_unit_test(the_baseline_asked_for_is_the_one_judged_against),
        cmocka_unit_test(a_failing_library_leaves_the_rotation),
    };
    return cmocka_run_group_tests_name("scheduler", tests, NULL, NULL);
}
