/* stats/blocked.h: the rate of a noisy machine's samples (their 99th
 * percentile, or the median), the ratio of two libraries, and bootstrap
 * intervals that resample whole visits: known answers, a slow mode that
 * the median follows and the estimate does not, deterministic results, an
 * interval that covers the next run's estimate, and bad input refused. */
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
    blocked_interval iv, again;
    assert_true(blocked_ratio(a, b, N, blocks, 5, RATE_UPPER, 0.05, &iv));
    assert_true(iv.estimate > 1.95 && iv.estimate < 2.05);
    assert_true(iv.low <= iv.estimate && iv.estimate <= iv.high);
    assert_true(iv.high / iv.low < 1.05);
    assert_int_equal(iv.blocks, 5);
    assert_true(iv.p_value < 0.01);
    /* the same data, the same interval: seeded from the data */
    assert_true(blocked_ratio(a, b, N, blocks, 5, RATE_UPPER, 0.05, &again));
    assert_float_equal(again.low, iv.low, 0);
    assert_float_equal(again.high, iv.high, 0);
    /* a library against itself: 1, and not significant; the interval no
     * narrower than the resolution, though every resample agrees (a second
     * run's: widened as the rest) */
    assert_true(blocked_ratio(a, a, N, blocks, 5, RATE_UPPER, 0.05, &iv));
    assert_float_equal(iv.estimate, 1, 0);
    assert_true(iv.p_value > 0.5);
    assert_float_equal(iv.low, exp(-RATE_RESOLUTION * REPEAT_WIDENING), 1e-12);
    assert_float_equal(iv.high, exp(RATE_RESOLUTION * REPEAT_WIDENING), 1e-12);
    /* apart (two runs): the same ratio, each side resampled on its own */
    assert_true(blocked_ratio_apart(a, N, blocks, 5, b, N, blocks, 5, RATE_UPPER, 0.05, &iv));
    assert_true(iv.estimate > 1.95 && iv.estimate < 2.05);
    assert_true(iv.low <= iv.estimate && iv.estimate <= iv.high);
    /* no blocks: rounds are resampled */
    assert_true(blocked_ratio(a, b, N, NULL, 0, RATE_MEDIAN, 0.05, &iv));
    assert_int_equal(iv.blocks, 1);
    assert_true(isfinite(blocked_rel_halfwidth(&iv)));
}

/* Blocks that differ widen the interval: half the visits found the library
 * a tenth slower than the other half. */
static void blocks_that_differ_widen_the_interval(void **state)
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
    assert_true(blocked_ratio(a, b, N, blocks, 10, RATE_MEDIAN, 0.05, &same));
    assert_true(blocked_ratio(a, c, N, blocks, 10, RATE_MEDIAN, 0.05, &differ));
    assert_true(blocked_rel_halfwidth(&differ) > 2 * blocked_rel_halfwidth(&same));
    assert_true(blocked_rel_halfwidth(&differ) > 0.01);
}

/* Runs of one plan whose visits each shift the new library's rate by a
 * random few percent (a layout, the host's mood): the interval of one run
 * must cover the next run's estimate about 95% of the time.  An interval
 * of the true ratio alone (not widened) covers it only about 83% of the
 * time: the next run's error adds to this one's.  The median: a statistic
 * whose bootstrap holds for any spread of the visits (the 99th percentile
 * of so few visits would be the fastest visit's). */
static uint64_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    return *x >> 11;
}

static double normal(uint64_t *x)
{
    double u1 = ((double)lcg(x) + 1) / 9007199254740993.0, u2 = (double)lcg(x) / 9007199254740992.0;
    return sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

static void simulated_run(uint64_t *x, double *est, double *low, double *high)
{
    enum { VISITS = 8, ROUNDS = 40, N = VISITS * ROUNDS };
    double a[N], b[N];
    uint32_t blocks[VISITS];
    for (size_t v = 0; v < VISITS; v++) {
        blocks[v] = ROUNDS;
        double shift = 1 + 0.02 * normal(x);
        for (size_t r = 0; r < ROUNDS; r++) {
            size_t i = v * ROUNDS + r;
            a[i] = 1000 * (1 - 0.01 * ((double)lcg(x) / 9007199254740992.0));
            b[i] = 500 * shift * (1 - 0.01 * ((double)lcg(x) / 9007199254740992.0));
        }
    }
    blocked_interval iv;
    assert_true(blocked_ratio(a, b, N, blocks, VISITS, RATE_MEDIAN, 0.05, &iv));
    *est = iv.estimate, *low = iv.low, *high = iv.high;
}

static void an_interval_covers_the_next_run(void **state)
{
    (void)state;
    enum { RUNS = 200 };
    uint64_t x = 11;
    double est[RUNS], low[RUNS], high[RUNS];
    for (size_t i = 0; i < RUNS; i++)
        simulated_run(&x, &est[i], &low[i], &high[i]);
    size_t covered = 0;
    for (size_t i = 0; i + 1 < RUNS; i++)
        covered += low[i] <= est[i + 1] && est[i + 1] <= high[i];
    double share = (double)covered / (RUNS - 1);
    print_message("    the next run's estimate covered %.0f%% of the time\n", 100 * share);
    assert_true(share >= 0.88);
    assert_true(share <= 0.995); /* not by an interval as wide as anything */
}

static void bad_input_is_refused(void **state)
{
    (void)state;
    double a[4] = {1, 2, 3, 4}, z[4] = {1, 0, 3, 4};
    uint32_t wrong[2] = {2, 3};
    blocked_interval iv;
    assert_false(blocked_rate(a, 0, NULL, 0, RATE_UPPER, &iv));
    assert_false(blocked_rate(z, 4, NULL, 0, RATE_UPPER, &iv));
    assert_false(blocked_rate(a, 4, wrong, 2, RATE_UPPER, &iv));
    assert_false(blocked_ratio(a, z, 4, NULL, 0, RATE_UPPER, 0.05, &iv));
    assert_true(blocked_rate(a, 4, NULL, 0, RATE_UPPER, &iv));
    blocked_interval none = {.low = NAN, .high = NAN};
    assert_true(isinf(blocked_rel_halfwidth(&none)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_estimate_is_the_kth_fastest),
        cmocka_unit_test(a_slow_mode_does_not_move_the_estimate),
        cmocka_unit_test(ratios_and_their_intervals),
        cmocka_unit_test(blocks_that_differ_widen_the_interval),
        cmocka_unit_test(an_interval_covers_the_next_run),
        cmocka_unit_test(bad_input_is_refused),
    };
    return cmocka_run_group_tests_name("blocked", tests, NULL, NULL);
}
