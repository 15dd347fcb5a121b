/* Paired comparison: the signed-rank test on per-round log ratios and the
 * Hodges-Lehmann ratio with its Tukey CI (stats/signedrank.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../stats/signedrank.h"

#include <math.h>
#include <stdlib.h>

static void exact_distribution_small_cases(void **state)
{
    (void)state;
    /* n = 3: W+ in 0..6 with counts 1 1 1 2 1 1 1 of 8 */
    assert_float_equal(signed_rank_exact_cdf(3, 0), 1.0 / 8, 1e-12);
    assert_float_equal(signed_rank_exact_cdf(3, 3), 5.0 / 8, 1e-12);
    assert_float_equal(signed_rank_exact_cdf(3, 6), 1.0, 1e-12);
    /* tables: n = 10, the two-sided 5% critical value is 8, P(W+ <= 8) = 25/1024 */
    assert_float_equal(signed_rank_exact_cdf(10, 8), 25.0 / 1024, 1e-12);
    assert_float_equal(signed_rank_exact_cdf(10, 7), 19.0 / 1024, 1e-12);
    assert_true(signed_rank_exact_cdf(5000, 1) < 0.0); /* beyond the table */
}

/* The machine's speed drifts by a factor of 4 over the run; in every round
 * NEW does exactly 1.1x OLD's work: the drift cancels in the pairs. */
static void drift_cancels_in_the_pairs(void **state)
{
    (void)state;
    double old[20], new[20];
    for (int i = 0; i < 20; i++) {
        old[i] = 1e9 * (1.0 + 3.0 * (i % 5) / 4.0) * (1.0 + 0.001 * i);
        new[i] = old[i] * 1.1 * (1.0 + 0.0001 * ((i * 7) % 20 - 10));
    }
    paired_ratio p;
    assert_true(signed_rank_ratio(old, new, 20, 0.05, &p));
    assert_int_equal(p.pairs, 20);
    assert_true(p.exact);
    assert_true(p.p_value < 1e-5);
    assert_true(p.ci_reaches_level);
    assert_true(p.low > 1.098 && p.high < 1.102);
    assert_float_equal(p.ratio, 1.1, 2e-3);
}

static void too_few_pairs_never_reach_the_level(void **state)
{
    (void)state;
    double old[] = {1, 1, 1, 1, 1}, new[] = {2, 2.1, 2.2, 2.3, 2.4};
    paired_ratio p;
    assert_true(signed_rank_ratio(old, new, 5, 0.05, &p));
    assert_false(p.ci_reaches_level);          /* 5 pairs: two-sided p >= 1/16 */
    assert_float_equal(p.p_value, 0.0625, 1e-12);
    assert_float_equal(p.low, 2.0, 1e-12);      /* the Walsh range */
    assert_float_equal(p.high, 2.4, 1e-12);
    double o6[] = {1, 1, 1, 1, 1, 1}, n6[] = {2, 2.1, 2.2, 2.3, 2.4, 2.5};
    assert_true(signed_rank_ratio(o6, n6, 6, 0.05, &p));
    assert_true(p.ci_reaches_level);            /* 6 pairs: p = 1/32 */
    assert_float_equal(p.p_value, 1.0 / 32, 1e-12);
}

/* Over many random data sets, "p < alpha" and "the CI excludes 1" agree
 * whenever the exact distribution is used. */
static void ci_and_test_agree(void **state)
{
    (void)state;
    srand(4242);
    int disagree = 0, checked = 0;
    for (int t = 0; t < 2000; t++) {
        size_t n = 6 + (size_t)(rand() % 30);
        double old[40], new[40], shift = ((rand() % 200) - 100) / 2000.0;
        for (size_t i = 0; i < n; i++) {
            old[i] = 1e6 * (1.0 + (rand() % 1000) / 1000.0);
            new[i] = old[i] * exp(shift + ((rand() % 100000) - 50000) / 1e6);
        }
        paired_ratio p;
        assert_true(signed_rank_ratio(old, new, n, 0.05, &p));
        if (!p.exact)
            continue;
        checked++;
        bool excludes = p.low > 1.0 || p.high < 1.0;
        disagree += excludes != (p.p_value < 0.05);
    }
    assert_true(checked > 1900);
    assert_int_equal(disagree, 0);
}

/* Under H0 (log ratios symmetric around 0) it rejects about alpha of the time. */
static void false_positive_rate_is_alpha(void **state)
{
    (void)state;
    srand(99);
    int rejected = 0, trials = 2000;
    for (int t = 0; t < trials; t++) {
        double old[15], new[15];
        for (int i = 0; i < 15; i++) {
            old[i] = 1e6 * (1.0 + (rand() % 1000) / 100.0); /* heavy drift */
            new[i] = old[i] * exp(((rand() % 200001) - 100000) / 1e6);
        }
        paired_ratio p;
        assert_true(signed_rank_ratio(old, new, 15, 0.05, &p));
        rejected += p.p_value < 0.05;
    }
    assert_true(rejected < trials * 0.065);
    assert_true(rejected > trials * 0.03);
}

/* Many rounds: the normal approximation, still consistent with the CI. */
static void large_samples_use_the_normal_approximation(void **state)
{
    (void)state;
    static double old[1000], new[1000];
    for (int i = 0; i < 1000; i++) {
        old[i] = 1e6 + i;
        new[i] = old[i] * (1.0 + ((i * 37) % 101 - 50) / 5000.0); /* centred on 1 */
    }
    paired_ratio p;
    assert_true(signed_rank_ratio(old, new, 1000, 0.05, &p));
    assert_false(p.exact);
    assert_true(p.low <= 1.0 && 1.0 <= p.high);
    assert_true(p.p_value > 0.05);
}

static void rejects_bad_input(void **state)
{
    (void)state;
    double a[] = {1, 2}, z[] = {0, 2};
    paired_ratio p;
    assert_false(signed_rank_ratio(a, a, 0, 0.05, &p));
    assert_false(signed_rank_ratio(a, z, 2, 0.05, &p));
    assert_false(signed_rank_ratio(a, a, 2, 0.0, &p));
    /* identical rounds: nothing to see */
    assert_true(signed_rank_ratio(a, a, 2, 0.05, &p));
    assert_float_equal(p.p_value, 1.0, 0.0);
    assert_float_equal(p.ratio, 1.0, 0.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(exact_distribution_small_cases),
        cmocka_unit_test(drift_cancels_in_the_pairs),
        cmocka_unit_test(too_few_pairs_never_reach_the_level),
        cmocka_unit_test(ci_and_test_agree),
        cmocka_unit_test(false_positive_rate_is_alpha),
        cmocka_unit_test(large_samples_use_the_normal_approximation),
        cmocka_unit_test(rejects_bad_input),
    };
    return cmocka_run_group_tests_name("signedrank", tests, NULL, NULL);
}
