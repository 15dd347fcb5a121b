/* "not built: enable-md2": a workload whose algorithm is a Configure option
 * (`not_built`) says so when the build left a function out that its release
 * has; a release too old for the function still says which release it
 * needs, a fork says what it lacks, and a path that names the algorithm only
 * at run time (fetch) goes by the evp path's static getter.  Synthetic lines
 * and the registry's md2 on libraries that export nothing or a chosen few. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/common.h"

#include <stdio.h>
#include <string.h>

/* Stands in for an exported function: workload_check only looks at whether
 * the pointer is there (the synthetic lines have no available()). */
static void exported(void) {}

static const char *check(const crypto_lib *lib, const workload *w, api_path api,
                         workload_support expect)
{
    static char why[256];
    workload_spec ws = {.w = w};
    snprintf(ws.name, sizeof ws.name, "%s", w->name);
    why[0] = '\0';
    assert_int_equal(workload_check(lib, &ws, api, why, sizeof why), expect);
    return why;
}

static workload line(const char *option)
{
    workload w = {.name = "synthetic", .not_built = option};
    w.needs[API_LEGACY] = "MD2_Init MD2_Update MD2_Final";
    w.needs[API_EVP] = "EVP_Digest EVP_md2";
    w.needs[API_FETCH] = "EVP_Digest EVP_MD_fetch EVP_MD_free";
    return w;
}

static void test_left_out_says_option(void **state)
{
    (void)state;
    static crypto_lib lib; /* nothing exported */
    lib.ver.series = R_111;
    workload w = line("enable-md2");
    assert_string_equal(check(&lib, &w, API_LEGACY, WL_UNSUPPORTED), "not built: enable-md2");
    assert_string_equal(check(&lib, &w, API_EVP, WL_UNSUPPORTED), "not built: enable-md2");
    /* without the option, the gap as it is */
    workload plain = line(NULL);
    assert_string_equal(check(&lib, &plain, API_LEGACY, WL_UNSUPPORTED),
                        "MD2_Init not exported by this build");
}

static void test_too_old_wins(void **state)
{
    (void)state;
    static crypto_lib lib;
    lib.ver.series = R_111;
    workload w = line("enable-md2");
    assert_string_equal(check(&lib, &w, API_FETCH, WL_UNSUPPORTED), "needs 3.0 or later");
    workload whirl = {.name = "synthetic", .not_built = "enable-whirlpool"};
    whirl.needs[API_LEGACY] = "WHIRLPOOL_Init";
    lib.ver.series = R_098;
    assert_string_equal(check(&lib, &whirl, API_LEGACY, WL_UNSUPPORTED), "needs 1.0.0 or later");
}

/* fetch: its own calls are there; the evp path's getter shows the build. */
static void test_fetch_goes_by_getter(void **state)
{
    (void)state;
    static crypto_lib lib;
    lib.ver.series = R_300;
    lib.fn.EVP_Digest = (void *)exported;
    lib.fn.EVP_MD_fetch = (void *)exported;
    lib.fn.EVP_MD_free = (void *)exported;
    workload w = line("enable-md2");
    assert_string_equal(check(&lib, &w, API_FETCH, WL_UNSUPPORTED), "not built: enable-md2");
    lib.fn.EVP_md2 = (void *)exported;
    check(&lib, &w, API_FETCH, WL_SUPPORTED);
    workload plain = line(NULL);
    lib.fn.EVP_md2 = NULL;
    check(&lib, &plain, API_FETCH, WL_SUPPORTED);
}

static void test_fork_says_what_it_lacks(void **state)
{
    (void)state;
    static crypto_lib lib;
    lib.ver.series = R_111;
    lib.ver.flavor = FLAVOR_BORINGSSL;
    workload w = line("enable-md2");
    assert_string_equal(check(&lib, &w, API_LEGACY, WL_UNSUPPORTED), "MD2_Init not in BoringSSL");
}

/* The registry's md2 uses it on every path a 1.1.1 or 3.0 build has. */
static void test_md2_line(void **state)
{
    (void)state;
    workload_spec ws;
    assert_true(workload_parse("md2", &ws));
    assert_non_null(ws.w->not_built);
    static crypto_lib lib;
    lib.ver.series = R_111;
    for (int a = 0; a < API_COUNT; a++)
        if (a != API_FETCH && ws.w->needs[a] != NULL)
            assert_string_equal(check(&lib, ws.w, (api_path)a, WL_UNSUPPORTED),
                                "not built: enable-md2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_left_out_says_option),
        cmocka_unit_test(test_too_old_wins),
        cmocka_unit_test(test_fetch_goes_by_getter),
        cmocka_unit_test(test_fork_says_what_it_lacks),
        cmocka_unit_test(test_md2_line),
    };
    return cmocka_run_group_tests_name("not built: a Configure option", tests, NULL, NULL);
}
