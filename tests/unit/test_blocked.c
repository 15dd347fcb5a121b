/* stats/blocked.h: the rate of a noisy machine's samples (their 99th
 * percentile, or the median), the ratio of two libraries, and its two
 * intervals over visits (paired visit-t, Welch apart; stats/visit_stat.h
 * checks their numbers): known answers, a slow mode that the median
 * follows and the estimate does not, no interval but for vp90 and vmedian
 * rows, and bad input refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../stats/blocked.h"

#include <math.h>
#include <stdlib.h>

static void the_estimate_is_the_kth_fastest(void **state)
{
    (void)state;
    double v[200];
    for (size_t i = 0; i < 200; i++)
        v[i] = (double)(i + 1); /* 1 .. 200 */
    /* n = 200: k = 2, the second fastest */
    assert_float_equal(rate_estimate(v, 200, RATE_UPPER), 199, 0);
    assert_float_equal(rate_estimate(v, 100, RATE_UPPER), 100, 0); /* k = 1 */
    assert_float_equal(rate_estimate(v, 101, RATE_UPPER), 100, 0); /* k = 2 */
    assert_float_equal(rate_estimate(v, 6, RATE_UPPER), 6, 0);
    assert_float_equal(rate_estimate(v, 5, RATE_MEDIAN), 3, 0);
    assert_float_equal(rate_estimate(v, 6, RATE_MEDIAN), 3.5, 0);
    rate_stat st;
    assert_true(rate_stat_parse("p99", &st) && st == RATE_UPPER);
    assert_true(rate_stat_parse("median", &st) && st == RATE_MEDIAN);
    assert_false(rate_stat_parse("", &st));
    assert_string_equal(rate_stat_name(RATE_UPPER), "p99");
}

/* A neighbour slows 70% of the samples by up to half: the median moves
 * with it, the estimate stays at the library's own speed. */
static void a_slow_mode_does_not_move_the_estimate(void **state)
{
    (void)state;
    enum { N = 400 };
    double v[N];
    uint64_t x = 7;
    for (size_t i = 0; i < N; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        double u = (double)(x >> 11) / 9007199254740992.0;
        v[i] = i % 10 < 3 ? 100.0 * (1 - 0.002 * u) : 100.0 * (0.5 + 0.4 * u);
    }
    assert_true(rate_estimate(v, N, RATE_UPPER) > 99.7);
    assert_true(rate_estimate(v, N, RATE_MEDIAN) < 90);
}

static void ratios_and_their_intervals(void **state)
{
    (void)state;
    enum { N = 200 };
    double a[N], b[N];
    uint32_t blocks[5] = {40, 40, 40, 40, 40};
    uint64_t x = 3;
    for (size_t i = 0; i < N; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        double u = (double)(x >> 11) / 9007199254740992.0;
        a[i] = 1000 * (0.98 + 0.02 * u);
        b[i] = 2 * a[i] * (0.99 + 0.01 * u);
    }
    blocked_interval iv;
    assert_true(blocked_ratio(a, b, N, blocks, 5, RATE_VISIT_UPPER, 0.05, &iv));
    assert_true(iv.estimate > 1.95 && iv.estimate < 2.05);
    assert_true(iv.low <= iv.estimate && iv.estimate <= iv.high);
    assert_true(iv.high / iv.low < 1.05);
    assert_int_equal(iv.blocks, 5);
    assert_true(iv.p_value < 0.01);
    /* a library against itself: 1, and not significant; the interval no
     * narrower than the resolution (a second run's: widened as the rest) */
    assert_true(blocked_ratio(a, a, N, blocks, 5, RATE_VISIT_UPPER, 0.05, &iv));
    assert_float_equal(iv.estimate, 1, 0);
    assert_true(iv.p_value > 0.5);
    assert_float_equal(iv.low, exp(-RATE_RESOLUTION * REPEAT_WIDENING), 1e-12);
    assert_float_equal(iv.high, exp(RATE_RESOLUTION * REPEAT_WIDENING), 1e-12);
    /* apart (two runs): the same ratio, Welch's t over each side's visits */
    assert_true(blocked_ratio_apart(a, N, blocks, 5, b, N, blocks, 5, RATE_VISIT_UPPER, 0.05,
                                    &iv));
    assert_true(iv.estimate > 1.95 && iv.estimate < 2.05);
    assert_true(iv.low <= iv.estimate && iv.estimate <= iv.high);
    /* one visit: its rounds are the units */
    assert_true(blocked_ratio(a, b, N, NULL, 0, RATE_VISIT_MEDIAN, 0.05, &iv));
    assert_int_equal(iv.blocks, N);
    assert_true(isfinite(blocked_rel_halfwidth(&iv)));
    /* the pooled statistics of older files (and counts): no interval at all */
    assert_false(blocked_ratio(a, b, N, blocks, 5, RATE_UPPER, 0.05, &iv));
    assert_false(blocked_ratio(a, b, N, blocks, 5, RATE_MEDIAN, 0.05, &iv));
    assert_false(blocked_ratio_apart(a, N, blocks, 5, b, N, blocks, 5, RATE_UPPER, 0.05, &iv));
    assert_false(blocked_rate(a, N, blocks, 5, RATE_MEDIAN, &iv));
    /* apart, one side of a single sample: none either */
    assert_false(blocked_ratio_apart(a, N, blocks, 5, b, 1, NULL, 0, RATE_VISIT_UPPER, 0.05, &iv));
}

