/* The known answer of the pkeyread-* lines bites: with one bit of the
 * expected SubjectPublicKeyInfo flipped (the inputs left intact), each
 * operation's self-check fails on every path the system libcrypto runs it,
 * while the intact copy passes (test_workloads.c runs the lines themselves);
 * the same on a 3.5+ libcrypto (pq_lib.h), where the ML-KEM and ML-DSA
 * lines run too.  And every encoding is where its op says: PKCS#8 PEM reads
 * "PRIVATE KEY", a traditional one its type's own label. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/pkeyread.h"
#include "pq_lib.h"
#include "system_lib.h"

#include <stdio.h>
#include <string.h>

static crypto_lib the_lib, pq_lib;
static bool lib_open, pq_open;

static int lib_setup(void **state)
{
    (void)state;
    int rc = system_lib_open(&the_lib, &lib_open);
    return rc != 0 ? rc : pq_lib_open(&pq_lib, &pq_open, "the ML-KEM and ML-DSA lines");
}

/* A copy of line `w` reduced to operation `op`, its expected public key
 * with bit 4 of byte len/2 flipped when `tamper`. */
typedef struct {
    workload w;
    pkr_line line;
    pkr_blob spki;
    unsigned char expect[4096]; /* ML-DSA-65: 1974 bytes */
    const char *ops[2];
} tampered;

static void make_copy(tampered *t, const workload *w, int op, bool tamper)
{
    t->w = *w;
    t->line = *(const pkr_line *)w->data;
    t->spki = *t->line.spki;
    assert_true(t->spki.len > 0 && t->spki.len <= sizeof t->expect);
    memcpy(t->expect, t->spki.data, t->spki.len);
    if (tamper)
        t->expect[t->spki.len / 2] ^= 0x10;
    t->spki.data = t->expect;
    t->line.spki = &t->spki;
    t->ops[0] = w->ops[op];
    t->ops[1] = NULL;
    t->w.ops = t->ops;
    t->w.data = &t->line;
}

/* Every pkeyread line that `lib` runs, on each path and op: the intact copy
 * passes, the tampered one fails.  Counts the lines, and the path/op pairs
 * checked of all lines and of the 3.5+ ones. */
static void check_lines(const crypto_lib *lib, size_t *lines, size_t *checked, size_t *pq)
{
    *lines = *checked = *pq = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->self_check != pkr_self_check)
            continue;
        ++*lines;
        for (int api = 0; api < API_COUNT; api++) {
            workload_spec ws;
            workload_example(w, &ws);
            char why[512] = "";
            if (workload_check(lib, &ws, (api_path)api, why, sizeof why) != WL_SUPPORTED)
                continue;
            for (int op = 0; w->ops[op] != NULL; op++) {
                if (pkr_op_available(lib, &ws, (api_path)api, op, why, sizeof why) != CHECK_PASS)
                    continue;
                static tampered t;
                make_copy(&t, w, op, false);
                ws.w = &t.w;
                if (pkr_self_check(lib, &ws, (api_path)api, why, sizeof why) != CHECK_PASS)
                    fail_msg("%s/%s/%s: the intact copy fails: %s", w->name, api_name(api),
                             w->ops[op], why);
                make_copy(&t, w, op, true);
                check_result r = pkr_self_check(lib, &ws, (api_path)api, why, sizeof why);
                crypto_lib_last_error(lib);
                if (r != CHECK_FAIL)
                    fail_msg("%s/%s/%s: a flipped bit of the public key passes", w->name,
                             api_name(api), w->ops[op]);
                ws.w = w;
                ++*checked;
                *pq += w->since >= R_350;
            }
        }
    }
    print_message("    %s: %zu pkeyread lines, %zu path/op pairs (%zu of 3.5+ lines)\n",
                  lib->ver.name, *lines, *checked, *pq);
}

static void tampered_public_key_fails(void **state)
{
    (void)state;
    if (!lib_open)
        skip();
    size_t lines, checked, pq;
    check_lines(&the_lib, &lines, &checked, &pq);
    assert_true(lines >= 3);
    assert_true(checked >= lines * 4);
}

