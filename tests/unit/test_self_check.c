/* A self-check has three outcomes, and the row says which: a wrong answer
 * is kat_failed (on a fork too), a fork that refuses to make the
 * algorithm's key or context behind an API it exports is unsupported ("not
 * in BoringSSL: ..."), and the same refusal by an OpenSSL release, whose
 * symbol table says it has the algorithm, is kat_failed.  The libraries are
 * function tables filled here with the few calls each path makes: a fake
 * BoringSSL that digests wrongly and has no CMAC or EC key type behind
 * EVP_PKEY, and the same calls claimed by an OpenSSL 1.1.1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/self_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SYSTEM_LIBCRYPTO
#error "compile with -DSYSTEM_LIBCRYPTO='\"path\"' (tests/tests.mk does)"
#endif

static int marker; /* what the fake getters and key parsers hand out */

static const cx_EVP_MD *fake_sha256(void)
{
    return (const cx_EVP_MD *)&marker;
}

static int wrong_digest(const void *data, size_t count, unsigned char *md, unsigned int *size,
                        const cx_EVP_MD *type, cx_ENGINE *impl)
{
    (void)data, (void)count, (void)type, (void)impl;
    memset(md, 0x5a, 32);
    *size = 32;
    return 1;
}

static cx_EVP_MD_CTX *md_ctx_new(void)
{
    return malloc(1);
}

static void md_ctx_free(cx_EVP_MD_CTX *ctx)
{
    free(ctx);
}

static const cx_EVP_CIPHER *fake_aes_128_cbc(void)
{
    return (const cx_EVP_CIPHER *)&marker;
}

static cx_EVP_PKEY *no_cmac_key(cx_ENGINE *e, const unsigned char *priv, size_t len,
                                const cx_EVP_CIPHER *cipher)
{
    (void)e, (void)priv, (void)len, (void)cipher;
    return NULL;
}

static cx_EVP_PKEY *parse_any_key(int type, cx_EVP_PKEY **a, const unsigned char **pp,
                                  long length)
{
    (void)type, (void)a;
    *pp += length;
    return (cx_EVP_PKEY *)&marker;
}

static void pkey_free(cx_EVP_PKEY *pkey)
{
    (void)pkey;
}

static cx_EVP_PKEY_CTX *no_pkey_ctx(cx_EVP_PKEY *pkey, cx_ENGINE *e)
{
    (void)pkey, (void)e;
    return NULL;
}

static void fill(crypto_lib *lib, lib_flavor flavor)
{
    *lib = (crypto_lib){0};
    lib->ver.flavor = flavor;
    lib->ver.series = R_111;
    snprintf(lib->ver.name, sizeof lib->ver.name, "%s",
             flavor == FLAVOR_OPENSSL ? "1.1.1w" : "boringssl");
    crypto_fns *f = &lib->fn;
    f->EVP_sha256 = fake_sha256;
    f->EVP_Digest = wrong_digest;
    f->EVP_MD_CTX_new = md_ctx_new;
    f->EVP_MD_CTX_free = md_ctx_free;
    f->EVP_aes_128_cbc = fake_aes_128_cbc;
    f->EVP_PKEY_new_CMAC_key = no_cmac_key;
    f->d2i_PrivateKey = parse_any_key;
    f->EVP_PKEY_free = pkey_free;
    f->EVP_PKEY_CTX_new = no_pkey_ctx;
}

static crypto_lib fork_lib, release_lib;

static int fakes_setup(void **state)
{
    (void)state;
    fill(&fork_lib, FLAVOR_BORINGSSL);
    fill(&release_lib, FLAVOR_OPENSSL);
    return 0;
}

/* The status and note the child would reply for (workload, evp) on `lib`. */
static row_status row_of(const crypto_lib *lib, const char *workload, char *note, size_t n)
{
    workload_spec ws;
    assert_true(workload_parse(workload, &ws));
    row_status st = ST_OK;
    note[0] = '\0';
    bool passed = self_check_passed(lib, &ws, API_EVP, &st, note, n);
    assert_false(passed);
    return st;
}

