/* The verdict rule (threshold AND significance), the pairing of two result
 * sets and the output formats. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/report.h"
#include "../../analysis/verdict.h"
#include "../../analysis/verdict_format.h"
#include "../../analysis/verdict_set.h"
#include "../../stats/blocked.h"
#include "../../stats/summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t lcg_state;
static double uniform01(void)
{
    lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(lcg_state >> 11) / 9007199254740992.0;
}

/* n samples around `center` with +-spread relative noise. */
static void fill(double *xs, size_t n, double center, double spread)
{
    for (size_t i = 0; i < n; i++)
        xs[i] = center * (1.0 + spread * (uniform01() - 0.5));
}

/* A side of this version's runner: n samples, each its own unit (one
 * visit: the t runs over the rounds), rate_stat vp90. */
static verdict_side side_of(const double *xs, size_t n)
{
    sample_summary s = summarize(xs, n);
    return (verdict_side){.present = true, .status = ST_OK, .rate = s.median,
                          .ci_low = s.ci_low, .ci_high = s.ci_high, .samples = xs,
                          .nsample = n, .note = "", .stat = RATE_VISIT_UPPER};
}

/* Two sides measured apart (Welch's t), by the default rule. */
static verdict_kind decide(const verdict_side *o, const verdict_side *n, verdict_result *r)
{
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    verdict_decide(o, n, &rule, false, r);
    return r->verdict;
}

static void four_times_slower_is_a_regression(void **state)
{
    (void)state;
    lcg_state = 1;
    double x[7], y[7];
    fill(x, 7, 1e8, 0.05);
    fill(y, 7, 0.25e8, 0.05);
    verdict_side o = side_of(x, 7), n = side_of(y, 7);
    verdict_result r;
    assert_int_equal(decide(&o, &n, &r), V_SLOWER);
    assert_true(verdict_is_regression(r.verdict));
    assert_int_equal(r.method, CI_WELCH);
    assert_string_equal(ci_method_name(r.method), "welch");
    assert_true(r.ratio > 0.22 && r.ratio < 0.28);
    assert_true(r.ratio_low < r.ratio && r.ratio < r.ratio_high);
    assert_true(r.p_value < 0.01);
    /* And the other way round it is faster, which is no regression. */
    assert_int_equal(decide(&n, &o, &r), V_FASTER);
    assert_false(verdict_is_regression(r.verdict));
}

static void same_distribution_is_same(void **state)
{
    (void)state;
    lcg_state = 2;
    int called = 0;
    for (int t = 0; t < 200; t++) {
        double x[9], y[9];
        fill(x, 9, 1e8, 0.10);
        fill(y, 9, 1e8, 0.10);
        verdict_side o = side_of(x, 9), n = side_of(y, 9);
        verdict_result r;
        called += decide(&o, &n, &r) != V_SAME;
    }
    /* 10% noise, 5% threshold: a change needs p < 0.05 AND a big shift, so
     * false calls are far rarer than 5%. */
    assert_true(called <= 4);
}

static void significant_but_small_is_same(void **state)
{
    (void)state;
    lcg_state = 3;
    double x[200], y[200];
    fill(x, 200, 1e8, 0.01);
    fill(y, 200, 0.98e8, 0.01); /* 2% slower, measured very precisely */
    verdict_side o = side_of(x, 200), n = side_of(y, 200);
    verdict_result r;
    assert_int_equal(decide(&o, &n, &r), V_SAME);
    assert_true(r.significant);
    assert_int_equal(r.method, CI_WELCH);
}

static void large_but_insignificant_is_same(void **state)
{
    (void)state;
    double x[] = {100, 200}, y[] = {50, 150};
    verdict_side o = side_of(x, 2), n = side_of(y, 2);
    verdict_result r;
    assert_int_equal(decide(&o, &n, &r), V_SAME);
    assert_true(r.ratio < 0.9);
    assert_false(r.significant);
}

/* Rows without visits (older files: no rate_stat, or samples only as
 * summaries), a side of another statistic, a single sample: the ratio of
 * the rates, no interval, no claim either way. */
