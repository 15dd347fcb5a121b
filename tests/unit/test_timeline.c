/* The release history (docs/timeline.md): release order, the date a
 * version string gives, the series of a release, the timeline chart's data
 * (forks after a gap) and the rule that replaces the per-release charts. */
#include "report_fixtures.h"

#include "../../analysis/release_info.h"

/* One sha256 evp 16 B row per release, 8 paired samples of run R (made-up
 * rates: a fixture).  Listed out of release order on purpose; BoringSSL
 * claims 1.1.1g's number. */
#define ROW(label, num, flavor, text, rate)                                                        \
    label "," label "," num "," flavor ",evp,sha256,digest,16," rate ",B/s," rate "," rate        \
          ",8,ok,R,\"" text "\"," rate " " rate " " rate " " rate " " rate " " rate " " rate " " \
          rate "\n"
#define HEADER                                                                                     \
    "label,version,version_num,flavor,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,"  \
    "status,run_id,version_text,sample_rates\n"
#define RELEASES                                                                                   \
    HEADER ROW("3.10.0", "0x30a00000", "openssl", "OpenSSL 3.10.0-dev  xx XXX xxxx", "1e8")       \
    ROW("boringssl", "0x1010107f", "boringssl", "BoringSSL", "1e8")                               \
    ROW("3.1.8", "0x30100080", "openssl", "OpenSSL 3.1.8 11 Feb 2025", "1e8")                     \
    ROW("0.9.8q", "0x0090811f", "openssl", "OpenSSL 0.9.8q 2 Dec 2010", "1e8")                    \
    ROW("libressl-3.9.2", "0x20000000", "libressl", "LibreSSL 3.9.2", "1e8")                      \
    ROW("1.1.1w", "0x1010117f", "openssl", "OpenSSL 1.1.1w  11 Sep 2023", "1e8")                  \
    ROW("1.0.2d", "0x1000204f", "openssl", "OpenSSL 1.0.2d 9 Jul 2015", "1e8")                    \
    ROW("3.0.20", "0x30000140", "openssl", "OpenSSL 3.0.20 1 Sep 2025", "1e8")                    \
    ROW("1.1.0l", "0x101000cf", "openssl", "OpenSSL 1.1.0l  10 Sep 2019", "1e8")

static void releases_in_version_order_forks_last(void **state)
{
    (void)state;
    static const char *const order[] = {"0.9.8q", "1.0.2d",         "1.1.0l",   "1.1.1w", "3.0.20",
                                        "3.1.8",  "3.10.0",         "libressl-3.9.2", "boringssl"};
    fixture fx;
    fixture_load(&fx, RELEASES, NULL);
    assert_int_equal(fx.r.nrel, 9);
    for (size_t k = 0; k < 9; k++)
        assert_string_equal(fx.r.rel[k].label, order[k]);
    assert_string_equal(fx.r.rel[4].date, "2025-09-01");
    assert_string_equal(fx.r.rel[6].date, ""); /* a -dev build has no date */
    assert_string_equal(fx.r.rel[8].date, "");
    fixture_unload(&fx);
}

static void date_of(const char *text, const char *want)
{
    char out[16] = "junk";
    bool found = release_date_parse(text, out, sizeof out);
    assert_int_equal(found, want[0] != '\0');
    assert_string_equal(out, want);
}

static void dates_from_version_strings(void **state)
{
    (void)state;
    date_of("OpenSSL 3.0.20 1 Sep 2025", "2025-09-01");
    date_of("OpenSSL 1.1.1w  11 Sep 2023", "2023-09-11");
    date_of("OpenSSL 0.9.8q 2 Dec 2010", "2010-12-02");
    date_of("OpenSSL 4.0.2 7 Apr 2026 (Library: OpenSSL 4.0.2 7 Apr 2026)", "2026-04-07");
    date_of("OpenSSL 3.2.0-alpha1 xx XXX xxxx", "");
    date_of("LibreSSL 3.9.2", "");
    date_of("BoringSSL", "");
    date_of("", "");
    date_of(NULL, "");
    date_of("OpenSSL 3.0.20 32 Sep 2025", "");
    date_of("OpenSSL 3.0.20 1 Sept 2025", "");
    date_of("OpenSSL 3.0.20 1 Sep 25", "");
    date_of("OpenSSL 3.0.20 1 Sep 20255", "");
    date_of("OpenSSL 3.0.201 Sep 2025", ""); /* no blank before the day */
    /* Hostile text around a date: only the date's digits come out. */
    date_of("a|b<script> 1 Sep 2025 `x`", "2025-09-01");
    date_of("=cmd|' /C calc'!A0 12 Mar 2024", "2024-03-12");
}

