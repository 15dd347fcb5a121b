/* Workload tests: every (workload, API path) against every library in
 * OSSLBENCH_TEST_LIBS (colon-separated; default: the system libcrypto.so.3),
 * one forked child per library so that releases never share a process.
 *
 * For each supported pair the known-answer self-check must pass and
 * setup / run(3) / teardown must succeed for every op; an unsupported pair
 * must give a reason, and which pairs are supported must match the release.
 * A library built for another machine (an x86-64 libcrypto while the tests
 * run under qemu-aarch64) skips its tests instead of failing them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The build machine's own system libcrypto: tests/tests.mk passes it. */
#ifndef SYSTEM_LIBCRYPTO
#error "compile with -DSYSTEM_LIBCRYPTO='\"path\"' (tests/tests.mk does)"
#endif
#define DEFAULT_LIB SYSTEM_LIBCRYPTO

static const char *lib_path;
static crypto_lib the_lib;
static bool lib_foreign; /* built for another machine: every test skips */
#define SKIP_IF_FOREIGN() \
    do { \
        if (lib_foreign) \
            skip(); \
    } while (0)

/* --- library-independent ---------------------------------------------------- */

static void test_parse_accepts(void **state)
{
    (void)state;
    workload_spec spec;
    assert_true(workload_parse("sha256", &spec));
    assert_ptr_equal(spec.w, &wl_sha256);
    assert_string_equal(spec.name, "sha256");
    assert_true(workload_parse("rsa2048", &spec));
    assert_ptr_equal(spec.w, &wl_rsa);
    assert_int_equal(spec.bits, 2048);
    assert_string_equal(spec.name, "rsa2048");
    assert_true(workload_parse("rsa1536", &spec));
    assert_int_equal(spec.bits, 1536);
    assert_true(workload_parse("aes-256-gcm", &spec));
    assert_ptr_equal(spec.w, &wl_aes_256_gcm);
    assert_true(workload_parse("hmac-sha256", &spec));
    /* every registry entry without bits parses under its own name */
    for (size_t i = 0; workload_registry[i] != NULL; i++)
        if (!workload_registry[i]->takes_bits) {
            assert_true(workload_parse(workload_registry[i]->name, &spec));
            assert_ptr_equal(spec.w, workload_registry[i]);
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

static void test_needs_text(void **state)
{
    (void)state;
    assert_string_equal(wl_needs(R_101), "needs 1.0.1 or later");
    assert_string_equal(wl_needs(R_300), "needs 3.0 or later");
    const char *a = wl_needs(R_100);
    (void)wl_needs(R_110);
    assert_string_equal(a, "needs 1.0.0 or later"); /* stays valid */
}

/* --- per library -------------------------------------------------------------- */

static int lib_setup(void **state)
{
    (void)state;
    char why[256];
    if (libpath_classify(lib_path, why, sizeof why) == LIBPATH_FOREIGN) {
        print_message("library %s %s: skipping its tests\n", lib_path, why);
        lib_foreign = true;
        return 0;
    }
    if (!crypto_lib_open(&the_lib, lib_path, why, sizeof why)) {
        print_error("cannot open %s: %s\n", lib_path, why);
        return -1;
    }
    if (!crypto_lib_init(&the_lib, why, sizeof why)) {
        print_error("cannot initialise %s: %s\n", lib_path, why);
        return -1;
    }
    print_message("library %s: %s (series %ld)\n", lib_path, the_lib.ver.name,
                  the_lib.ver.series);
    return 0;
}

static int lib_teardown(void **state)
{
    (void)state;
    wl_rsa_cache_release();
    return 0;
}

/* Which pairs a full default build of this release must support. */
static bool expected_supported(const workload *w, api_path api)
{
    const crypto_lib *lib = &the_lib;
    bool gcm = w == &wl_aes_128_gcm || w == &wl_aes_256_gcm;
    if (api == API_FETCH)
        return crypto_lib_since(lib, R_300);
    if (gcm)
        return api == API_EVP && crypto_lib_since(lib, R_101);
    if (api == API_EVP && (w == &wl_hmac_sha256 || w == &wl_rsa))
        return crypto_lib_since(lib, R_100);
    return true;
}

typedef struct {
    const char *name;
} case_spec;

static void test_workload(void **state)
{
    SKIP_IF_FOREIGN();
    const case_spec *c = *state;
    workload_spec spec;
    if (!workload_parse(c->name, &spec))
        fail_msg("cannot parse %s", c->name);
    const workload *w = spec.w;
    static const size_t sizes[] = {16, 1024};
    size_t nsizes = w->sized ? 2 : 1;
    for (int api = 0; api < API_COUNT; api++) {
        const char *no = w->unsupported(&the_lib, (api_path)api, spec.bits);
        if (no != NULL) {
            print_message("    %-12s %-6s unsupported: %s\n", spec.name, api_name(api), no);
            assert_true(no[0] != '\0');
            if (expected_supported(w, (api_path)api))
                fail_msg("%s/%s unexpectedly unsupported on %s: %s", spec.name, api_name(api),
                         the_lib.ver.name, no);
            continue;
        }
        if (!expected_supported(w, (api_path)api))
            fail_msg("%s/%s claims support on %s", spec.name, api_name(api), the_lib.ver.name);
        char why[512] = "";
        if (!w->self_check(&the_lib, (api_path)api, spec.bits, why, sizeof why))
            fail_msg("%s/%s self-check failed on %s: %s", spec.name, api_name(api),
                     the_lib.ver.name, why);
        for (int op = 0; w->ops[op] != NULL; op++)
            for (size_t k = 0; k < nsizes; k++) {
                size_t bytes = w->sized ? sizes[k] : 0;
                void *st = w->setup(&the_lib, (api_path)api, spec.bits, op, bytes, why, sizeof why);
                if (st == NULL)
                    fail_msg("%s/%s/%s setup(%zu) failed: %s", spec.name, api_name(api),
                             w->ops[op], bytes, why);
                bool ran = w->run(st, 3);
                const char *err = ran ? "" : crypto_lib_last_error(&the_lib);
                w->teardown(st);
                if (!ran)
                    fail_msg("%s/%s/%s run(3) at %zu bytes failed: %s", spec.name, api_name(api),
                             w->ops[op], bytes, err);
            }
        print_message("    %-12s %-6s ok\n", spec.name, api_name(api));
    }
}

static void test_gcm_legacy_unsupported(void **state)
{
    SKIP_IF_FOREIGN();
    (void)state;
    const char *a = wl_aes_128_gcm.unsupported(&the_lib, API_LEGACY, 0);
    const char *b = wl_aes_256_gcm.unsupported(&the_lib, API_LEGACY, 0);
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a, "no low-level GCM API");
    assert_string_equal(b, "no low-level GCM API");
}

static void test_fetch_needs_3(void **state)
{
    SKIP_IF_FOREIGN();
    (void)state;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        const char *no = w->unsupported(&the_lib, API_FETCH, w->takes_bits ? 2048 : 0);
        if (crypto_lib_since(&the_lib, R_300)) {
            if (no != NULL)
                fail_msg("%s/fetch unsupported on %s: %s", w->name, the_lib.ver.name, no);
        } else {
            assert_non_null(no);
            assert_string_equal(no, "needs 3.0 or later");
        }
    }
}