static void rows_without_visits_are_not_judged(void **state)
{
    (void)state;
    double x[] = {98, 100, 102, 99, 101, 100}, y[] = {49, 50, 51, 50, 50, 49};
    verdict_side o = side_of(x, 6), n = side_of(y, 6);
    o.stat = n.stat = -1;
    verdict_result r;
    assert_int_equal(decide(&o, &n, &r), V_NOT_COMPARABLE);
    assert_int_equal(r.method, CI_NO_CI);
    assert_string_equal(ci_method_name(r.method), "no-ci");
    assert_float_equal(r.ratio, 0.5, 1e-12);
    assert_true(isnan(r.ratio_low) && isnan(r.ratio_high) && isnan(r.p_value));
    assert_false(verdict_is_regression(r.verdict));
    assert_non_null(strstr(r.note, "no interval"));
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    verdict_decide(&o, &n, &rule, true, &r);
    assert_int_equal(r.method, CI_NO_CI);
    n.stat = RATE_VISIT_UPPER; /* one side of this version only */
    assert_int_equal(decide(&o, &n, &r), V_NOT_COMPARABLE);
    o.stat = RATE_VISIT_UPPER;
    assert_int_equal(decide(&o, &n, &r), V_SLOWER);
    o.nsample = n.nsample = 1; /* one sample a side: no spread to measure */
    assert_int_equal(decide(&o, &n, &r), V_NOT_COMPARABLE);
    assert_int_equal(r.method, CI_NO_CI);
}

/* Counts: no test of significance, whatever the samples; the ratio is OLD/NEW. */
static void counts_are_decided_by_the_threshold_alone(void **state)
{
    (void)state;
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    verdict_side o = {.present = true, .status = ST_OK, .rate = 1000, .ci_low = 1000, .ci_high = 1000};
    verdict_side n = o;
    verdict_result r;
    verdict_decide_counts(&o, &n, &rule, &r);
    assert_int_equal(r.verdict, V_SAME);
    assert_int_equal(r.method, CI_EXACT_COUNT);
    assert_float_equal(r.ratio, 1.0, 1e-12);
    n.rate = n.ci_low = n.ci_high = 1060; /* 6% more instructions: slower, one sample each */
    verdict_decide_counts(&o, &n, &rule, &r);
    assert_int_equal(r.verdict, V_SLOWER);
    assert_true(isnan(r.p_value));
    assert_float_equal(r.ratio, 1000.0 / 1060.0, 1e-12);
    n.rate = n.ci_low = n.ci_high = 1040; /* 4%: within the threshold */
    verdict_decide_counts(&o, &n, &rule, &r);
    assert_int_equal(r.verdict, V_SAME);
    n.rate = n.ci_low = n.ci_high = 500;
    verdict_decide_counts(&o, &n, &rule, &r);
    assert_int_equal(r.verdict, V_FASTER);
    n.status = ST_CRASHED;
    verdict_decide_counts(&o, &n, &rule, &r);
    assert_int_equal(r.verdict, V_FAILED);
}

static void status_decides_before_speed(void **state)
{
    (void)state;
    double x[] = {1, 2, 3};
    verdict_side o = side_of(x, 3), n = side_of(x, 3), absent = {0};
    verdict_result r;
    n.status = ST_CRASHED;
    n.note = "SIGSEGV";
    assert_int_equal(decide(&o, &n, &r), V_FAILED);
    assert_true(verdict_is_regression(r.verdict));
    assert_non_null(strstr(r.note, "crashed: SIGSEGV"));
    n.status = ST_UNSUPPORTED;
    assert_int_equal(decide(&o, &n, &r), V_NOT_COMPARABLE);
    assert_false(verdict_is_regression(r.verdict));
    assert_int_equal(decide(&n, &o, &r), V_NOT_COMPARABLE);
    assert_int_equal(decide(&absent, &o, &r), V_ONLY_NEW);
    assert_int_equal(decide(&o, &absent, &r), V_ONLY_OLD);
}

/* ---------------------------------------------------------------- tables */

static result_row make_row(const char *wl, uint64_t bytes, const char *api, double center,
                           row_status st)
{
    result_row r;
    memset(&r, 0, sizeof r);
    snprintf(r.label, sizeof r.label, "x");
    snprintf(r.workload, sizeof r.workload, "%s", wl);
    snprintf(r.api, sizeof r.api, "%s", api);
    snprintf(r.op, sizeof r.op, "digest");
    snprintf(r.unit, sizeof r.unit, "B/s");
    r.bytes = bytes;
    r.status = st;
    snprintf(r.rate_stat, sizeof r.rate_stat, "vp90");
    if (st == ST_OK) {
        r.nsample = 8;
        r.nblock = 1;
        r.sample_blocks = malloc(sizeof *r.sample_blocks);
        r.sample_blocks[0] = 8;
        r.sample_rates = malloc(r.nsample * sizeof *r.sample_rates);
        fill(r.sample_rates, r.nsample, center, 0.02);
        sample_summary s = summarize(r.sample_rates, r.nsample);
        r.rate = s.median;
        r.ci_low = s.ci_low;
        r.ci_high = s.ci_high;
    } else {
        r.rate = r.ci_low = r.ci_high = NAN;
    }
    return r;
}

