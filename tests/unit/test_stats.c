/* Median and its distribution-free confidence interval. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../stats/summary.h"

#include <math.h>
#include <stdlib.h>

static void median_of_odd_and_even_counts(void **state)
{
    (void)state;
    double odd[] = {5, 1, 3};
    double even[] = {4, 1, 3, 2};
    assert_float_equal(summarize(odd, 3).median, 3.0, 1e-12);
    assert_float_equal(summarize(even, 4).median, 2.5, 1e-12);
    assert_float_equal(summarize(NULL, 0).median, 0.0, 1e-12);
}

static void small_samples_use_the_range(void **state)
{
    (void)state;
    double xs[] = {10, 12, 11, 9, 13};
    sample_summary s = summarize(xs, 5);
    assert_float_equal(s.ci_low, 9.0, 1e-12);
    assert_float_equal(s.ci_high, 13.0, 1e-12);
}

/* Known ranks from binomial tables: n = 10 -> (2, 9), n = 20 -> (6, 15),
 * n = 100 -> (40, 61). */
static void ci_ranks_match_binomial_tables(void **state)
{
    (void)state;
    size_t lo, hi;
    median_ci_ranks(10, &lo, &hi);
    assert_int_equal(lo, 2);
    assert_int_equal(hi, 9);
    median_ci_ranks(20, &lo, &hi);
    assert_int_equal(lo, 6);
    assert_int_equal(hi, 15);
    median_ci_ranks(100, &lo, &hi);
    assert_int_equal(lo, 40);
    assert_int_equal(hi, 61);
}

/* Coverage check by simulation: the interval must contain the true median
 * of a skewed distribution in about 95% of repeated experiments. */
static void ci_covers_the_true_median(void **state)
{
    (void)state;
    srand(12345);
    const double true_median = log(2.0); /* of Exp(1) */
    int covered = 0, trials = 2000;
    double xs[15];
    for (int t = 0; t < trials; t++) {
        for (int i = 0; i < 15; i++)
            xs[i] = -log((rand() + 1.0) / ((double)RAND_MAX + 2.0));
        sample_summary s = summarize(xs, 15);
        covered += s.ci_low <= true_median && true_median <= s.ci_high;
    }
    assert_true(covered >= trials * 0.94);
}

static void relative_half_width(void **state)
{
    (void)state;
    sample_summary s = {.median = 100, .ci_low = 98, .ci_high = 102, .n = 10};
    assert_float_equal(summary_rel_halfwidth(&s), 0.02, 1e-12);
    s.median = 0;
    assert_true(isinf(summary_rel_halfwidth(&s)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(median_of_odd_and_even_counts),
        cmocka_unit_test(small_samples_use_the_range),
        cmocka_unit_test(ci_ranks_match_binomial_tables),
        cmocka_unit_test(ci_covers_the_true_median),
        cmocka_unit_test(relative_half_width),
    };
    return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