/* Setup errors are reported, not crashed on. */
static void test_setup_rejects(void **state)
{
    SKIP_IF_FOREIGN();
    (void)state;
    char why[256] = "";
    assert_null(wl_aes_128_cbc.setup(&the_lib, API_EVP, 0, 0, 17, why, sizeof why));
    assert_true(why[0] != '\0');
    why[0] = '\0';
    assert_null(wl_sha256.setup(&the_lib, API_LEGACY, 0, 1, 16, why, sizeof why));
    assert_true(why[0] != '\0');
    why[0] = '\0';
    assert_null(wl_rsa.setup(&the_lib, API_LEGACY, 2048, 2, 0, why, sizeof why));
    assert_true(why[0] != '\0');
    if (!crypto_lib_since(&the_lib, R_101)) {
        why[0] = '\0';
        assert_null(wl_aes_128_gcm.setup(&the_lib, API_EVP, 0, 0, 16, why, sizeof why));
        assert_string_equal(why, "needs 1.0.1 or later");
    }
}

static const case_spec cases[] = {
    {"sha256"},      {"aes-128-cbc"}, {"aes-256-cbc"}, {"aes-128-gcm"}, {"aes-256-gcm"},
    {"hmac-sha256"}, {"rsa1024"},     {"rsa2048"},     {"rsa3072"},     {"rsa4096"},
    {"rsa768"}, /* generated at first use */
};

static int run_library(const char *path)
{
    lib_path = path;
#define WORKLOAD_TEST(i) {"workload " #i, test_workload, NULL, NULL, (void *)&cases[i]}
    struct CMUnitTest tests[] = {
        WORKLOAD_TEST(0), WORKLOAD_TEST(1), WORKLOAD_TEST(2), WORKLOAD_TEST(3),
        WORKLOAD_TEST(4), WORKLOAD_TEST(5), WORKLOAD_TEST(6), WORKLOAD_TEST(7),
        WORKLOAD_TEST(8), WORKLOAD_TEST(9), WORKLOAD_TEST(10),
        cmocka_unit_test(test_gcm_legacy_unsupported),
        cmocka_unit_test(test_fetch_needs_3),
        cmocka_unit_test(test_setup_rejects),
    };
#undef WORKLOAD_TEST
    _Static_assert(sizeof cases / sizeof cases[0] == 11, "one test per case");
    /* name each workload test after its case */
    static char names[11][48];
    for (size_t i = 0; i < 11; i++) {
        snprintf(names[i], sizeof names[i], "workload %s", cases[i].name);
        tests[i].name = names[i];
    }
    char name[600];
    snprintf(name, sizeof name, "workloads on %s", path);
    return cmocka_run_group_tests_name(name, tests, lib_setup, lib_teardown);
}

int main(void)
{
    const struct CMUnitTest common[] = {
        cmocka_unit_test(test_parse_accepts),      cmocka_unit_test(test_parse_rejects),
        cmocka_unit_test(test_suggest),            cmocka_unit_test(test_kat_compare_can_fail),
        cmocka_unit_test(test_needs_text),
    };
    int failures = cmocka_run_group_tests_name("workload names and helpers", common, NULL, NULL);

    const char *env = getenv("OSSLBENCH_TEST_LIBS");
    char *libs = strdup(env != NULL && env[0] != '\0' ? env : DEFAULT_LIB);
    if (libs == NULL)
        return 1;
    char *save = NULL;
    for (char *p = strtok_r(libs, ":", &save); p != NULL; p = strtok_r(NULL, ":", &save)) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            failures++;
            continue;
        }
        if (pid == 0)
            exit(run_library(p) == 0 ? 0 : 1);
        int status = 0;
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            if (WIFSIGNALED(status))
                fprintf(stderr, "[  ERROR   ] %s: test process killed by signal %d\n", p,
                        WTERMSIG(status));
            else
                fprintf(stderr, "[  FAILED  ] workloads on %s\n", p);
            failures++;
        }
    }
    free(libs);
    return failures == 0 ? 0 : 1;
}