static void table_pairs_sorts_and_keeps_one_sided_points(void **state)
{
    (void)state;
    lcg_state = 4;
    result_row old[] = {
        make_row("sha256", 16, "evp", 1e8, ST_OK),
        make_row("sha256", 1024, "evp", 1e9, ST_OK),
        make_row("aes-128-gcm", 16, "evp", 5e7, ST_OK),
        make_row("rsa2048", 0, "legacy", 1e3, ST_OK),
        make_row("sha256", 16, "evp", 1e8, ST_OK), /* same point again: pooled */
    };
    result_row new[] = {
        make_row("sha256", 1024, "evp", 1.5e9, ST_OK),
        make_row("sha256", 16, "evp", 0.3e8, ST_OK),
        make_row("aes-128-gcm", 16, "evp", 0, ST_KAT_FAILED),
        make_row("hmac-sha256", 64, "evp", 1e8, ST_OK),
    };
    const result_row *po[5], *pn[4];
    for (int i = 0; i < 5; i++)
        po[i] = &old[i];
    for (int i = 0; i < 4; i++)
        pn[i] = &new[i];
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    verdict_table t;
    assert_true(verdict_table_build(po, 5, pn, 4, &rule, &t));
    verdict_table_sort(&t);
    assert_int_equal(t.count, 5);
    /* failed first, then slowest ratio first, then one-sided. */
    assert_string_equal(t.points[0].workload, "aes-128-gcm");
    assert_int_equal(t.points[0].result.verdict, V_FAILED);
    assert_string_equal(t.points[1].workload, "sha256");
    assert_int_equal(t.points[1].bytes, 16);
    assert_int_equal(t.points[1].result.verdict, V_SLOWER);
    assert_int_equal(t.points[1].old_rows, 2);
    assert_int_equal(t.points[1].old_side.nsample, 16);
    assert_int_equal(t.points[2].result.verdict, V_FASTER);
    assert_int_equal(t.points[3].result.verdict, V_ONLY_OLD);
    assert_string_equal(t.points[3].workload, "rsa2048");
    assert_int_equal(t.points[4].result.verdict, V_ONLY_NEW);
    assert_true(verdict_table_has_regression(&t));
    assert_int_equal(verdict_table_count(&t, V_SLOWER), 1);

    /* CSV output: header, one line per point, the verdict column present. */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    verdict_context ctx = {.old_label = "a,b", .new_label = "n", .old_source = "o.csv",
                           .new_source = "n.csv", .rule = rule};
    verdict_print(f, &t, &ctx, VF_CSV);
    fclose(f);
    assert_non_null(strstr(buf, "workload,api,op,bytes,threads,procs,unit,old_label"));
    assert_non_null(strstr(buf, ",\"a,b\",n,"));
    assert_non_null(strstr(buf, ",slower,"));
    size_t lines = 0;
    for (char *p = buf; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 6);
    free(buf);

    verdict_table_free(&t);
    for (int i = 0; i < 5; i++)
        result_row_free(&old[i]);
    for (int i = 0; i < 4; i++)
        result_row_free(&new[i]);
}

/* The verdict table of one OLD row against one NEW row, by the default rule. */
static void build_one(const result_row *old_row, const result_row *new_row, verdict_table *t)
{
    const result_row *po[] = {old_row}, *pn[] = {new_row};
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    assert_true(verdict_table_build(po, 1, pn, 1, &rule, t));
}

/* One run on a machine whose speed swings by a factor of 3 from visit to
 * visit; in every visit NEW does 1.12x OLD's work.  Apart (Welch), the
 * swings hide the difference ("same"); paired by visit they cancel and the
 * 12% is plain -- with the very ratio and CI `osslbench report` prints for
 * the pair.  Rows that merely started in the same second are different
 * runs and are not paired, nor are rows of one run over other visits. */
