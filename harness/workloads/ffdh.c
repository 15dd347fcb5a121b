/* ffdh2048 ... ffdh8192: the key-agreement family (kex.h) in the RFC 7919
 * groups ffdhe2048 ... ffdhe8192, as `openssl speed ffdh<bits>` of 3.x.
 * Fixed key pairs (pkey_more.c): ours read from PKCS#8 (its parameters are
 * the group's p and g, which 3.x recognises as the named group), the
 * peer's from SubjectPublicKeyInfo; the secret computed once by python3.
 *   legacy  DH_compute_key on the DH of our key (EVP_PKEY_get1_DH) with the
 *           peer's public value as a BIGNUM (BN_bin2bn)
 *   evp     EVP_PKEY_derive (1.0.0+), fetch the same from _new_from_pkey
 * Every path reads the key from PKCS#8, which releases decode from 1.0.0
 * (0.9.8's has no DH key type): hence `since`.  On request only. */
#include "kex.h"
#include "pkey_more.h"

/* ffdhe8192: a 1024-byte secret */
#define FFDH_SECRET_CAP 1024

static void ffdh_free(pk_state *s)
{
    if (s->key != NULL)
        s->lib->fn.DH_free(s->key);
    if (s->peer_key != NULL)
        s->lib->fn.BN_free(s->peer_key);
}

static bool ffdh_open(pk_state *s, const pkey_vector *v, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    s->free_keys = ffdh_free;
    cx_EVP_PKEY *k = pk_private_der(s->lib, 0, v->key, v->key_len, why, n);
    if (k == NULL)
        return false;
    s->key = f->EVP_PKEY_get1_DH(k);
    f->EVP_PKEY_free(k);
    if (s->key == NULL)
        return wl_fail(s->lib, why, n, "EVP_PKEY_get1_DH: the fixed key is not a DH key");
    int size = f->DH_size(s->key);
    if (size <= 0 || (size_t)size > s->out_cap)
        return wl_why(why, n, "implausible DH_size %d", size);
    /* the peer's public value: the vector's msg (pkey_more.h) */
    s->peer_key = f->BN_bin2bn(v->msg, (int)v->msg_len, NULL);
    return s->peer_key != NULL || wl_fail(s->lib, why, n, "BN_bin2bn failed");
}

static bool ffdh_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*compute)(unsigned char *, const cx_BIGNUM *, cx_DH *) = s->lib->fn.DH_compute_key;
    int len = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if ((len = compute(s->out, s->peer_key, s->key)) <= 0)
            return false;
    s->out_len = (size_t)len;
    return true;
}

#define FFDH_LEGACY_NEEDS                                                                     \
    "d2i_AutoPrivateKey EVP_PKEY_get1_DH EVP_PKEY_free DH_free DH_size DH_compute_key "       \
    "BN_bin2bn BN_free"
#define FFDH_LINE(bits)                                                                       \
    static const kex_def ffdh##bits = {                                                       \
        .fixed = {"FFDH ffdhe" #bits, 0, &pkv_ffdh##bits, FFDH_SECRET_CAP, ffdh_open},      \
        .legacy_derive = ffdh_loop};                                                          \
    const workload wl_ffdh##bits = {                                                          \
        KEX_WORKLOAD_FIELDS("ffdh" #bits, ffdh##bits,                                         \
                            "one FFDH shared secret in the RFC 7919 group ffdhe" #bits        \
                            " with a fixed key pair",                                         \
                            false, "d2i_AutoPrivateKey", FFDH_LEGACY_NEEDS),                  \
        .since = R_100,                                                                       \
    }

FFDH_LINE(2048);
FFDH_LINE(3072);
FFDH_LINE(4096);
FFDH_LINE(6144);
FFDH_LINE(8192);