static void fork_wrong_answer_is_kat_failed(void **state)
{
    (void)state;
    char note[256];
    assert_int_equal(row_of(&fork_lib, "sha256", note, sizeof note), ST_KAT_FAILED);
    assert_non_null(strstr(note, "wrong answer"));
    assert_null(strstr(note, "not in "));
}

static void fork_without_cmac_key_is_unsupported(void **state)
{
    (void)state;
    char note[256];
    assert_int_equal(row_of(&fork_lib, "cmac-aes-128", note, sizeof note), ST_UNSUPPORTED);
    assert_string_equal(note, "not in BoringSSL: cannot make a CMAC EVP_PKEY");
}

static void fork_without_ec_context_is_unsupported(void **state)
{
    (void)state;
    char note[256];
    assert_int_equal(row_of(&fork_lib, "ecdsa-p256", note, sizeof note), ST_UNSUPPORTED);
    assert_string_equal(note, "not in BoringSSL: cannot create the EVP_PKEY_CTX");
}

static void release_refusing_cmac_key_is_kat_failed(void **state)
{
    (void)state;
    char note[256];
    assert_int_equal(row_of(&release_lib, "cmac-aes-128", note, sizeof note), ST_KAT_FAILED);
    assert_string_equal(note, "cannot make a CMAC EVP_PKEY");
}

static void release_refusing_ec_context_is_kat_failed(void **state)
{
    (void)state;
    char note[256];
    assert_int_equal(row_of(&release_lib, "ecdsa-p256", note, sizeof note), ST_KAT_FAILED);
    assert_string_equal(note, "cannot create the EVP_PKEY_CTX");
}

/* The outcome is the check's own return value: no state carried beside it. */
static void checks_return_the_outcome(void **state)
{
    (void)state;
    workload_spec cmac, sha;
    assert_true(workload_parse("cmac-aes-128", &cmac));
    assert_true(workload_parse("sha256", &sha));
    char why[256];
    assert_int_equal(cmac.w->self_check(&fork_lib, &cmac, API_EVP, why, sizeof why),
                     CHECK_UNAVAILABLE);
    assert_int_equal(sha.w->self_check(&fork_lib, &sha, API_EVP, why, sizeof why), CHECK_FAIL);
    assert_int_equal(cmac.w->self_check(&release_lib, &cmac, API_EVP, why, sizeof why),
                     CHECK_FAIL);
}

/* A real library passes, and the row keeps its status. */
static void real_library_passes(void **state)
{
    (void)state;
    static crypto_lib lib;
    char why[256];
    if (libpath_classify(SYSTEM_LIBCRYPTO, why, sizeof why) != LIBPATH_OK)
        skip();
    assert_true(crypto_lib_open(&lib, SYSTEM_LIBCRYPTO, why, sizeof why));
    assert_true(crypto_lib_init(&lib, why, sizeof why));
    workload_spec ws;
    assert_true(workload_parse("sha256", &ws));
    row_status st = ST_OK;
    char note[256] = "";
    for (int round = 0; round < 2; round++) /* the second answer is the memo's */
        assert_true(self_check_passed(&lib, &ws, API_EVP, &st, note, sizeof note));
    assert_int_equal(st, ST_OK);
    assert_string_equal(note, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fork_wrong_answer_is_kat_failed),
        cmocka_unit_test(fork_without_cmac_key_is_unsupported),
        cmocka_unit_test(fork_without_ec_context_is_unsupported),
        cmocka_unit_test(release_refusing_cmac_key_is_kat_failed),
        cmocka_unit_test(release_refusing_ec_context_is_kat_failed),
        cmocka_unit_test(checks_return_the_outcome),
        cmocka_unit_test(real_library_passes),
    };
    return cmocka_run_group_tests(tests, fakes_setup, NULL);
}
