/* The results-CSV reader against crafted and damaged files (issue 19): every
 * bad value is refused with one message naming the file and the line, a
 * last row cut short (a full disk) is dropped with a warning, and one point
 * in two units is refused, in one file or across regress's two sides. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/verdict_set.h"
#include "../../csv/csv.h"
#include "../../csv/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char header[] =
    "label,version,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status,"
    "sample_rates\n";
/* A good row, and its parts for building bad ones. */
#define ROW_OK "a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,1e6 9e5 2e6\n"

static bool read_text(const char *body, result_set *set, char *why, size_t n)
{
    char text[4096];
    snprintf(text, sizeof text, "%s%s", header, body);
    FILE *f = fmemopen(text, strlen(text), "r");
    assert_non_null(f);
    why[0] = '\0';
    bool ok = csv_read_stream(f, "x.csv", set, why, n);
    fclose(f);
    return ok;
}

static void expect_error(const char *body, const char *fragment)
{
    result_set set;
    char why[512];
    if (read_text(body, &set, why, sizeof why)) {
        result_set_free(&set);
        fail_msg("accepted: %s", body);
    }
    if (strstr(why, fragment) == NULL)
        fail_msg("error '%s' does not mention '%s'", why, fragment);
    if (strstr(why, "x.csv: line ") != why)
        fail_msg("error '%s' names no file and line", why);
}

static void expect_ok(const char *body, size_t rows)
{
    result_set set;
    char why[512];
    if (!read_text(body, &set, why, sizeof why))
        fail_msg("refused '%s': %s", body, why);
    assert_int_equal(set.count, rows);
    assert_string_equal(set.warning, "");
    result_set_free(&set);
}

/* Labels follow --lib LABEL='s rule; a label is never text for a shell,
 * sed, HTML or a spreadsheet.  The message does not repeat the label. */
static void labels_follow_the_lib_label_rule(void **state)
{
    (void)state;
    expect_error("\"x; touch /tmp/owned|e;#\",1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n",
                 "line 2: bad label (labels are 1 to 63 letters, digits and . _ + -)");
    expect_error("<img src=x onerror=alert(1)>,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n",
                 "bad label");
    expect_error("\"=HYPERLINK(\"\"http://x\"\")\",1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n",
                 "bad label");
    expect_error(",1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n", "bad label");
    char body[256], label[70];
    memset(label, 'x', 64);
    label[64] = '\0';
    snprintf(body, sizeof body, "%s,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n", label);
    expect_error(body, "bad label");
    label[63] = '\0'; /* 63 is the longest --lib accepts */
    snprintf(body, sizeof body, "%s,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n", label);
    expect_ok(body, 1);
    expect_ok("3.0.19-2,3.0.19,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n", 1);

    result_set set;
    char why[512];
    assert_false(read_text("<img src=x>,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n", &set,
                           why, sizeof why));
    assert_null(strstr(why, "<img"));
}

/* The other name columns: names too, or empty (a row about a whole library). */
static void name_columns_are_names(void **state)
{
    (void)state;
    expect_error("a,1,evp,sha256;rm,digest,16,1e6,B/s,9e5,2e6,3,ok,\n", "line 2: bad workload");
    expect_error("a,1,\"e vp\",sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n", "bad api");
    expect_error("a,1,evp,sha256,<b>,16,1e6,B/s,9e5,2e6,3,ok,\n", "bad op");
    expect_error("a,$(id),evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,\n", "bad version");
    expect_ok("lib2,,,,,0,,,,,0,load_failed,\n", 1);
}

static void numbers_are_written_decimals(void **state)
{
    (void)state;
    /* base 0 read "016" as 14 and "0x10" as 16 */
    expect_error("a,1,evp,sha256,digest,016,1e6,B/s,9e5,2e6,3,ok,\n", "line 2: bad bytes");
    expect_error("a,1,evp,sha256,digest,0x10,1e6,B/s,9e5,2e6,3,ok,\n", "bad bytes");
    expect_error("a,1,evp,sha256,digest,+16,1e6,B/s,9e5,2e6,3,ok,\n", "bad bytes");
    expect_error("a,1,evp,sha256,digest, 16,1e6,B/s,9e5,2e6,3,ok,\n", "bad bytes");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,03,ok,\n", "bad samples");
    expect_ok("a,1,rsa,sign,sign,0,1e3,op/s,9e2,2e3,3,ok,\n", 1);
}