static void one_run_is_decided_on_the_paired_visits(void **state)
{
    (void)state;
    lcg_state = 11;
    result_row a = make_row("sha256", 16, "evp", 1e8, ST_OK);
    result_row b = make_row("sha256", 16, "evp", 1e8, ST_OK);
    size_t n = 20, visits = 10;
    a.sample_rates = realloc(a.sample_rates, n * sizeof *a.sample_rates);
    b.sample_rates = realloc(b.sample_rates, n * sizeof *b.sample_rates);
    a.sample_blocks = realloc(a.sample_blocks, visits * sizeof *a.sample_blocks);
    b.sample_blocks = realloc(b.sample_blocks, visits * sizeof *b.sample_blocks);
    assert_true(a.sample_rates && b.sample_rates && a.sample_blocks && b.sample_blocks);
    double machine = 1.0;
    for (size_t k = 0; k < n; k++) {
        if (k % 2 == 0)
            machine = 1.0 + 2.0 * uniform01(); /* this visit's speed */
        a.sample_rates[k] = 1e8 * machine * (1.0 + 0.01 * (uniform01() - 0.5));
        b.sample_rates[k] = 1.12e8 * machine * (1.0 + 0.01 * (uniform01() - 0.5));
    }
    for (size_t v = 0; v < visits; v++)
        a.sample_blocks[v] = b.sample_blocks[v] = 2;
    a.nsample = b.nsample = a.samples = b.samples = (uint32_t)n;
    a.nblock = b.nblock = visits;
    sample_summary sa = summarize(a.sample_rates, n), sb = summarize(b.sample_rates, n);
    a.rate = sa.median, a.ci_low = sa.ci_low, a.ci_high = sa.ci_high;
    b.rate = sb.median, b.ci_low = sb.ci_low, b.ci_high = sb.ci_high;
    snprintf(a.timestamp, sizeof a.timestamp, "2026-11-30T00:00:00Z");
    snprintf(b.timestamp, sizeof b.timestamp, "2026-11-30T00:00:00Z");
    snprintf(a.run_id, sizeof a.run_id, "20261130T000000Z-0000000000000001");
    snprintf(b.run_id, sizeof b.run_id, "20261130T000000Z-0000000000000001");
    verdict_table t;
    build_one(&a, &b, &t);
    verdict_result *r = &t.points[0].result;
    assert_int_equal(r->method, CI_PAIRED);
    assert_string_equal(ci_method_name(r->method), "paired");
    assert_int_equal(r->verdict, V_FASTER);
    assert_true(r->ratio > 1.10 && r->ratio < 1.14);
    assert_non_null(strstr(r->note, "paired over 20 rounds in 10 visits"));
    report_ratio q = report_speedup(&b, &a);
    assert_int_equal(q.method, CI_PAIRED);
    assert_float_equal(r->ratio, q.ratio, 1e-12);
    assert_float_equal(r->ratio_low, q.lo, 1e-12);
    assert_float_equal(r->ratio_high, q.hi, 1e-12);
    verdict_table_free(&t);

    /* same second, another run: Welch's t, and the swings hide the 12% */
    snprintf(b.run_id, sizeof b.run_id, "20261130T000000Z-0000000000000002");
    build_one(&a, &b, &t);
    assert_int_equal(t.points[0].result.method, CI_WELCH);
    assert_int_equal(t.points[0].result.verdict, V_SAME);
    q = report_speedup(&b, &a);
    assert_int_equal(q.method, CI_WELCH);
    assert_float_equal(t.points[0].result.ratio_low, q.lo, 1e-12);
    assert_float_equal(t.points[0].result.ratio_high, q.hi, 1e-12);
    verdict_table_free(&t);

    /* one run, other visits (an interrupted row): apart as well */
    snprintf(b.run_id, sizeof b.run_id, "20261130T000000Z-0000000000000001");
    b.sample_blocks[0] = 1, b.sample_blocks[1] = 3;
    build_one(&a, &b, &t);
    assert_int_equal(t.points[0].result.method, CI_WELCH);
    verdict_table_free(&t);
    result_row_free(&a);
    result_row_free(&b);
}

static void format_names(void **state)
{
    (void)state;
    verdict_format f;
    assert_true(verdict_format_parse("md", &f) && f == VF_MD);
    assert_true(verdict_format_parse("csv", &f) && f == VF_CSV);
    assert_true(verdict_format_parse("term", &f) && f == VF_TERM);
    assert_false(verdict_format_parse("html", &f));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(four_times_slower_is_a_regression),
        cmocka_unit_test(same_distribution_is_same),
        cmocka_unit_test(significant_but_small_is_same),
        cmocka_unit_test(large_but_insignificant_is_same),
        cmocka_unit_test(rows_without_visits_are_not_judged),
        cmocka_unit_test(status_decides_before_speed),
        cmocka_unit_test(counts_are_decided_by_the_threshold_alone),
        cmocka_unit_test(table_pairs_sorts_and_keeps_one_sided_points),
        cmocka_unit_test(one_run_is_decided_on_the_paired_visits),
        cmocka_unit_test(format_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