static void series_of(unsigned long v, lib_flavor f, const char *want)
{
    char out[32];
    release_series(v, f, out, sizeof out);
    assert_string_equal(out, want);
}

static void series_of_releases(void **state)
{
    (void)state;
    series_of(0x0090811f, FLAVOR_OPENSSL, "0.9.8");
    series_of(0x1000204f, FLAVOR_OPENSSL, "1.0.2");
    series_of(0x1010117f, FLAVOR_OPENSSL, "1.1.1");
    series_of(0x30000140, FLAVOR_OPENSSL, "3.0");
    series_of(0x30a00000, FLAVOR_OPENSSL, "3.10");
    series_of(0x1010107f, FLAVOR_BORINGSSL, "");
    series_of(0, FLAVOR_OPENSSL, "");
}

static void timeline_chart_puts_forks_after_a_gap(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, RELEASES, NULL);
    char dir[TEMP_DIR_SIZE];
    write_chart_data(&fx.r, dir);
    assert_file_has(dir, "timeline-sha256-16.dat", "x release date \"evp\" low high\n",
                    "0 \"0.9.8q\" \"2010-12-02\" 100 100 100\n",
                    "6 \"3.10.0\" \"-\" 100 100 100\n\n8 \"libressl-3.9.2 (fork)\" \"-\"",
                    "\n\n9 \"boringssl (fork)\" \"-\" 100 100 100\n");
    /* x of the gap (7), after the title and the y label */
    assert_file_has(dir, "charts.list", "timeline\ttimeline-sha256-16\t0\tsha256 16 B: ",
                    "\tthroughput (MB/s = 10^6 bytes/s)\t7\n");
    assert_true(remove_tree(dir));
    fixture_unload(&fx);
}

/* 15 releases: no chart with a series per release; 14: they are drawn. */
static void bars_give_way_above_14_releases(void **state)
{
    (void)state;
    char csv[1 << 14] = HEADER;
    for (int k = 0; k < 15; k++) {
        size_t len = strlen(csv);
        snprintf(csv + len, sizeof csv - len,
                 "3.0.%d,3.0.%d,0x300%02x000,openssl,evp,sha256,digest,16,100,B/s,99,101,8,ok,R,,"
                 "100 100 100 100 100 100 100 100\n", k, k, k);
    }
    fixture fx;
    fixture_load(&fx, csv, NULL);
    assert_int_equal(report_releases_measured(&fx.r), 15);
    assert_false(report_draws_release_bars(&fx.r));
    char dir[TEMP_DIR_SIZE];
    write_chart_data(&fx.r, dir);
    assert_file_has(dir, "charts.list", "timeline\ttimeline-sha256-16\t");
    assert_file_lacks(dir, "charts.list", "throughput\t", "speedup\t", "apis\t");
    assert_true(remove_tree(dir));
    fixture_unload(&fx);

    *strrchr(csv, '3') = '\0'; /* drops the 15th release's row */
    *(strrchr(csv, '\n') + 1) = '\0';
    fixture_load(&fx, csv, NULL);
    assert_int_equal(report_releases_measured(&fx.r), 14);
    write_chart_data(&fx.r, dir);
    assert_file_has(dir, "charts.list", "throughput\t", "speedup\t", "apis\t", "timeline\t");
    assert_true(remove_tree(dir));
    fixture_unload(&fx);
}

/* Two releases: no timeline (make compare's bar charts say it all). */
static void no_timeline_below_three_releases(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, HEADER ROW("1.1.1w", "0x1010117f", "openssl", "x", "100")
                          ROW("3.0.20", "0x30000140", "openssl", "x", "50"), NULL);
    assert_false(report_draws_timeline(&fx.r));
    char dir[TEMP_DIR_SIZE];
    write_chart_data(&fx.r, dir);
    assert_file_lacks(dir, "charts.list", "timeline");
    assert_true(remove_tree(dir));
    fixture_unload(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(releases_in_version_order_forks_last),
        cmocka_unit_test(dates_from_version_strings),
        cmocka_unit_test(series_of_releases),
        cmocka_unit_test(timeline_chart_puts_forks_after_a_gap),
        cmocka_unit_test(bars_give_way_above_14_releases),
        cmocka_unit_test(no_timeline_below_three_releases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
