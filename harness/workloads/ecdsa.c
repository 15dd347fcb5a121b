/* ecdsa-<curve>: the digest-signature family (sig.h) on fixed EC keys.
 * Legacy: ECDSA_sign / ECDSA_verify on the EC_KEY that d2i_ECPrivateKey
 * reads (0.9.8+).  P-256 is in the default set; P-384, P-521 and the
 * curves `openssl speed` also offers (secp160r1, the binary K-283 and
 * B-283) on request. */
#include "sig.h"

static void ec_free(pk_state *s)
{
    if (s->key != NULL)
        s->lib->fn.EC_KEY_free(s->key);
}

static bool ec_open(pk_state *s, const pkey_vector *v, char *why, size_t n)
{
    const unsigned char *p = v->key;
    s->free_keys = ec_free;
    s->key = s->lib->fn.d2i_ECPrivateKey(NULL, &p, (long)v->key_len);
    if (s->key == NULL || p != v->key + v->key_len)
        return wl_fail(s->lib, why, n, "d2i_ECPrivateKey cannot parse the fixed key");
    int size = s->lib->fn.ECDSA_size(s->key);
    if (size <= 0 || (size_t)size > s->out_cap)
        return wl_why(why, n, "implausible ECDSA_size %d", size);
    return true;
}

static bool ecdsa_sign_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*sign)(int, const unsigned char *, int, unsigned char *, unsigned int *, cx_EC_KEY *) =
        s->lib->fn.ECDSA_sign;
    unsigned int len = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if (sign(0, s->in, (int)s->in_len, s->out, &len, s->key) != 1)
            return false;
    s->out_len = len;
    return true;
}

static bool ecdsa_verify_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*verify)(int, const unsigned char *, int, const unsigned char *, int, cx_EC_KEY *) =
        s->lib->fn.ECDSA_verify;
    for (uint64_t i = 0; i < iterations; i++)
        if (verify(0, s->in, (int)s->in_len, s->out, (int)s->out_len, s->key) != 1)
            return false;
    return true;
}

#define ECDSA_DEF(id, title_, vector)                                                         \
    static const sig_def id = {.title = title_, .type = PK_TYPE_EC, .vec = &vector,           \
                               .legacy_open = ec_open,                         \
                               .legacy_sign = ecdsa_sign_loop,                                 \
                               .legacy_verify = ecdsa_verify_loop}
#define ECDSA_LEGACY_NEEDS "d2i_ECPrivateKey EC_KEY_free ECDSA_size ECDSA_sign ECDSA_verify"

ECDSA_DEF(p256, "ECDSA P-256", pkv_ecdsa_p256);
ECDSA_DEF(p384, "ECDSA P-384", pkv_ecdsa_p384);
ECDSA_DEF(p521, "ECDSA P-521", pkv_ecdsa_p521);
ECDSA_DEF(k283, "ECDSA K-283", pkv_ecdsa_k283);
ECDSA_DEF(b283, "ECDSA B-283", pkv_ecdsa_b283);
ECDSA_DEF(secp160r1, "ECDSA secp160r1", pkv_ecdsa_secp160r1);

const workload wl_ecdsa_p256 = SIG_WORKLOAD("ecdsa-p256", p256, "ECDSA P-256", true,
                                            ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_p384 = SIG_WORKLOAD("ecdsa-p384", p384, "ECDSA P-384", false,
                                            ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_p521 = SIG_WORKLOAD("ecdsa-p521", p521, "ECDSA P-521", false,
                                            ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_k283 = SIG_WORKLOAD("ecdsa-k283", k283, "ECDSA K-283 (binary curve)",
                                            false, ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_b283 = SIG_WORKLOAD("ecdsa-b283", b283, "ECDSA B-283 (binary curve)",
                                            false, ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_secp160r1 = SIG_WORKLOAD("ecdsa-secp160r1", secp160r1,
                                                 "ECDSA secp160r1", false, ECDSA_LEGACY_NEEDS);
