/* The KEMs of `openssl speed` of 3.5 (its -kem-algorithms list, from the
 * providers' EVP_KEMs): ML-KEM-512/768/1024 (FIPS 203), the hybrids
 * X25519MLKEM768, X448MLKEM1024, SecP256r1MLKEM768, SecP384r1MLKEM1024, and
 * DHKEM (RFC 9180) on P-256/384/521 ("ECP-256" ...), X25519 and X448.
 * Ops as speed times them (KEM_keygen_loop, KEM_encaps_loop,
 * KEM_decaps_loop): keygen = one fresh key per operation on a context
 * initialised once (EVP_PKEY_CTX_new_from_name + EVP_PKEY_keygen_init, the
 * EC group set once), freed at once; encaps / decaps = EVP_PKEY_encapsulate
 * / decapsulate on a context from EVP_PKEY_CTX_new_from_pkey initialised
 * once (DHKEM: "operation" = "DHKEM").  Fetch path only: no static method
 * object exists.  A line with a vector (ML-KEM: FIPS 203; DHKEM on X25519
 * and P-256: RFC 9180) times its fixed key; the others a key generated once
 * per point.
 * Known answers: a fresh key round-trips (decaps(encaps) = the secret) and
 * a tampered ciphertext gives another secret (ML-KEM's implicit rejection;
 * DHKEM on a P curve may refuse the broken point instead); a line with a
 * vector also: the fixed randomness "ikme" gives the exact ciphertext and
 * secret, and decapsulation of that ciphertext the secret. */
#include "pq.h"
#include "pq_keys.h"
#include "rsa_key.h"
#include "../../data/rsa_keys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OP_KEYGEN, OP_ENCAPS, OP_DECAPS };

typedef struct {
    const char *title;        /* speed's name: "ML-KEM-512", "ECP-256" */
    const char *keytype;      /* EVP_PKEY_CTX_new_from_name: "ML-KEM-512", "EC", "X25519" */
    const char *group;        /* EC: "P-256"; NULL */
    const char *operation;    /* "DHKEM"; NULL for a KEM with one operation */
    const pq_kem_vector *vec; /* ML-KEM: the fixed key and its vector; else NULL */
    size_t ct_cap;            /* the ciphertext's size (RSA: the modulus') */
    int bits;                 /* RSA: the key size, the family member's */
} kem_def;

#define KEM_SECRET_CAP 128

/* A line as its functions see it: an RSA member's size filled in. */
static kem_def line_of(const workload_spec *ws)
{
    kem_def d = *(const kem_def *)ws->w->data;
    if (d.bits != 0) {
        d.bits = ws->param;
        d.ct_cap = (size_t)ws->param / 8 + 1;
    }
    return d;
}

static size_t secret_cap(const kem_def *d)
{
    return d->ct_cap > KEM_SECRET_CAP && d->bits ? d->ct_cap : KEM_SECRET_CAP;
}

/* `params` for EVP_PKEY_encapsulate_init / decapsulate_init: the DHKEM
 * operation, and the encapsulation randomness when `ikme` is given. */
static const cx_OSSL_PARAM *kem_params(const kem_def *d, const unsigned char *ikme,
                                       size_t ikme_len, cx_OSSL_PARAM p[3])
{
    size_t i = 0;
    if (d->operation != NULL)
        wl_utf8_params(&p[i++], "operation", d->operation);
    if (ikme != NULL)
        p[i++] = pk_param_octets("ikme", ikme, ikme_len);
    p[i] = (cx_OSSL_PARAM){0};
    return i ? p : NULL;
}

/* A state whose context (for encaps or decaps) holds its own reference to
 * `key`, which the caller still owns; decaps: `ct` copied as the input. */
