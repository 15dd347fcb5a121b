/* ecdh-<curve>: the key-agreement family (kex.h) on a fixed key pair per
 * curve of ec_curves.def (every EC curve of `openssl speed`'s ecdh list),
 * against a published shared secret where there is one: NIST CAVP KAS ECC
 * CDH (P, K and B curves), RFC 7027 (brainpool r1); secp160r1 and brainpool
 * t1 have none, and agree across the libraries of a run (tools/
 * gen-ec-curve-vectors.sh says how each was made).  Legacy:
 * ECDH_compute_key (no KDF) on the EC_KEY d2i_ECPrivateKey reads, with the
 * peer's point from d2i_EC_PUBKEY (0.9.8+).  On request only. */
#include "ec_curve_vectors.h"
#include "kex.h"

static void ecdh_free(pk_state *s)
{
    if (s->key != NULL)
        s->lib->fn.EC_KEY_free(s->key);
    if (s->peer_key != NULL)
        s->lib->fn.EC_KEY_free(s->peer_key);
}

static bool ecdh_open(pk_state *s, const pkey_vector *v, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    const unsigned char *p = v->key, *q = v->peer;
    s->free_keys = ecdh_free;
    s->key = f->d2i_ECPrivateKey(NULL, &p, (long)v->key_len);
    if (s->key == NULL || p != v->key + v->key_len)
        return wl_fail(s->lib, why, n, "d2i_ECPrivateKey cannot parse the fixed key");
    s->peer_key = f->d2i_EC_PUBKEY(NULL, &q, (long)v->peer_len);
    if (s->peer_key == NULL || q != v->peer + v->peer_len ||
        (s->peer_point = f->EC_KEY_get0_public_key(s->peer_key)) == NULL)
        return wl_fail(s->lib, why, n, "d2i_EC_PUBKEY cannot parse the fixed peer key");
    return true;
}

static bool ecdh_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*compute)(void *, size_t, const cx_EC_POINT *, const cx_EC_KEY *,
                   void *(*)(const void *, size_t, void *, size_t *)) =
        s->lib->fn.ECDH_compute_key;
    int len = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if ((len = compute(s->out, s->out_cap, s->peer_point, s->key, NULL)) <= 0)
            return false;
    s->out_len = (size_t)len;
    return true;
}

#define ECDH_LEGACY_NEEDS                                                                     \
    "d2i_ECPrivateKey d2i_EC_PUBKEY EC_KEY_free EC_KEY_get0_public_key ECDH_compute_key"

#define EC_CURVE(id, title, since_, dflt)                                                     \
    static const kex_def id = {                                                               \
        .fixed = {"ECDH " title, CX_EVP_PKEY_EC, &pkv_ecdh_##id, KEX_SECRET_CAP, ecdh_open},  \
        .legacy_derive = ecdh_loop};                                                          \
    const workload wl_ecdh_##id = {                                                           \
        KEX_WORKLOAD_FIELDS("ecdh-" #id, id,                                                  \
                            "one ECDH " title " shared secret with a fixed key pair", false,  \
                            "d2i_PrivateKey", ECDH_LEGACY_NEEDS),                             \
        .since = since_};
#include "ec_curves.def"
#undef EC_CURVE
