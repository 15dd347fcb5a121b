/* `osslbench report`: which releases it reads, in what order, which one is
 * the baseline, and the order of the points (workloads, API paths, ops). */
#include "report_fixtures.h"

static void releases_in_version_order_and_oldest_is_baseline(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    assert_int_equal(fx.r.nrel, 4);
    assert_string_equal(fx.r.rel[0].label, "1.1.1w");
    assert_string_equal(fx.r.rel[1].label, "system-3.0.19");
    assert_string_equal(fx.r.rel[2].label, "3.0.20");
    assert_string_equal(fx.r.rel[3].label, "broken"); /* no version: last */
    assert_int_equal(fx.r.baseline, 0);
    fixture_unload(&fx);
}

static void library_that_never_loaded_is_not_the_default_baseline(void **state)
{
    (void)state;
    static const char *const csv =
        RESULTS_HEADER "broken,,0x0,/bad,evp,sha256,digest,16,,B/s,,,0,0,load_failed,x,h,c,t,\n"
                       "3.0.20,3.0.20,0x30000140,/l3,evp,sha256,digest,16,2e6,B/s,1.9e6,2.1e6,3,10,ok,,h,c,t,\n";
    fixture fx;
    fixture_load(&fx, csv, NULL);
    assert_string_equal(fx.r.rel[fx.r.baseline].label, "3.0.20");
    fixture_unload(&fx);
}

/* A set read from csv (which the reader accepts). */
static void read_set(result_set *set, const char *csv)
{
    FILE *f = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(f);
    char why[256];
    assert_true(csv_read_stream(f, "t", set, why, sizeof why));
    fclose(f);
}

static void explicit_and_unknown_baseline(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, "3.0.20");
    assert_string_equal(fx.r.rel[fx.r.baseline].label, "3.0.20");
    fixture_unload(&fx);

    result_set set;
    read_set(&set, THREE_RELEASES);
    report r;
    char why[256];
    assert_false(report_init(&r, &set, "0.9.8q", why, sizeof why));
    assert_has(why,
               "unknown baseline '0.9.8q'",
               "1.1.1w");
    assert_null(strchr(why, '\n'));
    assert_false(report_init(&r, &set, "broken", why, sizeof why));
    assert_has(why, "no successful result");
    result_set_free(&set);
}

static void names_that_are_not_tokens_are_refused(void **state)
{
    (void)state;
    static const char *const csv =
        RESULTS_HEADER "a,3.0.20,0x30000140,/l,evp,../x,digest,16,2e6,B/s,1.9e6,2.1e6,3,10,ok,,h,c,t,\n";
    result_set set;
    FILE *f = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(f);
    char why[256];
    /* The reader refuses it first ... */
    assert_false(csv_read_stream(f, "t", &set, why, sizeof why));
    fclose(f);
    assert_has(why, "line 2: bad workload");
    /* ... and report_init still does, for rows that come from elsewhere. */
    read_set(&set, RESULTS_HEADER
             "a,3.0.20,0x30000140,/l,evp,sha256,digest,16,2e6,B/s,1.9e6,2.1e6,3,10,ok,,h,c,t,\n");
    strcpy(set.rows[0].workload, "../x");
    report r;
    assert_false(report_init(&r, &set, NULL, why, sizeof why));
    assert_has(why, "line 2");
    result_set_free(&set);
}

/* Workloads, API paths and operations keep the order they first appear in,
 * whatever their names; op/s rows are told apart by their unit. */
static void order_of_appearance_and_units(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    assert_int_equal(report_rank(&fx.r.workloads, "sha256"), 0);
    assert_int_equal(report_rank(&fx.r.workloads, "rsa2048"), 1);
    assert_int_equal(report_rank(&fx.r.apis, "evp"), 0);
    assert_int_equal(report_rank(&fx.r.apis, "fetch"), 1);
    assert_int_equal(report_rank(&fx.r.apis, "nope"), fx.r.apis.n);
    assert_string_equal(fx.r.pt[0].workload, "sha256");
    assert_false(report_point_is_ops(&fx.r.pt[0]));
    assert_true(report_point_is_ops(&fx.r.pt[fx.r.npt - 1]));
    fixture_unload(&fx);
    /* a made-up workload that is listed first comes first */
    static const char *const renamed =
        RESULTS_HEADER
        "a,1.1.1w,0x1010117f,/l,zz-new,zeta,frob,0,5,op/s,4,6,3,10,ok,,h,c,t,\n"
        "a,1.1.1w,0x1010117f,/l,evp,sha256,digest,16,1e6,B/s,0.9e6,1.1e6,3,10,ok,,h,c,t,\n";
    fixture_load(&fx, renamed, NULL);
    assert_string_equal(fx.r.pt[0].workload, "zeta");
    assert_true(report_point_is_ops(&fx.r.pt[0]));
    assert_string_equal(report_ops_group(&fx.r.pt[0]), "public-key");
    fixture_unload(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(releases_in_version_order_and_oldest_is_baseline),
        cmocka_unit_test(library_that_never_loaded_is_not_the_default_baseline),
        cmocka_unit_test(explicit_and_unknown_baseline),
        cmocka_unit_test(names_that_are_not_tokens_are_refused),
        cmocka_unit_test(order_of_appearance_and_units),
    };
    return cmocka_run_group_tests_name("report: releases, baseline, order", tests, NULL, NULL);
}