static void rates_are_positive_and_ordered(void **state)
{
    (void)state;
    expect_error("a,1,evp,sha256,digest,16,-0,B/s,9e5,2e6,3,ok,\n", "line 2: bad rate");
    expect_error("a,1,evp,sha256,digest,16,-1e6,B/s,9e5,2e6,3,ok,\n", "bad rate");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,-0,2e6,3,ok,\n", "bad ci_low");
    expect_error("a,1,evp,sha256,digest,16,nan,B/s,9e5,2e6,3,ok,\n", "bad rate");
    expect_error("a,1,evp,sha256,digest,16,0,B/s,0,0,3,ok,\n", "rate of 0");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,2e6,9e5,3,ok,\n", "ci_low is above ci_high");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,1e6 0 2e6\n",
                 "bad sample_rates");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,1e6 -0 2e6\n",
                 "bad sample_rates");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,1e6 -5 2e6\n",
                 "bad sample_rates");
    expect_ok(ROW_OK, 1);
}

/* Issue 52: every number in its range (record/row.h), decimal as %g
 * prints it: what strtod also takes ("0x10" as 16, 1.7e308) is refused, as
 * is 2^64 - 1 bytes, which the database's 64-bit integer showed as -1. */
static void numbers_are_in_their_ranges(void **state)
{
    (void)state;
    expect_error("a,1,evp,sha256,digest,18446744073709551615,1e6,B/s,9e5,2e6,3,ok,\n", "line 2: bad bytes");
    expect_error("a,1,evp,sha256,digest,67108865,1e6,B/s,9e5,2e6,3,ok,\n",
                 "bad bytes (at most 67108864: the largest block a run measures)");
    expect_ok("a,1,evp,sha256,digest,67108864,1e6,B/s,9e5,2e6,3,ok,\n", 1);
    expect_error("a,1,evp,sha256,digest,16,0x10,B/s,9e5,2e6,3,ok,\n", "line 2: bad rate");
    expect_error("a,1,evp,sha256,digest,16,1.7e308,B/s,9e5,2e308,3,ok,\n", "bad rate");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e19,3,ok,\n", "bad ci_high");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,1e6 0x1p20 2e6\n", "bad sample_rates");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,1e6 1e\n", "bad sample_rates");
    expect_ok("a,1,evp,sha256,digest,16,1e18,B/s,.5,1e18,3,ok,1E6 2.5e+6 7.\n", 1);
    /* 65537 samples: past what the CSV's line holds as the writer writes them */
    size_t len = 0;
    char *text = NULL;
    FILE *m = open_memstream(&text, &len);
    fprintf(m, "%sa,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok,1", header);
    for (int i = 1; i < 65537; i++)
        fputs(" 1", m);
    fputc('\n', m);
    fclose(m);
    FILE *f = fmemopen(text, len, "r");
    result_set set;
    char why[512];
    assert_false(csv_read_stream(f, "x.csv", &set, why, sizeof why));
    assert_non_null(strstr(why, "line 2: bad sample_rates (at most 65536"));
    fclose(f);
    free(text);
}

/* A header that names a column twice: which is the value is not guessed
 * (the last one won: a rate of 1 was stored with the first one's CI). */
static void a_column_given_twice_is_refused(void **state)
{
    (void)state;
    static const char twice[] = "label,version,api,workload,op,bytes,rate,unit,ci_low,ci_high,"
                                "samples,status,rate\na,1,evp,sha256,digest,16,5e7,B/s,4e7,6e7,3,ok,1\n";
    FILE *f = fmemopen((void *)twice, sizeof twice - 1, "r");
    result_set set;
    char why[512];
    assert_false(csv_read_stream(f, "d.csv", &set, why, sizeof why));
    fclose(f);
    assert_string_equal(why, "d.csv: line 1: column 'rate' given twice");
}

/* A full disk cuts the last row: the whole rows before it are read, the cut
 * one is named in a warning.  A bad row anywhere else is still an error. */
