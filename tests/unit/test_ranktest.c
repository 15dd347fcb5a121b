/* Mann-Whitney rank test and the Hodges-Lehmann ratio with its Moses CI. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../stats/ranktest.h"

#include <math.h>
#include <stdlib.h>

/* A fixed little generator: tests must not depend on libc's rand(). */
static uint64_t lcg_state;
static double uniform01(void)
{
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(lcg_state >> 11) / 9007199254740992.0;
}

static void exact_distribution_small_cases(void **state)
{
    (void)state;
    /* m = n = 3: 20 equally likely orderings, one with U = 0, one with U = 1. */
    assert_float_equal(mann_whitney_exact_cdf(3, 3, 0), 1.0 / 20.0, 1e-12);
    assert_float_equal(mann_whitney_exact_cdf(3, 3, 1), 2.0 / 20.0, 1e-12);
    assert_float_equal(mann_whitney_exact_cdf(3, 3, 9), 1.0, 1e-12);
    /* Symmetry: P(U <= u) = P(U >= mn - u). */
    assert_float_equal(mann_whitney_exact_cdf(4, 7, 10), 1.0 - mann_whitney_exact_cdf(4, 7, 17),
                       1e-12);
    /* Too large for the table: says so. */
    assert_true(mann_whitney_exact_cdf(100, 100, 10) < 0.0);
}

/* Published tables: for n1 = n2 = 10 the two-sided 5% critical value is 23,
 * for n1 = n2 = 20 it is 127. */
static void exact_distribution_matches_tables(void **state)
{
    (void)state;
    assert_true(mann_whitney_exact_cdf(10, 10, 23) <= 0.025);
    assert_true(mann_whitney_exact_cdf(10, 10, 24) > 0.025);
    assert_true(mann_whitney_exact_cdf(20, 20, 127) <= 0.025);
    assert_true(mann_whitney_exact_cdf(20, 20, 128) > 0.025);
}

static void complete_separation(void **state)
{
    (void)state;
    double x[] = {10, 11, 12, 13, 14}, y[] = {1, 2, 3, 4, 5};
    rank_test rt;
    assert_true(mann_whitney(x, 5, y, 5, &rt));
    assert_true(rt.exact);
    assert_float_equal(rt.u, 0.0, 1e-12);
    assert_float_equal(rt.p_value, 2.0 / 252.0, 1e-12);
    /* Swapping the sides: U becomes mn - U, the p-value stays. */
    assert_true(mann_whitney(y, 5, x, 5, &rt));
    assert_float_equal(rt.u, 25.0, 1e-12);
    assert_float_equal(rt.p_value, 2.0 / 252.0, 1e-12);
}

static void ties_use_the_corrected_normal_approximation(void **state)
{
    (void)state;
    double same[] = {7, 7, 7, 7};
    rank_test rt;
    assert_true(mann_whitney(same, 4, same, 4, &rt));
    assert_false(rt.exact);
    assert_float_equal(rt.p_value, 1.0, 1e-12);

    double x[] = {1, 2, 2, 3, 3, 3, 4, 4, 5, 5}, y[] = {6, 6, 7, 7, 8, 8, 9, 9, 9, 10};
    assert_true(mann_whitney(x, 10, y, 10, &rt));
    assert_false(rt.exact);
    assert_true(rt.p_value < 0.001);
    assert_false(mann_whitney(x, 0, y, 10, &rt));
}

static void normal_quantile(void **state)
{
    (void)state;
    assert_float_equal(normal_upper_quantile(0.025), 1.959963985, 1e-6);
    assert_float_equal(normal_upper_quantile(0.5), 0.0, 1e-9);
    assert_float_equal(normal_upper_quantile(0.975), -1.959963985, 1e-6);
}