static pk_state *kem_open(const crypto_lib *lib, const kem_def *d, int op, cx_EVP_PKEY *key,
                          const unsigned char *ct, size_t ct_len, const unsigned char *ikme,
                          size_t ikme_len, char *why, size_t n)
{
    pk_state *s = op == OP_ENCAPS ? pk_new(lib, API_FETCH, NULL, 0, d->ct_cap, secret_cap(d), why, n)
                                  : pk_new(lib, API_FETCH, NULL, 0, secret_cap(d), 0, why, n);
    bool ok = s != NULL;
    if (ok && op == OP_DECAPS && (ok = (s->owned = wl_alloc(ct_len ? ct_len : 1, why, n)) != NULL)) {
        memcpy(s->owned, ct, ct_len);
        s->in = s->owned;
        s->in_len = ct_len;
    }
    cx_OSSL_PARAM p[3];
    if (ok) {
        s->pkey = key;
        ok = pk_ctx_open(s, op == OP_ENCAPS ? PK_ENCAPS : PK_DECAPS,
                         kem_params(d, ikme, ikme_len, p), why, n) == CHECK_PASS;
        s->pkey = NULL;
    }
    return wl_keep_if(ok, s, pk_free);
}

/* A key-generation context: the EC group, and the input a DHKEM key is
 * derived from when `ikm` is given. */
static pk_state *kem_keygen_state(const crypto_lib *lib, const kem_def *d,
                                  const unsigned char *ikm, size_t ikm_len, char *why, size_t n)
{
    pk_state *s = pk_new(lib, API_FETCH, NULL, 0, 0, 0, why, n);
    cx_OSSL_PARAM p[3] = {{0}};
    size_t i = 0;
    unsigned int bits = (unsigned int)d->bits;
    if (d->group != NULL)
        wl_utf8_params(&p[i++], "group", d->group);
    if (d->bits != 0)
        p[i++] = (cx_OSSL_PARAM){"bits", CX_OSSL_PARAM_UNSIGNED_INTEGER, &bits, sizeof bits,
                                 (size_t)-1};
    if (ikm != NULL)
        p[i++] = pk_param_octets("dhkem-ikm", ikm, ikm_len);
    bool ok = s != NULL && pq_keygen_open(s, d->keytype, i ? p : NULL, why, n);
    return wl_keep_if(ok, s, pk_free);
}

/* The line's key: its vector's (imported, or derived from its ikm), else
 * one generated. */
static cx_EVP_PKEY *kem_key(const crypto_lib *lib, const kem_def *d, char *why, size_t n)
{
    const rsa_test_key *rsa = d->bits ? rsa_fixed_key(d->bits) : NULL;
    if (rsa != NULL)
        return pk_private_der(lib, CX_EVP_PKEY_RSA, rsa->der, rsa->der_len, why, n);
    if (d->vec != NULL && d->vec->dk != NULL)
        return pk_raw_private_key(lib, d->keytype, d->vec->dk, why, n);
    size_t ikm_len = 0;
    unsigned char *ikm = d->vec != NULL ? pk_unhex(d->vec->ikm, &ikm_len, why, n) : NULL;
    if (d->vec != NULL && ikm == NULL)
        return NULL;
    pk_state *g = kem_keygen_state(lib, d, ikm, ikm_len, why, n);
    cx_EVP_PKEY *k = g != NULL ? pq_keygen_one(g, why, n) : NULL;
    pk_free(g);
    free(ikm);
    return k;
}

static check_result kem_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                  char *why, size_t n)
{
    (void)api;
    const kem_def line = line_of(ws), *d = &line;
    if (d->bits != 0 && rsa_fixed_key(d->bits) == NULL) { /* a key per point: minutes at 15360 */
        wl_why(why, n, "no fixed %d-bit RSA key", d->bits);
        return CHECK_UNAVAILABLE;
    }
    return pk_key_available(lib, kem_key(lib, d, why, n), d->title, why, n);
}

/* Decapsulates `c` through the timed loop; *same: the secret is k. */
static bool decaps_gives(const crypto_lib *lib, const kem_def *d, cx_EVP_PKEY *key,
                         const unsigned char *c, size_t c_len, const unsigned char *k,
                         size_t k_len, bool *same, bool *refused, char *why, size_t n)
{
    pk_state *s = kem_open(lib, d, OP_DECAPS, key, c, c_len, NULL, 0, why, n);
    bool ok = s != NULL;
    *refused = ok && !pk_decaps_loop(s, 1);
    if (*refused)
        crypto_lib_last_error(lib); /* the expected error of a refused ciphertext */
    else if (ok)
        *same = s->out_len == k_len && memcmp(s->out, k, k_len) == 0;
    pk_free(s);
    return ok;
}

