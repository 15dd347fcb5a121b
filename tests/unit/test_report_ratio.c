/* `osslbench report`: speed-up ratios and their confidence intervals: the
 * visits' t interval (paired in one run, Welch apart), else none. */
#include "report_fixtures.h"

#include "../../stats/blocked.h"
#include "../../stats/summary.h"

#include <math.h>

static void no_ratio_without_both_sides(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    report_point p = {.workload = "sha256", .api = "fetch", .op = "digest", .bytes = 16};
    report_ratio q = report_speedup(report_find(&fx.r, rel_index(&fx.r, "3.0.20"), &p),
                                    report_find(&fx.r, fx.r.baseline, &p));
    assert_int_equal(q.method, CI_NONE);
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

/* Rows without visits (files of older versions, whatever their samples),
 * rows of the pooled p99, and a single sample: the ratio of the rates and
 * no interval at all, in one run or two. */
static void rows_without_visits_get_no_interval(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    report_point p = {.workload = "sha256", .api = "evp", .op = "digest", .bytes = 16};
    result_row row = *report_find(&fx.r, rel_index(&fx.r, "3.0.20"), &p);
    result_row base = *report_find(&fx.r, fx.r.baseline, &p);
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, CI_NO_CI);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_true(isnan(q.lo) && isnan(q.hi));
    assert_string_equal(ci_method_name(CI_NO_CI), "no-ci");
    fixture_unload(&fx);

    double a[40], b[40];
    uint32_t blocks[4] = {10, 10, 10, 10};
    for (int i = 0; i < 40; i++) {
        b[i] = 100.0 * (1 + i % 4);
        a[i] = 2.0 * b[i];
    }
    row = row_with_samples(a, 40), base = row_with_samples(b, 40);
    strcpy(row.run_id, "20261130T000000Z-00000000000000aa");
    strcpy(base.run_id, "20261130T000000Z-00000000000000aa");
    q = report_speedup(&row, &base);
    assert_int_equal(q.method, CI_NO_CI);
    assert_float_equal(q.ratio, row.rate / base.rate, 1e-12);
    assert_true(isnan(q.lo) && isnan(q.hi));
    row.sample_blocks = base.sample_blocks = blocks;
    row.nblock = base.nblock = 4;
    strcpy(row.rate_stat, "p99");
    strcpy(base.rate_stat, "p99");
    assert_int_equal(report_speedup(&row, &base).method, CI_NO_CI);
    strcpy(row.rate_stat, "vp90");
    strcpy(base.rate_stat, "vp90");
    assert_int_equal(report_speedup(&row, &base).method, CI_PAIRED);
    /* one sample a side: no unit to spread over */
    uint32_t one[1] = {1};
    row.nsample = base.nsample = 1;
    row.sample_blocks = base.sample_blocks = one;
    row.nblock = base.nblock = 1;
    assert_int_equal(report_speedup(&row, &base).method, CI_NO_CI);
    assert_int_equal(report_ratio_unpaired(&row, &base).method, CI_NO_CI);
}

/* Rows of this version (rate_stat vp90, sample_blocks): the mean of the
 * visits' ratios with Student's t, paired within a run ("paired"), Welch's
 * t over each side's visits across runs ("welch"); a row that stayed
 * disturbed marks its ratios. */
static void rows_of_visits_get_the_visit_t_interval(void **state)
{
    (void)state;
    double a[40], b[40];
    uint32_t blocks[4] = {10, 10, 10, 10};
    for (int i = 0; i < 40; i++) {
        b[i] = 100.0 * (1 + 0.01 * (i % 7) + 0.03 * (i / 10)); /* each visit a little faster */
        a[i] = 2.0 * b[i];
    }
    result_row row = row_with_samples(a, 40), base = row_with_samples(b, 40);
    row.sample_blocks = base.sample_blocks = blocks;
    row.nblock = base.nblock = 4;
    strcpy(row.rate_stat, "vp90");
    strcpy(base.rate_stat, "vp90");
    strcpy(row.run_id, "20261130T000000Z-00000000000000aa");
    strcpy(base.run_id, "20261130T000000Z-00000000000000aa");
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, CI_PAIRED);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    /* every visit's ratio is exactly 2: the interval is the resolution's */
    assert_float_equal(q.lo, 2.0 * exp(-RATE_RESOLUTION * REPEAT_WIDENING), 1e-12);
    assert_float_equal(q.hi, 2.0 * exp(RATE_RESOLUTION * REPEAT_WIDENING), 1e-12);
    assert_false(q.disturbed);
    /* the same rows, not paired (N workers vs one): Welch's t sees the
     * visits' spread on each side (0.09 from first to last here) */
    q = report_ratio_unpaired(&row, &base);
    assert_int_equal(q.method, CI_WELCH);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_true(q.lo < 2.0 * exp(-RATE_RESOLUTION) && q.hi > 2.0 * exp(RATE_RESOLUTION));
    strcpy(base.run_id, "20261130T000000Z-00000000000000bb");
    q = report_speedup(&row, &base);
    assert_int_equal(q.method, CI_WELCH);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    /* 1 of 40 kept samples stayed disturbed (2.5%): the ratio says so */
    row.disturbed = 1;
    q = report_speedup(&row, &base);
    assert_true(q.disturbed);
    assert_true(report_row_disturbed(&row));
    row.disturbed = 0;
    row.retaken = 30; /* retaken, and clean in the end: nothing to say */
    assert_false(report_row_disturbed(&row));
    assert_string_equal(ci_method_name(CI_PAIRED), "paired");
    row.sample_blocks = base.sample_blocks = NULL; /* the fixture owns nothing */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rows_without_visits_get_no_interval),
        cmocka_unit_test(no_ratio_without_both_sides),
        cmocka_unit_test(rows_of_visits_get_the_visit_t_interval),
    };
    return cmocka_run_group_tests_name("report: speed-up ratios", tests, NULL, NULL);
}
