/* ecdh-p256, ecdh-p384: the key-agreement family (kex.h) on NIST CAVP KAS
 * ECC CDH vectors (COUNT = 0).  Legacy: ECDH_compute_key (no KDF) on the
 * EC_KEY d2i_ECPrivateKey reads, with the peer's point from d2i_EC_PUBKEY
 * (0.9.8+).  On request only. */
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

#define ECDH_DEF(id, title_, vector)                                                          \
    static const kex_def id = {                                                               \
        .fixed = {title_, CX_EVP_PKEY_EC, &vector, KEX_SECRET_CAP, ecdh_open},                \
        .legacy_derive = ecdh_loop}
#define ECDH_LEGACY_NEEDS                                                                     \
    "d2i_ECPrivateKey d2i_EC_PUBKEY EC_KEY_free EC_KEY_get0_public_key ECDH_compute_key"

ECDH_DEF(p256, "ECDH P-256", pkv_ecdh_p256);
ECDH_DEF(p384, "ECDH P-384", pkv_ecdh_p384);

const workload wl_ecdh_p256 =
    KEX_WORKLOAD("ecdh-p256", p256, "one ECDH P-256 shared secret with a fixed key pair", false,
                 "d2i_PrivateKey", ECDH_LEGACY_NEEDS);
const workload wl_ecdh_p384 =
    KEX_WORKLOAD("ecdh-p384", p384, "one ECDH P-384 shared secret with a fixed key pair", false,
                 "d2i_PrivateKey", ECDH_LEGACY_NEEDS);
