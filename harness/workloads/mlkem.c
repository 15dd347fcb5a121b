/* ml-kem-768 (FIPS 203, 3.5+): one operation = one encapsulation to the
 * fixed key (a fresh ciphertext and shared secret) / one decapsulation of
 * a ciphertext.  Fetch path only: the key imported with
 * EVP_PKEY_new_raw_private_key_ex, one context from
 * EVP_PKEY_CTX_new_from_pkey initialised once with
 * EVP_PKEY_encapsulate_init / decapsulate_init, then EVP_PKEY_encapsulate /
 * decapsulate per operation, as `openssl speed` of 3.5 times ML-KEM.
 * Known answer: ML-KEM-768 KAT vector 0 (pq_keys.c), the encapsulation
 * randomness fixed through the "ikme" parameter. */
#include "pkey.h"
#include "pq_keys.h"

#include <stdlib.h>
#include <string.h>

enum { OP_ENCAPS, OP_DECAPS };

#define CT_CAP 2048     /* the ciphertext: 1088 bytes */
#define SECRET_CAP 64   /* the shared secret: 32 bytes */

static cx_EVP_PKEY *mlkem_key(const crypto_lib *lib, char *why, size_t n)
{
    return pk_raw_private_key(lib, "ML-KEM-768", mlkem768_dk, why, n);
}

/* decaps: `ct` is the ciphertext to decapsulate (copied); encaps: `params`
 * go to EVP_PKEY_encapsulate_init.  The state in *out (NULL unless
 * CHECK_PASS). */
static check_result mlkem_open(const crypto_lib *lib, int op, const unsigned char *ct,
                               size_t ct_len, const cx_OSSL_PARAM *params, workload_loop *loop,
                               pk_state **out, char *why, size_t n)
{
    pk_state *s = op == OP_ENCAPS ? pk_new(lib, API_FETCH, NULL, 0, CT_CAP, SECRET_CAP, why, n)
                                  : pk_new(lib, API_FETCH, NULL, 0, SECRET_CAP, 0, why, n);
    bool ok = s != NULL && (s->pkey = mlkem_key(lib, why, n)) != NULL;
    if (ok && op == OP_DECAPS) {
        ok = (s->owned = wl_alloc(ct_len, why, n)) != NULL;
        if (ok) {
            memcpy(s->owned, ct, ct_len);
            s->in = s->owned;
            s->in_len = ct_len;
        }
    }
    check_result r =
        ok ? pk_ctx_open(s, op == OP_ENCAPS ? PK_ENCAPS : PK_DECAPS, params, why, n) : CHECK_FAIL;
    *loop = op == OP_ENCAPS ? pk_encaps_loop : pk_decaps_loop;
    *out = wl_keep_if(r == CHECK_PASS, s, pk_free);
    return r;
}

static check_result mlkem_available(const crypto_lib *lib, const workload_spec *ws,
                                    api_path api, char *why, size_t n)
{
    (void)ws, (void)api;
    return pk_key_available(lib, mlkem_key(lib, why, n), "ML-KEM-768", why, n);
}

typedef struct {
    unsigned char *m, *c, *k;
    size_t m_len, c_len, k_len;
} mlkem_vector;

/* Decapsulates `c` through the timed loop; *same: the secret equals `k`. */
static check_result decaps_is(const crypto_lib *lib, const unsigned char *c, size_t c_len,
                              const unsigned char *k, size_t k_len, bool *same, char *why,
                              size_t n)
{
    workload_loop decaps;
    pk_state *d;
    check_result r = mlkem_open(lib, OP_DECAPS, c, c_len, NULL, &decaps, &d, why, n);
    if (r == CHECK_PASS && !decaps(d, 1))
        r = wl_result(wl_fail(lib, why, n, "decapsulation failed"));
    if (r == CHECK_PASS)
        *same = d->out_len == k_len && memcmp(d->out, k, k_len) == 0;
    pk_free(d);
    return r;
}

