/* csv/units.c: the one human form of a rate, its prefixes, the axis labels
 * and the log-axis tics, as the verdict tables, bisect's progress lines
 * and the charts printed them before they shared it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../csv/units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void expect_human(double rate, const char *unit, unit_form form, const char *want)
{
    char got[64];
    unit_human(got, sizeof got, rate, unit, form);
    if (strcmp(got, want) != 0)
        fail_msg("%.17g %s: '%s', not '%s'", rate, unit, got, want);
}

static void table_cells_keep_two_decimals_under_ten(void **state)
{
    (void)state;
    expect_human(170.1e6, UNIT_BYTES, UNIT_FORM_TABLE, "170.1 MB/s");
    expect_human(2.345e6, UNIT_BYTES, UNIT_FORM_TABLE, "2.35 MB/s");
    expect_human(12345, UNIT_OPS, UNIT_FORM_TABLE, "12.3 kop/s");
    expect_human(999.94, UNIT_OPS, UNIT_FORM_TABLE, "999.9 op/s");
    expect_human(1.07e9, UNIT_BYTES, UNIT_FORM_TABLE, "1.07 GB/s");
    expect_human(1500, UNIT_INSTRUCTIONS, UNIT_FORM_TABLE, "1500.0 instr/op");
    expect_human(NAN, UNIT_BYTES, UNIT_FORM_TABLE, "-");
    expect_human(3e6, "furlongs", UNIT_FORM_TABLE, "3.00 MB/s"); /* not op/s nor a count: bytes */
}

static void progress_lines_keep_one_decimal_and_whole_counts(void **state)
{
    (void)state;
    expect_human(170.1e6, UNIT_BYTES, UNIT_FORM_LINE, "170.1 MB/s");
    expect_human(2.345e6, UNIT_BYTES, UNIT_FORM_LINE, "2.3 MB/s");
    expect_human(1234, UNIT_OPS, UNIT_FORM_LINE, "1.2 kop/s");
    expect_human(1500.25, UNIT_INSTRUCTIONS, UNIT_FORM_LINE, "1500 instr/op");
    expect_human(NAN, UNIT_OPS, UNIT_FORM_LINE, "-");
    expect_human(4e15, UNIT_BYTES, UNIT_FORM_LINE, "4000.0 TB/s"); /* T is the last prefix */
}

static void expect_prefix(double rate, const char *want, double scale)
{
    double got;
    const char *p = unit_prefix(rate, &got);
    if (strcmp(p, want) != 0 || got != scale)
        fail_msg("%g: '%s' %g, not '%s' %g", rate, p, got, want, scale);
}

static void prefixes_are_decimal_and_bring_a_rate_under_1000(void **state)
{
    (void)state;
    expect_prefix(0, "", 1);
    expect_prefix(999.9, "", 1);
    expect_prefix(1000, "k", 1e3);
    expect_prefix(1.5e8, "M", 1e6);
    expect_prefix(999999999, "M", 1e6);
    expect_prefix(1e9, "G", 1e9);
    expect_prefix(1e18, "T", 1e12);
}

static void axis_labels_name_the_shown_unit(void **state)
{
    (void)state;
    assert_string_equal(unit_axis_label(UNIT_BYTES, false), "throughput (MB/s = 10^6 bytes/s)");
    assert_string_equal(unit_axis_label(UNIT_BYTES, true), "throughput (MB/s, log scale)");
    assert_string_equal(unit_axis_label(UNIT_OPS, false), "operations per second");
    assert_string_equal(unit_axis_label(UNIT_OPS, true), "operations per second (log scale)");
    assert_string_equal(unit_axis_label("", false), unit_axis_label(UNIT_BYTES, false));
    assert_non_null(strstr(unit_axis_label(UNIT_BYTES, false), unit_shown_name(UNIT_BYTES)));
}

static void expect_tic(double v, bool short_form, const char *want)
{
    char got[32];
    unit_tic_label(got, sizeof got, v, short_form);
    if (strcmp(got, want) != 0)
        fail_msg("%g (%s): '%s', not '%s'", v, short_form ? "short" : "plain", got, want);
}

static void log_tics_are_1_2_5_with_short_or_plain_labels(void **state)
{
    (void)state;
    bool decade;
    assert_int_equal(UNIT_TIC_COUNT, 33);
    assert_true(unit_tic_at(0, &decade) == 0.001 && decade);
    assert_true(unit_tic_at(1, &decade) == 2 * pow(10.0, -3) && !decade);
    assert_true(unit_tic_at(17, &decade) == 500 && !decade);
    assert_true(unit_tic_at(18, &decade) == 1000 && decade);
    assert_true(unit_tic_at(UNIT_TIC_COUNT - 1, &decade) == 5e7 && !decade);
    for (size_t i = 1; i < UNIT_TIC_COUNT; i++)
        assert_true(unit_tic_at(i - 1, &decade) < unit_tic_at(i, &decade));
    expect_tic(0.002, true, "0.002");
    expect_tic(500, true, "500");
    expect_tic(1000, true, "1k");
    expect_tic(20000, true, "20k");
    expect_tic(5e6, true, "5M");
    expect_tic(5e7, true, "50M");
    expect_tic(0.5, false, "0.5");
    expect_tic(20000, false, "20000");
    expect_tic(5e7, false, "50000000");
}

static void expect_count(double v, bool sign, const char *want)
{
    char got[48];
    unit_count_grouped(got, sizeof got, v, sign);
    if (strcmp(got, want) != 0)
        fail_msg("%.17g: '%s', not '%s'", v, got, want);
}

/* explain's counts: thousands grouped, fewer decimals as they grow, no "-0". */
static void counts_are_grouped_in_thousands(void **state)
{
    (void)state;
    expect_count(3543677.4, true, "+3,543,677");
    expect_count(-11497, true, "-11,497");
    expect_count(134811, false, "134,811");
    expect_count(99.96, false, "100");
    expect_count(12.0, false, "12.0");
    expect_count(0.25, false, "0.25");
    expect_count(-0.001, true, "0");
    expect_count(0, true, "0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_cells_keep_two_decimals_under_ten),
        cmocka_unit_test(progress_lines_keep_one_decimal_and_whole_counts),
        cmocka_unit_test(prefixes_are_decimal_and_bring_a_rate_under_1000),
        cmocka_unit_test(axis_labels_name_the_shown_unit),
        cmocka_unit_test(log_tics_are_1_2_5_with_short_or_plain_labels),
        cmocka_unit_test(counts_are_grouped_in_thousands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
