/* The results CSV: what the writer emits, the reader reads back, and the
 * reader refuses malformed or truncated input with a message naming the line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../csv/csv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static result_row sample_row(void)
{
    static double rates[] = {1.5e9, 1.6e9, 1.55e9};
    result_row r = {.version_num = 0x1010117fUL, .bytes = 8192, .rate = 1.55e9,
                    .ci_low = 1.5e9, .ci_high = 1.6e9, .samples = 3, .iterations = 2000,
                    .status = ST_OK, .sample_rates = rates, .nsample = 3};
    strcpy(r.label, "1.1.1w");
    strcpy(r.version, "1.1.1w");
    strcpy(r.lib, "/tmp/a,b/libcrypto.so.1.1"); /* a comma must be quoted */
    strcpy(r.api, "evp");
    strcpy(r.workload, "sha256");
    strcpy(r.op, "digest");
    strcpy(r.unit, "B/s");
    strcpy(r.note, "said \"hi\"\nthen left");
    strcpy(r.host, "h");
    strcpy(r.cpu, "AMD EPYC");
    strcpy(r.timestamp, "2026-11-30T00:00:00Z");
    strcpy(r.run_id, "20261130T000000Z-0123456789abcdef");
    strcpy(r.flavor, "boringssl");
    return r;
}

static FILE *csv_of(const char *text)
{
    return fmemopen((void *)text, strlen(text), "r");
}

/* rows[0..n) written under a header and read back into set; returns the
 * text written (the caller frees it). */
static char *write_and_read(const result_row *rows, size_t n, result_set *set)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_true(csv_write_header(f));
    for (size_t i = 0; i < n; i++)
        assert_true(csv_write_row(f, &rows[i]));
    fclose(f);
    FILE *r = fmemopen(buf, len, "r");
    assert_non_null(r);
    char why[256];
    bool ok = csv_read_stream(r, "mem", set, why, sizeof why);
    fclose(r);
    if (!ok)
        fail_msg("%s", why);
    return buf;
}

static void round_trip(void **state)
{
    (void)state;
    result_row in[2] = {sample_row(), sample_row()};
    in[1].status = ST_KAT_FAILED;
    in[1].nsample = 0;
    result_set set;
    char *buf = write_and_read(in, 2, &set);
    assert_int_equal(set.count, 2);
    assert_string_equal(set.rows[0].lib, "/tmp/a,b/libcrypto.so.1.1");
    assert_string_equal(set.rows[0].note, "said \"hi\" then left");
    assert_int_equal(set.rows[0].version_num, 0x1010117fUL);
    assert_int_equal(set.rows[0].bytes, 8192);
    assert_float_equal(set.rows[0].rate, 1.55e9, 1e3);
    assert_int_equal(set.rows[0].nsample, 3);
    assert_float_equal(set.rows[0].sample_rates[2], 1.55e9, 1e3);
    assert_int_equal(set.rows[1].status, ST_KAT_FAILED);
    assert_true(isnan(set.rows[1].rate)); /* a failed row carries no rate */
    assert_string_equal(set.rows[0].run_id, "20261130T000000Z-0123456789abcdef");
    assert_string_equal(set.rows[0].flavor, "boringssl");
    result_set_free(&set);
    free(buf);
}

/* Per-sample rates are the raw data of the intervals: written so that reading
 * them back gives the very doubles measured (no ties made by rounding --
 * 6 significant digits turned 1000000001 and 1000000004 into one value),
 * and the rate columns keep at least 9 significant digits. */
static void rates_keep_their_digits(void **state)
{
    (void)state;
    double rates[] = {1000000001.0, 1000000004.25, 1000000002.5, 123456.789012345,
                      1.0 / 3.0 * 1e9};
    result_row in = sample_row();
    in.sample_rates = rates;
    in.nsample = 5;
    in.rate = 1000000001.0;
    in.ci_low = 123456.7891;
    result_set set;
    char *buf = write_and_read(&in, 1, &set);
    assert_int_equal(set.rows[0].nsample, 5);
    for (size_t i = 0; i < 5; i++)
        assert_true(set.rows[0].sample_rates[i] == rates[i]); /* bit for bit */
    assert_float_equal(set.rows[0].rate, 1000000001.0, 0.5);
    assert_float_equal(set.rows[0].ci_low, 123456.7891, 1e-4);
    result_set_free(&set);
    free(buf);
}

static const char header[] =
    "label,version,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status\n";

static void expect_error(const char *body, const char *fragment)
{
    char text[2048];
    snprintf(text, sizeof text, "%s%s", header, body);
    FILE *f = csv_of(text);
    result_set set;
    char why[256] = "";
    assert_false(csv_read_stream(f, "x.csv", &set, why, sizeof why));
    fclose(f);
    if (strstr(why, fragment) == NULL)
        fail_msg("error '%s' does not mention '%s'", why, fragment);
}