/* decaps(c) = k twice; then c with one bit flipped gives another secret
 * (or, where `may_refuse`, an error). */
static bool decapsulates(const crypto_lib *lib, const kem_def *d, cx_EVP_PKEY *key,
                         unsigned char *c, size_t c_len, const unsigned char *k, size_t k_len,
                         const char *what, char *why, size_t n)
{
    bool same = false, refused = false;
    for (int round = 0; round < 2; round++) {
        if (!decaps_gives(lib, d, key, c, c_len, k, k_len, &same, &refused, why, n))
            return false;
        if (refused)
            return wl_fail(lib, why, n, "decapsulation failed");
        if (!same)
            return wl_why(why, n, "%s %s: decapsulation gave another secret", d->title, what);
    }
    c[c_len / 2] ^= 0x10;
    bool ok = decaps_gives(lib, d, key, c, c_len, k, k_len, &same, &refused, why, n);
    c[c_len / 2] ^= 0x10;
    if (ok && refused && d->operation == NULL)
        return wl_why(why, n, "%s: a tampered ciphertext was refused, not implicitly rejected",
                      d->title);
    if (ok && !refused && same)
        return wl_why(why, n, "%s: a tampered ciphertext gave the same secret", d->title);
    return ok;
}

/* A fresh key from the keygen loop's context round-trips. */
static bool round_trip(const crypto_lib *lib, const kem_def *d, char *why, size_t n)
{
    pk_state *g = kem_keygen_state(lib, d, NULL, 0, why, n);
    bool ok = g != NULL && (pq_keygen_loop(g, 1) || wl_fail(lib, why, n, "keygen failed")) &&
              (pq_keygen_loop(g, 1) || wl_fail(lib, why, n, "keygen failed"));
    cx_EVP_PKEY *key = ok ? pq_keygen_one(g, why, n) : NULL;
    pk_free(g);
    pk_state *e = key != NULL ? kem_open(lib, d, OP_ENCAPS, key, NULL, 0, NULL, 0, why, n) : NULL;
    ok = e != NULL && (pk_encaps_loop(e, 1) || wl_fail(lib, why, n, "encapsulation failed")) &&
         decapsulates(lib, d, key, e->out, e->out_len, e->secret, e->secret_len,
                      "fresh key", why, n);
    pk_free(e);
    if (key != NULL)
        lib->fn.EVP_PKEY_free(key);
    return ok;
}

/* The line's vector: encapsulation with its m (twice: "ikme" holds for
 * one encapsulation), then decapsulation of its c. */
static bool vector_holds(const crypto_lib *lib, const kem_def *d, char *why, size_t n)
{
    const pq_kem_vector *v = d->vec;
    size_t m_len = 0, c_len = 0, k_len = 0;
    unsigned char *m = pk_unhex(v->m, &m_len, why, n);
    unsigned char *c = m ? pk_unhex(v->c, &c_len, why, n) : NULL;
    unsigned char *k = c ? pk_unhex(v->k, &k_len, why, n) : NULL;
    cx_EVP_PKEY *key = k ? kem_key(lib, d, why, n) : NULL;
    bool ok = key != NULL;
    char what[96];
    for (int round = 0; round < 2 && ok; round++) {
        pk_state *e = kem_open(lib, d, OP_ENCAPS, key, NULL, 0, m, m_len, why, n);
        snprintf(what, sizeof what, "%s ciphertext (%s)", d->title, v->source);
        ok = e != NULL && (pk_encaps_loop(e, 1) || wl_fail(lib, why, n, "encapsulation failed")) &&
             wl_kat_compare_bytes(what, e->out, e->out_len, c, c_len, why, n);
        snprintf(what, sizeof what, "%s shared secret (%s)", d->title, v->source);
        ok = ok && wl_kat_compare_bytes(what, e->secret, e->secret_len, k, k_len, why, n);
        pk_free(e);
    }
    ok = ok && decapsulates(lib, d, key, c, c_len, k, k_len, v->source, why, n);
    if (key != NULL)
        lib->fn.EVP_PKEY_free(key);
    free(m);
    free(c);
    free(k);
    return ok;
}

