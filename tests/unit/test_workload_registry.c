/* Workload names and the rules that need no library: parsing and suggesting
 * names, the default set, the known-answer comparison, and the support check
 * on a library that exports nothing (which release a path needs, and that
 * every function a path needs is in compat/symbols.def).  The workloads
 * themselves, on real libraries: test_workloads.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/common.h"

#include <stdio.h>
#include <string.h>

static void test_parse_accepts(void **state)
{
    (void)state;
    workload_spec spec;
    assert_true(workload_parse("rsa2048", &spec));
    assert_int_equal(spec.param, 2048);
    assert_string_equal(spec.name, "rsa2048");
    assert_true(workload_parse("rsa1536", &spec));
    assert_int_equal(spec.param, 1536);
    /* every fixed line parses under its own name, every family member as
     * name<param> */
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->any_name_example != NULL) { /* evp:NAME: its example */
            workload_spec ex;
            workload_example(w, &ex);
            assert_true(workload_parse(ex.name, &spec));
            assert_ptr_equal(spec.w, w);
            assert_string_equal(spec.name, ex.name);
            continue;
        }
        if (w->param_max == 0) {
            assert_true(workload_parse(w->name, &spec));
            assert_ptr_equal(spec.w, w);
            assert_string_equal(spec.name, w->name);
            continue;
        }
        for (const int *m = w->members; *m != 0; m++) {
            char name[32];
            snprintf(name, sizeof name, "%s%d", w->name, *m);
            assert_true(workload_parse(name, &spec));
            assert_ptr_equal(spec.w, w);
            assert_int_equal(spec.param, *m);
        }
    }
}

static void test_parse_rejects(void **state)
{
    (void)state;
    static const char *const bad[] = {"sha265", "rsa",     "rsa0",     "rsa99999999", "",
                                      "rsa-2048", "rsa02048", "rsa2048x", "rsa256",      "SHA256x",
                                      "sha256 ", "rsa+2048"};
    workload_spec spec;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (workload_parse(bad[i], &spec))
            fail_msg("workload_parse accepted \"%s\"", bad[i]);
}

static void test_suggest(void **state)
{
    (void)state;
    const char *s = workload_suggest("sha265");
    assert_non_null(s);
    assert_string_equal(s, "sha256");
    s = workload_suggest("rsa2049");
    assert_non_null(s);
    assert_string_equal(s, "rsa2048");
    s = workload_suggest("aes128-gcm");
    assert_non_null(s);
    assert_string_equal(s, "aes-128-gcm");
    assert_null(workload_suggest("completely-unrelated-words"));
}