static void a_cut_last_row_is_a_warning(void **state)
{
    (void)state;
    result_set set;
    char why[512];
    assert_true(read_text(ROW_OK ROW_OK "a,1,evp,sha256,digest,64,1e6,B/s,9e5,2e", &set, why,
                          sizeof why));
    assert_int_equal(set.count, 2);
    assert_non_null(strstr(set.warning, "x.csv: line 4 is cut short"));
    assert_non_null(strstr(set.warning, "2 whole rows read"));
    result_set_free(&set);
    /* cut right before its end of line: still dropped, its fields may be short */
    assert_true(read_text(ROW_OK "a,1,evp,sha256,digest,64,1e6,B/s,9e5,2e6,3,ok,1e6", &set, why,
                          sizeof why));
    assert_int_equal(set.count, 1);
    assert_non_null(strstr(set.warning, "line 3"));
    result_set_free(&set);
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,9e5,2e\n" ROW_OK, "line 2: 10 fields");
    /* a NUL byte would end the line's text early, dropping fields unseen */
    static const char nul[] = "label,version,api,workload,op,bytes,rate,unit,ci_low,ci_high,"
                              "samples,status\na,1,evp,sha256,digest,16,1e6,B/s,9e5,2e6,3,ok\0x\n";
    FILE *f = fmemopen((void *)nul, sizeof nul - 1, "r");
    assert_false(csv_read_stream(f, "n.csv", &set, why, sizeof why));
    fclose(f);
    assert_non_null(strstr(why, "n.csv: line 2: a NUL byte"));
    f = fmemopen((void *)"label,version", 13, "r");
    assert_false(csv_read_stream(f, "h.csv", &set, why, sizeof why));
    fclose(f);
    assert_non_null(strstr(why, "h.csv: line 1: the header is cut short"));
}

/* Spreadsheets write a UTF-8 byte order mark first: skipped. */
static void a_byte_order_mark_is_skipped(void **state)
{
    (void)state;
    char text[512];
    snprintf(text, sizeof text, "\xEF\xBB\xBF%s%s", header, ROW_OK);
    FILE *f = fmemopen(text, strlen(text), "r");
    result_set set;
    char why[512];
    assert_true(csv_read_stream(f, "bom.csv", &set, why, sizeof why));
    fclose(f);
    assert_int_equal(set.count, 1);
    assert_string_equal(set.rows[0].label, "a");
    result_set_free(&set);
}

static void one_point_has_one_unit(void **state)
{
    (void)state;
    expect_error(ROW_OK "b,1,evp,sha256,digest,16,1e6,op/s,9e5,2e6,3,ok,\n",
                 "line 3: unit op/s, but line 2 has B/s for the same point");
    expect_ok(ROW_OK "b,1,evp,sha256,digest,64,1e6,op/s,9e5,2e6,3,ok,\n", 2);
}

/* Across two files (compare OLD NEW) the reader cannot see it: the table does. */
static void compare_sides_in_two_units_are_flagged(void **state)
{
    (void)state;
    result_row o = {.bytes = 16, .rate = 1e6, .ci_low = 9e5, .ci_high = 2e6, .samples = 3,
                    .status = ST_OK, .threads = 1, .procs = 1};
    strcpy(o.workload, "sha256");
    strcpy(o.api, "evp");
    strcpy(o.op, "digest");
    strcpy(o.unit, "B/s");
    result_row n = o;
    strcpy(n.unit, UNIT_OPS);
    const result_row *po[] = {&o}, *pn[] = {&n};
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    verdict_table t;
    assert_true(verdict_table_build(po, 1, pn, 1, &rule, &t));
    const verdict_point *m = verdict_table_mixed_units(&t);
    assert_non_null(m);
    assert_string_equal(m->unit, "B/s");
    assert_string_equal(m->other_unit, UNIT_OPS);
    verdict_table_free(&t);
    assert_true(verdict_table_build(po, 1, po, 1, &rule, &t));
    assert_null(verdict_table_mixed_units(&t));
    verdict_table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(labels_follow_the_lib_label_rule),
        cmocka_unit_test(name_columns_are_names),
        cmocka_unit_test(numbers_are_written_decimals),
        cmocka_unit_test(rates_are_positive_and_ordered),
        cmocka_unit_test(numbers_are_in_their_ranges),
        cmocka_unit_test(a_column_given_twice_is_refused),
        cmocka_unit_test(a_cut_last_row_is_a_warning),
        cmocka_unit_test(a_byte_order_mark_is_skipped),
        cmocka_unit_test(one_point_has_one_unit),
        cmocka_unit_test(compare_sides_in_two_units_are_flagged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