/* c and K from the fixed m, twice ("ikme" holds for one encapsulation only). */
static check_result encapsulates(const crypto_lib *lib, const mlkem_vector *v, char *why,
                                 size_t n)
{
    cx_OSSL_PARAM ikme[2] = {pk_param_octets("ikme", v->m, v->m_len), {0}};
    workload_loop encaps;
    check_result r = CHECK_PASS;
    for (int round = 0; round < 2 && r == CHECK_PASS; round++) {
        pk_state *e;
        if ((r = mlkem_open(lib, OP_ENCAPS, NULL, 0, ikme, &encaps, &e, why, n)) == CHECK_PASS)
            r = wl_result(
                (encaps(e, 1) || wl_fail(lib, why, n, "encapsulation failed")) &&
                wl_kat_compare_bytes("ML-KEM-768 ciphertext", e->out, e->out_len, v->c,
                                     v->c_len, why, n) &&
                wl_kat_compare_bytes("ML-KEM-768 shared secret", e->secret, e->secret_len,
                                     v->k, v->k_len, why, n));
        pk_free(e);
    }
    return r;
}

static check_result mlkem_checks(const crypto_lib *lib, const mlkem_vector *v, char *why,
                                 size_t n)
{
    bool same = false;
    check_result r = encapsulates(lib, v, why, n);
    for (int round = 0; round < 2 && r == CHECK_PASS; round++)
        if ((r = decaps_is(lib, v->c, v->c_len, v->k, v->k_len, &same, why, n)) == CHECK_PASS &&
            !same)
            r = wl_result(wl_why(why, n, "ML-KEM-768 decapsulation: wrong shared secret"));
    if (r == CHECK_PASS) { /* a tampered ciphertext: implicit rejection, another secret */
        v->c[v->c_len / 2] ^= 0x10;
        if ((r = decaps_is(lib, v->c, v->c_len, v->k, v->k_len, &same, why, n)) == CHECK_PASS &&
            same)
            r = wl_result(wl_why(why, n, "ML-KEM-768: a tampered ciphertext gave the secret"));
        v->c[v->c_len / 2] ^= 0x10;
    }
    /* a fresh (random) encapsulation round-trips */
    workload_loop encaps;
    pk_state *e = NULL;
    if (r == CHECK_PASS)
        r = mlkem_open(lib, OP_ENCAPS, NULL, 0, NULL, &encaps, &e, why, n);
    if (r == CHECK_PASS)
        r = encaps(e, 1) ? decaps_is(lib, e->out, e->out_len, e->secret, e->secret_len, &same,
                                     why, n)
                         : wl_result(wl_fail(lib, why, n, "encapsulation failed"));
    if (r == CHECK_PASS && !same)
        r = wl_result(wl_why(why, n, "ML-KEM-768: a fresh encapsulation does not round-trip"));
    pk_free(e);
    return r;
}

static check_result mlkem_self_check(const crypto_lib *lib, const workload_spec *ws,
                                     api_path api, char *why, size_t n)
{
    (void)ws, (void)api;
    mlkem_vector v = {0};
    check_result r = (v.m = pk_unhex(mlkem768_m, &v.m_len, why, n)) != NULL &&
                             (v.c = pk_unhex(mlkem768_c, &v.c_len, why, n)) != NULL &&
                             (v.k = pk_unhex(mlkem768_k, &v.k_len, why, n)) != NULL
                         ? mlkem_checks(lib, &v, why, n)
                         : CHECK_FAIL;
    free(v.m);
    free(v.c);
    free(v.k);
    return r;
}

/* decaps times the vector's ciphertext: valid for the fixed key. */
static void *mlkem_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                         size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)ws, (void)api, (void)bytes;
    size_t c_len = 0;
    unsigned char *c = op == OP_DECAPS ? pk_unhex(mlkem768_c, &c_len, why, n) : NULL;
    if (op == OP_DECAPS && c == NULL)
        return NULL;
    pk_state *s;
    mlkem_open(lib, op, c, c_len, NULL, loop, &s, why, n);
    free(c);
    return s;
}

static const char *const mlkem_ops[] = {"encaps", "decaps", NULL};

const workload wl_ml_kem_768 = {
    .name = "ml-kem-768",
    .kind = KIND_KEY_EXCHANGE,
    .ops = mlkem_ops,
    .doc = "one ML-KEM-768 (FIPS 203) encapsulation to a fixed key / one decapsulation "
           "(fetch only)",
    .since = R_350,
    .needs = {[API_FETCH] = "EVP_PKEY_new_raw_private_key_ex EVP_PKEY_CTX_new_from_pkey "
                            "EVP_PKEY_CTX_free EVP_PKEY_free EVP_PKEY_encapsulate_init "
                            "EVP_PKEY_encapsulate EVP_PKEY_decapsulate_init "
                            "EVP_PKEY_decapsulate"},
    .available = mlkem_available,
    .self_check = mlkem_self_check,
    .setup = mlkem_setup,
    .teardown = pk_free,
    .data = NULL,
};
