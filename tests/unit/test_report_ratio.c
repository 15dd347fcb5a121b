/* `osslbench report`: speed-up ratios and their confidence intervals, from
 * the CI bounds, a bootstrap or paired rounds, as the samples allow. */
#include "report_fixtures.h"

#include "../../stats/summary.h"

#include <math.h>

/* 6 or 7 samples a side (rows of different runs): the bounds of the two
 * medians' 95% CIs.  Fewer: those "CIs" are sample ranges (75% coverage at
 * 3 samples), so no interval is claimed at all. */
static void ratio_from_ci_bounds_with_few_samples(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    report_point p = {.workload = "sha256", .api = "evp", .op = "digest", .bytes = 16};
    result_row row = *report_find(&fx.r, rel_index(&fx.r, "3.0.20"), &p);
    result_row base = *report_find(&fx.r, fx.r.baseline, &p);
    row.nsample = base.nsample = 0; /* no raw samples: the summary columns only */
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_NO_CI); /* 3 samples */
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_true(isnan(q.lo) && isnan(q.hi));
    row.samples = base.samples = 6;
    q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_BOUNDS);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_float_equal(q.lo, 1.9e6 / 1.05e6, 1e-12);
    assert_float_equal(q.hi, 2.1e6 / 0.95e6, 1e-12);
    assert_string_equal(ratio_method_name(RATIO_NO_CI), "no-ci");
    fixture_unload(&fx);
}

static void no_ratio_without_both_sides(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    report_point p = {.workload = "sha256", .api = "fetch", .op = "digest", .bytes = 16};
    report_ratio q = report_speedup(report_find(&fx.r, rel_index(&fx.r, "3.0.20"), &p),
                                    report_find(&fx.r, fx.r.baseline, &p));
    assert_int_equal(q.method, RATIO_NONE);
    assert_true(isnan(q.ratio));
    report_point s = {.workload = "rsa2048", .api = "evp", .op = "sign", .bytes = 0};
    assert_null(report_find(&fx.r, rel_index(&fx.r, "system-3.0.19"), &s)); /* crashed */
    assert_non_null(report_find_any(&fx.r, rel_index(&fx.r, "system-3.0.19"), &s));
    fixture_unload(&fx);
}

static result_row row_with_samples(double *xs, size_t n)
{
    result_row r = {.status = ST_OK, .sample_rates = xs, .nsample = n};
    double *copy = malloc(n * sizeof *copy);
    memcpy(copy, xs, n * sizeof *copy);
    qsort(copy, n, sizeof *copy, compare_doubles);
    r.rate = n % 2 ? copy[n / 2] : (copy[n / 2 - 1] + copy[n / 2]) / 2;
    r.ci_low = copy[0];
    r.ci_high = copy[n - 1];
    free(copy);
    return r;
}

static void bootstrap_ratio_is_reproducible_and_brackets_the_estimate(void **state)
{
    (void)state;
    double a[20], b[20];
    for (int i = 0; i < 20; i++) {
        a[i] = 200.0 + (i * 7 % 11);  /* 200..210 */
        b[i] = 100.0 + (i * 3 % 5);   /* 100..104 */
    }
    result_row row = row_with_samples(a, 20), base = row_with_samples(b, 20);
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_BOOTSTRAP);
    assert_true(q.lo <= q.ratio && q.ratio <= q.hi);
    assert_true(q.lo > 200.0 / 104.0 - 1e-9 && q.hi < 210.0 / 100.0 + 1e-9);
    /* narrower than the conservative bound from the sample ranges */
    assert_true(q.hi - q.lo < 210.0 / 100.0 - 200.0 / 104.0);
    report_ratio again = report_speedup(&row, &base);
    assert_float_equal(again.lo, q.lo, 0.0);
    assert_float_equal(again.hi, q.hi, 0.0);

    double c[10] = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, d[10] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    result_row rc = row_with_samples(c, 10), rd = row_with_samples(d, 10);
    q = report_speedup(&rc, &rd);
    assert_float_equal(q.ratio, 2.5, 1e-12);
    assert_float_equal(q.lo, 2.5, 1e-12);
    assert_float_equal(q.hi, 2.5, 1e-12);
}