check_result pq_mlkem_vector_check(const crypto_lib *lib, const char *alg, size_t ct_cap,
                                   const pq_kem_vector *v, char *why, size_t n)
{
    const kem_def d = {.title = alg, .keytype = alg, .vec = v, .ct_cap = ct_cap};
    return wl_result(vector_holds(lib, &d, why, n));
}

static check_result kem_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                   char *why, size_t n)
{
    (void)api;
    const kem_def line = line_of(ws), *d = &line;
    return wl_result((d->vec == NULL || vector_holds(lib, d, why, n)) &&
                     round_trip(lib, d, why, n));
}

/* decaps times a ciphertext valid for the point's key: the vector's, or
 * one encapsulation made at set-up. */
static void *kem_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                       size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)api, (void)bytes;
    const kem_def line = line_of(ws), *d = &line;
    if (op == OP_KEYGEN) {
        *loop = pq_keygen_loop;
        return kem_keygen_state(lib, d, NULL, 0, why, n);
    }
    cx_EVP_PKEY *key = kem_key(lib, d, why, n);
    if (key == NULL)
        return NULL;
    pk_state *e = kem_open(lib, d, OP_ENCAPS, key, NULL, 0, NULL, 0, why, n), *s = e;
    *loop = op == OP_ENCAPS ? pk_encaps_loop : pk_decaps_loop;
    if (op == OP_DECAPS && e != NULL) {
        size_t c_len = 0;
        unsigned char *c = d->vec ? pk_unhex(d->vec->c, &c_len, why, n) : NULL;
        s = NULL;
        if (c != NULL)
            s = kem_open(lib, d, OP_DECAPS, key, c, c_len, NULL, 0, why, n);
        else if (d->vec == NULL && (pk_encaps_loop(e, 1) || wl_fail(lib, why, n, "encapsulation failed")))
            s = kem_open(lib, d, OP_DECAPS, key, e->out, e->out_len, NULL, 0, why, n);
        free(c);
        pk_free(e);
    }
    lib->fn.EVP_PKEY_free(key);
    return s;
}

static const char *const kem_ops[] = {"keygen", "encaps", "decaps", NULL};

#define KEM_NEEDS                                                                             \
    "EVP_PKEY_CTX_new_from_name EVP_PKEY_keygen_init EVP_PKEY_keygen EVP_PKEY_CTX_new_from_pkey " \
    "EVP_PKEY_CTX_free EVP_PKEY_free EVP_PKEY_encapsulate_init EVP_PKEY_encapsulate "          \
    "EVP_PKEY_decapsulate_init EVP_PKEY_decapsulate"

#define KEM_LINE(id, wname, since_, doc_, needs_, ...)                                        \
    static const kem_def id##_def = {__VA_ARGS__, 0};                                          \
    const workload wl_##id = {                                                                \
        .name = wname, .kind = KIND_KEY_EXCHANGE, .ops = kem_ops, .doc = doc_,                \
        .since = since_, .needs = {[API_FETCH] = KEM_NEEDS needs_},                           \
        .available = kem_available, .self_check = kem_self_check, .setup = kem_setup,         \
        .teardown = pk_free, .data = &id##_def,                                               \
    }

#define MLKEM_DOC(p) "ML-KEM-" #p " (FIPS 203): one key generation / encapsulation to a fixed key / decapsulation"
#define RAW " EVP_PKEY_new_raw_private_key_ex"
#define GROUP " EVP_PKEY_CTX_set_params"

static const pq_kem_vector mlkem768_vector = {mlkem768_dk, mlkem768_m, mlkem768_c, mlkem768_k,
                                              "FIPS 203 KAT vector 0", NULL};

KEM_LINE(ml_kem_512, "ml-kem-512", R_350, MLKEM_DOC(512), RAW, "ML-KEM-512", "ML-KEM-512",
         NULL, NULL, &pq_mlkem512_vector, 768);
KEM_LINE(ml_kem_768, "ml-kem-768", R_350, MLKEM_DOC(768), RAW, "ML-KEM-768", "ML-KEM-768",
         NULL, NULL, &mlkem768_vector, 1088);
