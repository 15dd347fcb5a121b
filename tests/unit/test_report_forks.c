/* `osslbench report` with forks among the releases: their version numbers
 * are claims, so they sort after every OpenSSL release, are never the
 * default baseline, and charts title them as forks. */
#include "report_fixtures.h"

/* BoringSSL claims 1.1.1g (0x1010107f), LibreSSL 0x20000000: by number
 * they would sort among OpenSSL's releases and BoringSSL would become the
 * default baseline here. */
static void forks_sort_after_openssl_and_are_never_the_default_baseline(void **state)
{
    (void)state;
    static const char *const csv =
        "label,version,version_num,flavor,api,workload,op,bytes,rate,unit,ci_low,ci_high,"
        "samples,status\n"
        "3.0.20,3.0.20,0x30000140,openssl,evp,sha256,digest,16,2e6,B/s,1.9e6,2.1e6,6,ok\n"
        "boringssl,boringssl,0x1010107f,boringssl,evp,sha256,digest,16,3e6,B/s,2.9e6,3.1e6,6,ok\n"
        "libressl-3.9.2,libressl-3.9.2,0x20000000,libressl,evp,sha256,digest,16,1e6,B/s,0.9e6,"
        "1.1e6,6,ok\n"
        "1.1.1w,1.1.1w,0x1010117f,,evp,sha256,digest,16,1e6,B/s,0.9e6,1.1e6,6,ok\n"
        "mine,aws-lc-1.18.0,0x1010107f,aws-lc,evp,sha256,digest,16,1e6,B/s,0.9e6,1.1e6,6,ok\n";
    fixture fx;
    fixture_load(&fx, csv, NULL);
    assert_int_equal(fx.r.nrel, 5);
    assert_string_equal(fx.r.rel[0].label, "1.1.1w"); /* no flavor column value: OpenSSL */
    assert_string_equal(fx.r.rel[1].label, "3.0.20");
    assert_string_equal(fx.r.rel[2].label, "libressl-3.9.2");
    assert_string_equal(fx.r.rel[3].label, "boringssl");
    assert_string_equal(fx.r.rel[4].label, "mine");
    assert_string_equal(fx.r.rel[fx.r.baseline].label, "1.1.1w");
    char title[128];
    report_release_title(&fx.r.rel[0], title, sizeof title);
    assert_string_equal(title, "1.1.1w");
    report_release_title(&fx.r.rel[3], title, sizeof title);
    assert_string_equal(title, "boringssl (fork)");
    report_release_title(&fx.r.rel[4], title, sizeof title);
    assert_string_equal(title, "mine (AWS-LC fork)");
    fixture_unload(&fx);
    /* a fork is the baseline only when asked for */
    fixture_load(&fx, csv, "boringssl");
    assert_string_equal(fx.r.rel[fx.r.baseline].label, "boringssl");
    fixture_unload(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(forks_sort_after_openssl_and_are_never_the_default_baseline),
    };
    return cmocka_run_group_tests_name("report-forks", tests, NULL, NULL);
}