/* The lines of 3.5+ key types (ML-KEM, ML-DSA): each of their PKCS#8 and
 * SubjectPublicKeyInfo ops on evp and fetch, and PKCS#8 on legacy. */
static void pq_tampered_public_key_fails(void **state)
{
    (void)state;
    if (!pq_open)
        skip();
    size_t lines, checked, pq, pq_lines = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++)
        pq_lines += workload_registry[i]->self_check == pkr_self_check &&
                    workload_registry[i]->since >= R_350;
    check_lines(&pq_lib, &lines, &checked, &pq);
    assert_true(pq_lines >= 2);
    assert_int_equal(pq, pq_lines * 10);
}

/* A short name the library does not know leaves d2i_PrivateKey no type
 * (NID_undef reads any key): the evp path refuses it rather than time
 * another call. */
static void unknown_short_name_refused(void **state)
{
    (void)state;
    if (!lib_open)
        skip();
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->self_check != pkr_self_check || ((const pkr_line *)w->data)->type_sn == NULL)
            continue;
        workload_spec ws;
        workload_example(w, &ws);
        char why[512] = "";
        if (workload_check(&the_lib, &ws, API_EVP, why, sizeof why) != WL_SUPPORTED)
            continue;
        static tampered t;
        make_copy(&t, w, 0, false);
        t.line.type = CX_EVP_PKEY_NONE;
        t.line.type_sn = "osslbench-no-such-object";
        ws.w = &t.w;
        assert_int_equal(pkr_self_check(&the_lib, &ws, API_EVP, why, sizeof why), CHECK_FAIL);
        assert_non_null(strstr(why, "no object named osslbench-no-such-object"));
        return;
    }
    fail_msg("no pkeyread line with a short name runs on %s", the_lib.ver.name);
}

static bool starts_with(const pkr_blob *b, const char *text)
{
    return b->data != NULL && b->len > strlen(text) && memcmp(b->data, text, strlen(text)) == 0;
}

/* The generated encodings match their formats: the ops would otherwise
 * time another format than their name says. */
static void encodings_are_their_formats(void **state)
{
    (void)state;
    static const struct {
        const pkeyread_key *k;
        const char *trad; /* the traditional PEM label, NULL if none */
    } keys[] = {{&pkr_rsa2048, "RSA"}, {&pkr_ec_p256, "EC"}, {&pkr_dsa2048, "DSA"},
                {&pkr_ed25519, NULL},  {&pkr_x25519, NULL},  {&pkr_dh2048, NULL},
                {&pkr_mlkem768, NULL}, {&pkr_mldsa65, NULL}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const pkr_blob *e = keys[i].k->enc;
        assert_true(starts_with(&e[PKR_PEM_PKCS8], "-----BEGIN PRIVATE KEY-----\n"));
        assert_true(starts_with(&e[PKR_PEM_PUBKEY], "-----BEGIN PUBLIC KEY-----\n"));
        /* PrivateKeyInfo: SEQUENCE { INTEGER 0, SEQUENCE (the algorithm) ... } */
        const unsigned char *d = e[PKR_DER_PKCS8].data;
        size_t hdr = d[1] & 0x80 ? 2 + (d[1] & 0x7f) : 2;
        assert_int_equal(d[0], 0x30);
        assert_memory_equal(d + hdr, "\x02\x01\x00\x30", 4);
        assert_int_equal(e[PKR_DER_PUBKEY].data[0], 0x30);
        if (keys[i].trad == NULL) {
            assert_null(e[PKR_PEM_TRAD].data);
            assert_null(e[PKR_DER_TRAD].data);
            continue;
        }
        char label[64];
        snprintf(label, sizeof label, "-----BEGIN %s PRIVATE KEY-----\n", keys[i].trad);
        assert_true(starts_with(&e[PKR_PEM_TRAD], label));
        assert_int_equal(e[PKR_DER_TRAD].data[0], 0x30);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tampered_public_key_fails),
                                       cmocka_unit_test(pq_tampered_public_key_fails),
                                       cmocka_unit_test(unknown_short_name_refused),
                                       cmocka_unit_test(encodings_are_their_formats)};
    return cmocka_run_group_tests(tests, lib_setup, NULL);
}