/* A KAT can fail: the comparison helper rejects a wrong expected value. */
static void test_kat_compare_can_fail(void **state)
{
    (void)state;
    static const unsigned char abc[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
        0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
    char why[256] = "";
    assert_true(wl_kat_compare("abc", abc, 32,
                               "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                               why, sizeof why));
    /* last digit changed */
    assert_false(wl_kat_compare("abc", abc, 32,
                                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ae",
                                why, sizeof why));
    assert_non_null(strstr(why, "wrong answer"));
    /* wrong length, malformed hex */
    why[0] = '\0';
    assert_false(wl_kat_compare("abc", abc, 31, "ba7816bf", why, sizeof why));
    assert_true(why[0] != '\0');
    assert_false(wl_kat_compare("abc", abc, 1, "zz", why, sizeof why));
    assert_false(wl_kat_compare_bytes("abc", abc, 32, abc, 31, why, sizeof why));
}

/* Every function a path needs is in compat/symbols.def (a library that
 * exports nothing at all makes every path report what it lacks). */
static void test_needs_are_symbols(void **state)
{
    (void)state;
    static crypto_lib none; /* no symbol resolved, series 0 */
    size_t paths = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        workload_spec ws;
        workload_example(workload_registry[i], &ws);
        for (int a = 0; a < API_COUNT; a++) {
            char why[256] = "";
            workload_support s = workload_check(&none, &ws, (api_path)a, why, sizeof why);
            if (s == WL_NO_SHAPE)
                continue;
            paths++;
            assert_int_equal(s, WL_UNSUPPORTED);
            if (strstr(why, "symbols.def") != NULL)
                fail_msg("%s/%s: %s", ws.name, api_name((api_path)a), why);
        }
    }
    assert_true(paths > 0);
}

/* One support case: a synthetic line of `needs` for the fetch path (and
 * `since`, `not_built`) on a library of `series` that exports nothing is
 * unsupported with exactly `expect`. */
typedef struct {
    long series, since;
    const char *needs, *not_built, *expect;
} support_case;

static void check_support_cases(const support_case *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        static crypto_lib lib; /* no symbol resolved */
        lib.ver.series = cases[i].series;
        workload w = {
            .name = "synthetic", .since = cases[i].since, .not_built = cases[i].not_built};
        w.needs[API_FETCH] = cases[i].needs;
        workload_spec ws = {.w = &w, .name = "synthetic"};
        char why[256] = "";
        assert_int_equal(workload_check(&lib, &ws, API_FETCH, why, sizeof why), WL_UNSUPPORTED);
        if (strcmp(why, cases[i].expect) != 0)
            fail_msg("case %zu: \"%s\", expected \"%s\"", i, why, cases[i].expect);
    }
}

/* The support check names the latest release any requirement needs (the
 * workload's `since` or a missing function's), not the first one it meets;
 * a function the release should have is "not exported", one it lost "gone".
 * A synthetic line on a library that exports nothing, at several releases. */
static void test_support_names_latest_release(void **state)
{
    (void)state;
    static const support_case cases[] = {
        {R_111, 0, "EVP_PKEY_CTX_new_from_pkey EVP_PKEY_sign_message_init", NULL,
         "needs 3.4 or later"},
        {R_111, R_350, "EVP_PKEY_CTX_new_from_pkey EVP_PKEY_sign_message_init", NULL,
         "needs 3.5 or later"},
        {R_098, R_110, "EVP_PKEY_derive", NULL, "needs 1.1.0 or later"},
        {R_098, R_100, "DSA_sign", NULL, "needs 1.0.0 or later"},
        {R_110, R_100, "EVP_MD_CTX_new", NULL, "EVP_MD_CTX_new not exported by this build"},
        {R_300, 0, "EVP_PKEY_derive", NULL, "EVP_PKEY_derive not exported by this build"},
        /* too old anyway: the release to wait for, not this build's gap */
        {R_300, 0, "EVP_PKEY_derive EVP_PKEY_sign_message_init", NULL, "needs 3.4 or later"},
        {R_111, 0, "HMAC_CTX_init", NULL, "gone after 1.0.2 (HMAC_CTX_init)"},
    };
    check_support_cases(cases, sizeof cases / sizeof cases[0]);
}

/* An algorithm a default build leaves out (`not_built`): a function the
 * release has but the build does not export says how to build it, while an
 * older release still names the release it needs.  A synthetic line, then
 * rc5-cbc itself, on a library that exports nothing. */
static void test_support_not_built(void **state)
{
    (void)state;
    static const support_case cases[] = {
        {R_111, 0, "RC5_32_set_key RC5_32_cbc_encrypt", "enable-rc5", "not built: enable-rc5"},
        {R_350, 0, "RC5_32_set_key", "enable-rc5", "not built: enable-rc5"},
        {R_111, 0, "RC5_32_cbc_encrypt EVP_CIPHER_fetch", "enable-rc5", "needs 3.0 or later"},
    };
    check_support_cases(cases, sizeof cases / sizeof cases[0]);
    static crypto_lib v111 = {.ver.series = R_111};
    workload_spec rc5;
    assert_true(workload_parse("rc5-cbc", &rc5));
    static const api_path paths[] = {API_LEGACY, API_EVP};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        char why[256] = "";
        assert_int_equal(workload_check(&v111, &rc5, paths[i], why, sizeof why), WL_UNSUPPORTED);
        assert_string_equal(why, "not built: enable-rc5");
    }
}

/* The default set is the registry's in_default lines and default members. */
static void test_defaults(void **state)
{
    (void)state;
    workload_spec specs[64];
    size_t n = workload_defaults(specs, 64);
    size_t expect = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        expect += w->param_max == 0 ? (size_t)w->in_default : 0;
        for (const int *m = w->default_members; m != NULL && *m != 0; m++)
            expect++;
    }
    assert_int_equal(n, expect);
    assert_true(n > 0);
    for (size_t i = 0; i < n; i++) {
        workload_spec again;
        assert_true(workload_parse(specs[i].name, &again));
        assert_ptr_equal(again.w, specs[i].w);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_accepts),      cmocka_unit_test(test_parse_rejects),
        cmocka_unit_test(test_suggest),            cmocka_unit_test(test_kat_compare_can_fail),
        cmocka_unit_test(test_needs_are_symbols), cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_support_names_latest_release),
        cmocka_unit_test(test_support_not_built),
    };
    return cmocka_run_group_tests_name("workload names and helpers", tests, NULL, NULL);
}
