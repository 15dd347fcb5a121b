/* evp:NAME and the agreement across libraries: the name rules (registry,
 * CSV column), the verdicts of agreement_odd_one, and evp:NAME's shapes on
 * the system libcrypto (digest, XOF, cipher, AEAD, a name it lacks). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../record/row.h"
#include "../../harness/agreement.h"
#include "../../harness/workloads/common.h"
#include "system_lib.h"

#include <stdio.h>
#include <string.h>


static void test_names(void **state)
{
    (void)state;
    static const char *const good[] = {"evp:sm4-cbc", "evp:aes-128-gcm", "evp:blake2b512",
                                       "evp:SHA2-256", "evp:1.2.840.113549.2.5"};
    static const char *const bad[] = {"evp:", "evp:a;b", "evp:../x", "evp:-x", "evp:a b",
                                      "evp:aaaaaaaaaaaaaaaaaaaaaaaaaaaa"};
    workload_spec ws;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        if (!workload_parse(good[i], &ws))
            fail_msg("workload_parse refused \"%s\"", good[i]);
        assert_string_equal(ws.name, good[i]);
        assert_null(workload_name_rule(good[i]));
    }
    assert_false(workload_parse("evp:SHA2-512/256", &ws)); /* a '/' reaches no name */
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (workload_parse(bad[i], &ws))
            fail_msg("workload_parse accepted \"%s\"", bad[i]);
        const char *rule = workload_name_rule(bad[i]);
        assert_non_null(rule);
        assert_non_null(strstr(rule, "evp:NAME: NAME is 1 to 27 letters"));
    }
    assert_null(workload_name_rule("sha265")); /* not a by-name line: "did you mean" */
    assert_true(workload_parse("evp:aaaaaaaaaaaaaaaaaaaaaaaaaaa", &ws)); /* 27: fits */
}