static void paired_ratio_cancels_drift_within_a_run(void **state)
{
    (void)state;
    /* The machine slows down and speeds up during the run; the release is
     * always exactly twice as fast as the baseline in the same round. */
    double a[12], b[12];
    for (int i = 0; i < 12; i++) {
        b[i] = 100.0 * (1 + i % 4);
        a[i] = 2.0 * b[i];
    }
    result_row row = row_with_samples(a, 12), base = row_with_samples(b, 12);
    strcpy(row.run_id, "20261130T000000Z-00000000000000aa");
    strcpy(base.run_id, "20261130T000000Z-00000000000000aa");
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_PAIRED);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_float_equal(q.lo, 2.0, 1e-12);
    assert_float_equal(q.hi, 2.0, 1e-12);
    /* rows of different runs are not paired, even if they started in the
     * same second: the bootstrap sees the drift */
    strcpy(row.timestamp, "2026-11-30T00:00:00Z");
    strcpy(base.timestamp, "2026-11-30T00:00:00Z");
    strcpy(base.run_id, "20261130T000000Z-00000000000000bb");
    q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_BOOTSTRAP);
    assert_true(q.hi - q.lo > 0.5);
    assert_string_equal(ratio_method_name(RATIO_PAIRED), "paired");
}

/* Rows of this version (rate_stat, sample_blocks): the ratio of their 99th
 * percentiles, an interval over visits, paired within a run ("blocks"),
 * each side on its own across runs ("apart"); a row that stayed disturbed
 * marks its ratios. */
static void rows_of_visits_are_resampled_by_visit(void **state)
{
    (void)state;
    double a[40], b[40];
    uint32_t blocks[4] = {10, 10, 10, 10};
    for (int i = 0; i < 40; i++) {
        b[i] = 100.0 * (1 + 0.01 * (i % 7));
        a[i] = 2.0 * b[i];
    }
    result_row row = row_with_samples(a, 40), base = row_with_samples(b, 40);
    row.sample_blocks = base.sample_blocks = blocks;
    row.nblock = base.nblock = 4;
    strcpy(row.rate_stat, "p99");
    strcpy(base.rate_stat, "p99");
    strcpy(row.run_id, "20261130T000000Z-00000000000000aa");
    strcpy(base.run_id, "20261130T000000Z-00000000000000aa");
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_BLOCKS);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_true(q.lo <= 2.0 && q.hi >= 2.0 && q.hi / q.lo < 1.01);
    assert_false(q.disturbed);
    strcpy(base.run_id, "20261130T000000Z-00000000000000bb");
    q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_APART);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    /* 1 of 40 kept samples stayed disturbed (2.5%): the ratio says so */
    row.disturbed = 1;
    q = report_speedup(&row, &base);
    assert_true(q.disturbed);
    assert_true(report_row_disturbed(&row));
    row.disturbed = 0;
    row.retaken = 30; /* retaken, and clean in the end: nothing to say */
    assert_false(report_row_disturbed(&row));
    assert_string_equal(ratio_method_name(RATIO_BLOCKS), "blocks");
    row.sample_blocks = base.sample_blocks = NULL; /* the fixture owns nothing */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ratio_from_ci_bounds_with_few_samples),
        cmocka_unit_test(no_ratio_without_both_sides),
        cmocka_unit_test(bootstrap_ratio_is_reproducible_and_brackets_the_estimate),
        cmocka_unit_test(paired_ratio_cancels_drift_within_a_run),
        cmocka_unit_test(rows_of_visits_are_resampled_by_visit),
    };
    return cmocka_run_group_tests_name("report: speed-up ratios", tests, NULL, NULL);
}