/* Visits that differ widen the interval: half the visits found the library
 * a tenth slower than the other half. */
static void visits_that_differ_widen_the_interval(void **state)
{
    (void)state;
    enum { N = 200 };
    double a[N], b[N], c[N];
    uint32_t blocks[10] = {20, 20, 20, 20, 20, 20, 20, 20, 20, 20};
    for (size_t i = 0; i < N; i++) {
        a[i] = 1000 + (double)(i % 7);
        b[i] = 500 + (double)(i % 5);
        c[i] = b[i] * ((i / 20) % 2 ? 0.9 : 1.0);
    }
    blocked_interval same, differ;
    assert_true(blocked_ratio(a, b, N, blocks, 10, RATE_VISIT_MEDIAN, 0.05, &same));
    assert_true(blocked_ratio(a, c, N, blocks, 10, RATE_VISIT_MEDIAN, 0.05, &differ));
    assert_true(blocked_rel_halfwidth(&differ) > 2 * blocked_rel_halfwidth(&same));
    assert_true(blocked_rel_halfwidth(&differ) > 0.01);
    assert_true(blocked_ratio_apart(a, N, blocks, 10, c, N, blocks, 10, RATE_VISIT_MEDIAN, 0.05,
                                    &differ));
    assert_true(blocked_rel_halfwidth(&differ) > 0.01);
}

static void bad_input_is_refused(void **state)
{
    (void)state;
    double a[4] = {1, 2, 3, 4}, z[4] = {1, 0, 3, 4};
    uint32_t wrong[2] = {2, 3};
    blocked_interval iv;
    assert_false(blocked_rate(a, 0, NULL, 0, RATE_VISIT_UPPER, &iv));
    assert_false(blocked_rate(z, 4, NULL, 0, RATE_VISIT_UPPER, &iv));
    assert_false(blocked_rate(a, 4, wrong, 2, RATE_VISIT_UPPER, &iv));
    assert_false(blocked_ratio(a, z, 4, NULL, 0, RATE_VISIT_UPPER, 0.05, &iv));
    assert_true(blocked_rate(a, 4, NULL, 0, RATE_VISIT_UPPER, &iv));
    blocked_interval none = {.low = NAN, .high = NAN};
    assert_true(isinf(blocked_rel_halfwidth(&none)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_estimate_is_the_kth_fastest),
        cmocka_unit_test(a_slow_mode_does_not_move_the_estimate),
        cmocka_unit_test(ratios_and_their_intervals),
        cmocka_unit_test(visits_that_differ_widen_the_interval),
        cmocka_unit_test(bad_input_is_refused),
    };
    return cmocka_run_group_tests_name("blocked", tests, NULL, NULL);
}