static void test_csv_workload_column(void **state)
{
    (void)state;
    assert_true(row_workload_valid("evp:sm4-cbc"));
    assert_true(row_workload_valid("sha256"));
    assert_true(row_workload_valid(""));
    static const char *const bad[] = {":x", "x:", "a:b:c", "evp:a/b", "evp:a b", "evp:$(x)",
                                      "../x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (row_workload_valid(bad[i]))
            fail_msg("row_workload_valid accepted \"%s\"", bad[i]);
    assert_false(row_name_valid("evp:sm4-cbc")); /* the other name columns stay as they were */
}

static void test_agreement_verdicts(void **state)
{
    (void)state;
    const char *labels[] = {"a", "b", "c", "d"};
    char note[256] = "";
    const char *two_one[] = {"11", "22", "11"};
    assert_false(agreement_odd_one(two_one, labels, 3, 0, note, sizeof note));
    assert_true(agreement_odd_one(two_one, labels, 3, 1, note, sizeof note));
    assert_string_equal(note, "libraries disagree: gave 22; the other 2 libraries gave 11");
    assert_false(agreement_odd_one(two_one, labels, 3, 2, note, sizeof note));
    /* no majority: both marked, neither guessed right */
    const char *pair[] = {"11", "22"};
    assert_true(agreement_odd_one(pair, labels, 2, 0, note, sizeof note));
    assert_non_null(strstr(note, "gave 11 but b gave 22: no majority"));
    assert_true(agreement_odd_one(pair, labels, 2, 1, note, sizeof note));
    assert_non_null(strstr(note, "gave 22 but a gave 11: no majority"));
    /* nothing to agree with, or nothing to say */
    const char *one[] = {"11"};
    assert_false(agreement_odd_one(one, labels, 1, 0, note, sizeof note));
    const char *same[] = {"11", "11"};
    assert_false(agreement_odd_one(same, labels, 2, 1, note, sizeof note));
    /* a library without a fingerprint (not run, or randomised) takes no part */
    const char *gaps[] = {"11", NULL, "", "22"};
    assert_false(agreement_odd_one(gaps, labels, 4, 1, note, sizeof note));
    assert_true(agreement_odd_one(gaps, labels, 4, 3, note, sizeof note));
    assert_non_null(strstr(note, "a gave 11"));
    const char *three_one[] = {"11", "11", "22", "11"};
    assert_true(agreement_odd_one(three_one, labels, 4, 2, note, sizeof note));
    assert_non_null(strstr(note, "the other 3 libraries gave 11"));
}

static void test_fingerprint(void **state)
{
    (void)state;
    static const unsigned char out[20] = {0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5, 6};
    workload_output o = {.part = {out, out + 16}, .len = {16, 4}};
    char a[FINGERPRINT_SIZE], b[FINGERPRINT_SIZE];
    agreement_fingerprint(&o, a);
    assert_int_equal(strlen(a), FINGERPRINT_SIZE - 1);
    assert_memory_equal(a, "deadbeef01020304-", 17);
    o.len[1] = 3; /* the tag is part of it */
    agreement_fingerprint(&o, b);
    assert_string_not_equal(a, b);
}

static crypto_lib sys;
static bool sys_foreign; /* a cross build (qemu): no library of its own architecture there */

static int open_system(void **state)
{
    (void)state;
    bool usable;
    int rc = system_lib_open(&sys, &usable);
    sys_foreign = !usable;
    return rc;
}

/* Every path: supported, the self-check passes, one operation of a point
 * writes `out_len` bytes of output (+ `tag_len`). */
static void expect_shape(const char *name, size_t bytes, size_t out_len, size_t tag_len)
{
    workload_spec ws;
    assert_true(workload_parse(name, &ws));
    for (api_path api = 0; api < API_COUNT; api++) {
        char why[256] = "";
        workload_support s = workload_check(&sys, &ws, api, why, sizeof why);
        if (s == WL_NO_SHAPE)
            continue;
        if (s != WL_SUPPORTED)
            fail_msg("%s/%s: %s", name, api_name(api), why);
        if (ws.w->self_check(&sys, &ws, api, why, sizeof why) != CHECK_PASS)
            fail_msg("%s/%s self-check: %s", name, api_name(api), why);
        workload_loop loop = NULL;
        void *st = ws.w->setup(&sys, &ws, api, 0, bytes, &loop, why, sizeof why);
        if (st == NULL)
            fail_msg("%s/%s setup: %s", name, api_name(api), why);
        assert_true(loop(st, 3));
        workload_output o = {0};
        ws.w->output(st, &o);
        assert_int_equal(o.len[0], out_len);
        assert_int_equal(o.len[1], tag_len);
        ws.w->teardown(st);
    }
}

static void test_shapes_on_system(void **state)
{
    if (sys_foreign)
        skip();
    (void)state;
    expect_shape("evp:sha3-512", 100, 64, 0);  /* digest: EVP_MD_size */
    expect_shape("evp:shake256", 100, 64, 0);  /* XOF: speed's 64 bytes */
    expect_shape("evp:sm4-cbc", 64, 64, 0);    /* cipher: the block */
    expect_shape("evp:aes-128-gcm", 100, 100, 16); /* AEAD: the block and its tag */
    expect_shape("evp:aes-128-ccm", 100, 100, 16);
    expect_shape("evp:aes-128-xts", 32, 32, 0);
}

static void test_name_it_lacks(void **state)
{
    if (sys_foreign)
        skip();
    (void)state;
    workload_spec ws;
    assert_true(workload_parse("evp:nosuch", &ws));
    for (api_path api = 0; api < API_COUNT; api++) {
        char why[256] = "";
        workload_support s = workload_check(&sys, &ws, api, why, sizeof why);
        if (s == WL_NO_SHAPE)
            continue;
        assert_int_equal(s, WL_UNSUPPORTED);
        assert_string_equal(why, "evp:nosuch: the library has no cipher or digest named nosuch");
    }
    /* a cipher block size the mode cannot take: setup says so */
    assert_true(workload_parse("evp:aes-128-cbc", &ws));
    char why[256] = "";
    workload_loop loop;
    assert_null(ws.w->setup(&sys, &ws, API_EVP, 0, 17, &loop, why, sizeof why));
    assert_non_null(strstr(why, "a multiple of 16"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_csv_workload_column),
        cmocka_unit_test(test_agreement_verdicts),
        cmocka_unit_test(test_fingerprint),
        cmocka_unit_test(test_shapes_on_system),
        cmocka_unit_test(test_name_it_lacks),
    };
    return cmocka_run_group_tests_name("evp:NAME and agreement", tests, open_system, NULL);
}
