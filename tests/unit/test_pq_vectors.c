/* The known-answer checks of the KEM and signature-scheme families
 * (harness/workloads/pqkem.c, pqsig.c) catch a wrong answer: each vector
 * holds on a 3.5+ library, and a copy with one hex digit of its expected
 * secret, ciphertext, signature digest or message changed fails.  Needs a
 * 3.5+ libcrypto: OSSLBENCH_PQ_LIB, else the first builds/install/<release>
 * of 3.5 or later; without one every test skips, saying so.  That every
 * line's self-check passes on every library: test_workloads.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/pq.h"
#include "pq_lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static crypto_lib the_lib;
static bool have_lib;

static int group_setup(void **state)
{
    (void)state;
    return pq_lib_open(&the_lib, &have_lib, "the KEM and signature vector tests");
}

#define NEED_LIB()                                                                            \
    do {                                                                                      \
        if (!have_lib)                                                                        \
            skip();                                                                           \
    } while (0)

/* A copy of `hex` with its digit at `at` changed (the caller frees it). */
static char *tampered(const char *hex, size_t at)
{
    char *t = strdup(hex);
    assert_non_null(t);
    assert_true(at < strlen(t));
    t[at] = t[at] == '0' ? '1' : '0';
    return t;
}

static const struct {
    const char *alg;
    size_t ct_cap;
    const pq_kem_vector *v;
} kems[] = {{"ML-KEM-512", 768, &pq_mlkem512_vector}, {"ML-KEM-1024", 1568, &pq_mlkem1024_vector}};

static void test_mlkem_vectors_hold(void **state)
{
    (void)state;
    NEED_LIB();
    for (size_t i = 0; i < sizeof kems / sizeof *kems; i++) {
        char why[512] = "";
        if (pq_mlkem_vector_check(&the_lib, kems[i].alg, kems[i].ct_cap, kems[i].v, why,
                                  sizeof why) != CHECK_PASS)
            fail_msg("%s: %s", kems[i].alg, why);
    }
}

/* A wrong expected secret, and a wrong expected ciphertext, each fail. */
static void test_mlkem_tampered_vectors_fail(void **state)
{
    (void)state;
    NEED_LIB();
    for (size_t i = 0; i < sizeof kems / sizeof *kems; i++) {
        pq_kem_vector v = *kems[i].v;
        char *k = tampered(v.k, 7), why[512] = "";
        v.k = k;
        assert_int_equal(pq_mlkem_vector_check(&the_lib, kems[i].alg, kems[i].ct_cap, &v, why,
                                               sizeof why),
                         CHECK_FAIL);
        assert_non_null(strstr(why, "shared secret"));
        free(k);
        v = *kems[i].v;
        char *c = tampered(v.c, 100);
        v.c = c;
        why[0] = '\0';
        assert_int_equal(pq_mlkem_vector_check(&the_lib, kems[i].alg, kems[i].ct_cap, &v, why,
                                               sizeof why),
                         CHECK_FAIL);
        assert_non_null(strstr(why, "ciphertext"));
        free(c);
    }
}

/* Fast ones of each kind: a stored digest (ML-DSA-44), a whole signature
 * (ML-DSA-65), the internal interface (SLH-DSA-SHA2-256f). */
static const char *const sigs[] = {"ML-DSA-44", "ML-DSA-65", "SLH-DSA-SHA2-256f"};

static void test_sig_vectors_hold(void **state)
{
    (void)state;
    NEED_LIB();
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        const pq_sig_vector *v = pq_sig_vector_for(sigs[i]);
        assert_non_null(v);
        char why[512] = "";
        if (pq_sig_vector_check(&the_lib, API_FETCH, v, 50000, why, sizeof why) != CHECK_PASS)
            fail_msg("%s: %s", sigs[i], why);
    }
}

static void test_sig_tampered_vectors_fail(void **state)
{
    (void)state;
    NEED_LIB();
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        pq_sig_vector v = *pq_sig_vector_for(sigs[i]);
        char *t = v.sig != NULL ? tampered(v.sig, 40) : tampered(v.sig_sha256, 40);
        char why[512] = "";
        if (v.sig != NULL)
            v.sig = t;
        else
            v.sig_sha256 = t;
        assert_int_equal(pq_sig_vector_check(&the_lib, API_FETCH, &v, 50000, why, sizeof why),
                         CHECK_FAIL);
        assert_non_null(strstr(why, sigs[i]));
        free(t);
        v = *pq_sig_vector_for(sigs[i]);
        char *m = tampered(v.msg, 1);
        v.msg = m;
        assert_int_equal(pq_sig_vector_check(&the_lib, API_FETCH, &v, 50000, why, sizeof why),
                         CHECK_FAIL);
        free(m);
    }
}

/* Every signature line of the registry has a vector. */
static void test_every_scheme_has_a_vector(void **state)
{
    (void)state;
    const char *const sets[] = {"SHA2-128s", "SHA2-128f", "SHA2-192s", "SHA2-192f",
                                "SHA2-256s", "SHA2-256f", "SHAKE-128s", "SHAKE-128f",
                                "SHAKE-192s", "SHAKE-192f", "SHAKE-256s", "SHAKE-256f"};
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
        char alg[32];
        snprintf(alg, sizeof alg, "SLH-DSA-%s", sets[i]);
        if (pq_sig_vector_for(alg) == NULL)
            fail_msg("no vector for %s", alg);
    }
    assert_non_null(pq_sig_vector_for("ML-DSA-87"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_scheme_has_a_vector),
        cmocka_unit_test(test_mlkem_vectors_hold),
        cmocka_unit_test(test_mlkem_tampered_vectors_fail),
        cmocka_unit_test(test_sig_vectors_hold),
        cmocka_unit_test(test_sig_tampered_vectors_fail),
    };
    return cmocka_run_group_tests(tests, group_setup, NULL);
}