static void ratio_of_scaled_samples(void **state)
{
    (void)state;
    double x[] = {100, 101, 99, 102, 98, 100.5, 99.5}, y[7];
    for (int i = 0; i < 7; i++)
        y[i] = 4.0 * x[i];
    ratio_estimate re;
    assert_true(hodges_lehmann_ratio(x, 7, y, 7, 0.05, &re));
    assert_float_equal(re.ratio, 4.0, 1e-9);
    assert_true(re.low <= 4.0 && re.high >= 4.0);
    assert_true(re.low > 3.8 && re.high < 4.2);
    assert_true(re.ci_reaches_level);
}

static void ratio_needs_enough_samples_for_its_level(void **state)
{
    (void)state;
    double x[] = {1, 2}, y[] = {3, 4};
    ratio_estimate re;
    assert_true(hodges_lehmann_ratio(x, 2, y, 2, 0.05, &re));
    assert_false(re.ci_reaches_level);
    assert_float_equal(re.low, 3.0 / 2.0, 1e-12); /* the whole range of pair ratios */
    assert_float_equal(re.high, 4.0 / 1.0, 1e-12);
}

static void ratio_rejects_bad_input(void **state)
{
    (void)state;
    double x[] = {1, 0}, y[] = {3, 4}, z[] = {1, -1};
    ratio_estimate re;
    assert_false(hodges_lehmann_ratio(x, 2, y, 2, 0.05, &re));
    assert_false(hodges_lehmann_ratio(y, 2, z, 2, 0.05, &re));
    assert_false(hodges_lehmann_ratio(y, 2, y, 2, 0.0, &re));
    assert_false(hodges_lehmann_ratio(y, 0, y, 2, 0.05, &re));
}

/* The Moses CI inverts the exact rank test: with tie-free samples, "p <
 * alpha" and "the CI excludes 1" must agree, for any shift. */
static void ci_and_test_agree(void **state)
{
    (void)state;
    lcg_state = 42;
    int disagreements = 0, significant = 0;
    for (int trial = 0; trial < 300; trial++) {
        double x[12], y[9], shift = 1.0 + 0.04 * (uniform01() - 0.5);
        for (int i = 0; i < 12; i++)
            x[i] = 1000.0 * (1.0 + 0.02 * uniform01());
        for (int j = 0; j < 9; j++)
            y[j] = 1000.0 * shift * (1.0 + 0.02 * uniform01());
        rank_test rt;
        ratio_estimate re;
        assert_true(mann_whitney(x, 12, y, 9, &rt));
        assert_true(hodges_lehmann_ratio(x, 12, y, 9, 0.05, &re));
        bool excludes = re.low > 1.0 || re.high < 1.0;
        significant += rt.p_value < 0.05;
        disagreements += excludes != (rt.p_value < 0.05);
    }
    assert_int_equal(disagreements, 0);
    assert_true(significant > 30 && significant < 270); /* both cases were exercised */
}

/* Same distribution on both sides: the test must be wrong about 5% of the
 * time at alpha = 0.05, not more (normal approximation, large samples). */
static void false_positive_rate_is_alpha(void **state)
{
    (void)state;
    lcg_state = 7;
    int rejected = 0, trials = 400;
    for (int t = 0; t < trials; t++) {
        double x[60], y[60];
        for (int i = 0; i < 60; i++) {
            x[i] = 1000.0 + uniform01();
            y[i] = 1000.0 + uniform01();
        }
        rank_test rt;
        assert_true(mann_whitney(x, 60, y, 60, &rt));
        assert_false(rt.exact);
        rejected += rt.p_value < 0.05;
    }
    assert_true(rejected >= 8 && rejected <= 35); /* 20 expected; binomial 99.9% band */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_distribution_small_cases),
        cmocka_unit_test(exact_distribution_matches_tables),
        cmocka_unit_test(complete_separation),
        cmocka_unit_test(ties_use_the_corrected_normal_approximation),
        cmocka_unit_test(normal_quantile),
        cmocka_unit_test(ratio_of_scaled_samples),
        cmocka_unit_test(ratio_needs_enough_samples_for_its_level),
        cmocka_unit_test(ratio_rejects_bad_input),
        cmocka_unit_test(ci_and_test_agree),
        cmocka_unit_test(false_positive_rate_is_alpha),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