static void refuses_malformed_rows(void **state)
{
    (void)state;
    /* a last line cut short is a warning (test_csv_hostile.c) */
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,1,2\n", "line 2: 10 fields");
    expect_error("a,1,evp,sha256,digest,-16,1e6,B/s,1,2,3,ok\n", "bad bytes");
    expect_error("a,1,evp,sha256,digest,16,fast,B/s,1,2,3,ok\n", "bad rate");
    expect_error("a,1,evp,sha256,digest,16,1e6,B/s,1,2,3,great\n", "bad status");
    expect_error("a,1,evp,sha256,digest,16,,B/s,,,3,ok\n", "ok row without a rate");
    expect_error("\"a,1,evp,sha256,digest,16,1e6,B/s,1,2,3,ok\n", "unterminated");
    expect_error("a,1,evp,sha256,digest,16,1e6,furlongs,1,2,3,ok\n", "unit");
    /* only a failed row about a whole library may name no point and no unit */
    expect_error("a,1,evp,sha256,digest,16,1e6,,1,2,3,ok\n", "unit");
    expect_error("a,1,evp,sha256,digest,16,,,,,0,load_failed\n", "unit");
    expect_error("a,1,,,,0,1e6,,1,2,3,ok\n", "unit");
}

/* `run` writes one load_failed row for a library that did not load. */
static void reads_a_whole_library_row(void **state)
{
    (void)state;
    FILE *f = csv_of("label,version,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status,"
                     "note\nlib2,,,,,0,,,,,0,load_failed,not libcrypto\n");
    result_set set;
    char why[256];
    assert_true(csv_read_stream(f, "r.csv", &set, why, sizeof why));
    fclose(f);
    assert_int_equal(set.count, 1);
    assert_int_equal(set.rows[0].status, ST_LOAD_FAILED);
    assert_string_equal(set.rows[0].workload, "");
    assert_string_equal(set.rows[0].note, "not libcrypto");
    result_set_free(&set);
}

/* threads/procs: written and read back; a file without them measured one
 * worker; 0 workers is not a count. */
static void worker_columns(void **state)
{
    (void)state;
    result_row in = sample_row();
    in.threads = 4;
    in.procs = 1;
    in.cpus = 2;
    result_set set;
    char *buf = write_and_read(&in, 1, &set);
    assert_non_null(strstr(buf, ",bytes,threads,procs,"));
    assert_non_null(strstr(buf, ",8192,4,1,"));
    assert_int_equal(set.rows[0].threads, 4);
    assert_int_equal(set.rows[0].procs, 1);
    assert_int_equal(set.rows[0].cpus, 2);
    result_set_free(&set);
    free(buf);

    char why[256];
    FILE *r = csv_of("label,version,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status\n"
               "a,1,evp,sha256,digest,16,1e6,B/s,1,2,3,ok\n");
    assert_true(csv_read_stream(r, "old.csv", &set, why, sizeof why));
    fclose(r);
    assert_int_equal(set.rows[0].threads, 1);
    assert_int_equal(set.rows[0].procs, 1);
    result_set_free(&set);

    r = csv_of("label,version,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,status,threads\n"
               "a,1,evp,sha256,digest,16,1e6,B/s,1,2,3,ok,0\n");
    assert_false(csv_read_stream(r, "zero.csv", &set, why, sizeof why));
    assert_non_null(strstr(why, "bad threads"));
    fclose(r);
}

static void refuses_what_is_not_a_results_file(void **state)
{
    (void)state;
    result_set set;
    char why[256];
    FILE *f = csv_of("");
    assert_false(csv_read_stream(f, "e.csv", &set, why, sizeof why));
    assert_non_null(strstr(why, "empty"));
    fclose(f);
    f = csv_of("name,age\nbob,3\n");
    assert_false(csv_read_stream(f, "p.csv", &set, why, sizeof why));
    assert_non_null(strstr(why, "no column 'label'"));
    fclose(f);
    assert_false(csv_read_file("/nonexistent/r.csv", true, &set, why, sizeof why));
}

static void accepts_reordered_and_extra_columns(void **state)
{
    (void)state;
    const char *text = "extra,status,label,version,api,workload,op,bytes,rate,unit,ci_low,"
                       "ci_high,samples\nz,ok,a,1.1.1w,evp,sha256,digest,16,1e6,B/s,9e5,1.1e6,10\n";
    FILE *f = csv_of(text);
    result_set set;
    char why[256];
    assert_true(csv_read_stream(f, "r.csv", &set, why, sizeof why));
    fclose(f);
    assert_int_equal(set.count, 1);
    assert_string_equal(set.rows[0].label, "a");
    assert_int_equal(set.rows[0].samples, 10);
    result_set_free(&set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(rates_keep_their_digits),
        cmocka_unit_test(refuses_malformed_rows),
        cmocka_unit_test(reads_a_whole_library_row),
        cmocka_unit_test(refuses_what_is_not_a_results_file),
        cmocka_unit_test(accepts_reordered_and_extra_columns),
        cmocka_unit_test(worker_columns),
    };
    return cmocka_run_group_tests_name("csv", tests, NULL, NULL);
}