KEM_LINE(ml_kem_1024, "ml-kem-1024", R_350, MLKEM_DOC(1024), RAW, "ML-KEM-1024",
         "ML-KEM-1024", NULL, NULL, &pq_mlkem1024_vector, 1568);

#define HYBRID_DOC(n) n " (hybrid KEM of TLS 1.3): one key generation / encapsulation / decapsulation"
KEM_LINE(x25519mlkem768, "x25519mlkem768", R_350, HYBRID_DOC("X25519MLKEM768"), "",
         "X25519MLKEM768", "X25519MLKEM768", NULL, NULL, NULL, 1120);
KEM_LINE(x448mlkem1024, "x448mlkem1024", R_350, HYBRID_DOC("X448MLKEM1024"), "",
         "X448MLKEM1024", "X448MLKEM1024", NULL, NULL, NULL, 1624);
KEM_LINE(secp256r1mlkem768, "secp256r1mlkem768", R_350, HYBRID_DOC("SecP256r1MLKEM768"), "",
         "SecP256r1MLKEM768", "SecP256r1MLKEM768", NULL, NULL, NULL, 1153);
KEM_LINE(secp384r1mlkem1024, "secp384r1mlkem1024", R_350, HYBRID_DOC("SecP384r1MLKEM1024"),
         "", "SecP384r1MLKEM1024", "SecP384r1MLKEM1024", NULL, NULL, NULL, 1665);

/* DHKEM arrived with HPKE in 3.2; speed lists it from 3.5. */
#define DHKEM_DOC(c) "DHKEM(" c ") (RFC 9180): one key generation / encapsulation / decapsulation"
KEM_LINE(dhkem_p256, "dhkem-p256", R_320, DHKEM_DOC("P-256"), GROUP, "ECP-256", "EC", "P-256",
         "DHKEM", &pq_dhkem_p256_vector, 65);
KEM_LINE(dhkem_p384, "dhkem-p384", R_320, DHKEM_DOC("P-384"), GROUP, "ECP-384", "EC", "P-384",
         "DHKEM", NULL, 97);
KEM_LINE(dhkem_p521, "dhkem-p521", R_320, DHKEM_DOC("P-521"), GROUP, "ECP-521", "EC", "P-521",
         "DHKEM", NULL, 133);
KEM_LINE(dhkem_x25519, "dhkem-x25519", R_320, DHKEM_DOC("X25519"), RAW, "X25519", "X25519",
         NULL, "DHKEM", &pq_dhkem_x25519_vector, 32);
KEM_LINE(dhkem_x448, "dhkem-x448", R_320, DHKEM_DOC("X448"), "", "X448", "X448", NULL,
         "DHKEM", NULL, 56);

/* 4.0's default provider adds the SM2 hybrid (its ECDH share first). */
KEM_LINE(curvesm2mlkem768, "curvesm2mlkem768", R_400, HYBRID_DOC("curveSM2MLKEM768"), "",
         "curveSM2MLKEM768", "curveSM2MLKEM768", NULL, NULL, NULL, 1153);

/* RSASVE (SP 800-56B): the RSA KEM speed of 3.5 lists as rsa<bits>; a
 * family on the fixed keys (tools/gen-rsa-keys.sh), named apart from the
 * rsa<bits> signature lines those names already stand for. */
static const int rsa_kem_members[] = {2048, 3072, 4096, 0};
static const kem_def rsa_kem_def = {.title = "RSASVE", .keytype = "RSA", .operation = "RSASVE",
                                    .bits = 2048};
const workload wl_rsa_kem = {
    .name = "rsa-kem", .kind = KIND_KEY_EXCHANGE, .ops = kem_ops,
    .doc = "RSASVE (SP 800-56B RSA KEM) with a fixed key: one key generation / encapsulation "
           "/ decapsulation",
    .param = 2048, .param_min = 512, .param_max = 4096, .members = rsa_kem_members,
    .varying_ops = "keygen", /* a search for primes */
    .since = R_300, .needs = {[API_FETCH] = KEM_NEEDS GROUP " d2i_PrivateKey"},
    .available = kem_available, .self_check = kem_self_check, .setup = kem_setup,
    .teardown = pk_free, .data = &rsa_kem_def,
};
