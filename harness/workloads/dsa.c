/* dsa1024, dsa2048: the digest-signature family (sig.h) on fixed DSA keys
 * (1024-bit p with a 160-bit q, 2048-bit p with a 256-bit q).  Legacy:
 * DSA_sign / DSA_verify on the DSA that d2i_DSAPrivateKey reads.  On
 * request only. */
#include "sig.h"

static void dsa_free(pk_state *s)
{
    if (s->key != NULL)
        s->lib->fn.DSA_free(s->key);
}

static bool dsa_open(pk_state *s, const pkey_vector *v, char *why, size_t n)
{
    const unsigned char *p = v->key;
    s->free_keys = dsa_free;
    s->key = s->lib->fn.d2i_DSAPrivateKey(NULL, &p, (long)v->key_len);
    if (s->key == NULL || p != v->key + v->key_len)
        return wl_fail(s->lib, why, n, "d2i_DSAPrivateKey cannot parse the fixed key");
    int size = s->lib->fn.DSA_size(s->key);
    if (size <= 0 || (size_t)size > s->out_cap)
        return wl_why(why, n, "implausible DSA_size %d", size);
    return true;
}

static bool dsa_sign_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*sign)(int, const unsigned char *, int, unsigned char *, unsigned int *, cx_DSA *) =
        s->lib->fn.DSA_sign;
    unsigned int len = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if (sign(0, s->in, (int)s->in_len, s->out, &len, s->key) != 1)
            return false;
    s->out_len = len;
    return true;
}

static bool dsa_verify_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*verify)(int, const unsigned char *, int, const unsigned char *, int, cx_DSA *) =
        s->lib->fn.DSA_verify;
    for (uint64_t i = 0; i < iterations; i++)
        if (verify(0, s->in, (int)s->in_len, s->out, (int)s->out_len, s->key) != 1)
            return false;
    return true;
}

#define DSA_DEF(id, title_, vector)                                                           \
    static const sig_def id = {.title = title_, .type = PK_TYPE_DSA, .vec = &vector,          \
                               .legacy_open = dsa_open,                        \
                               .legacy_sign = dsa_sign_loop, .legacy_verify = dsa_verify_loop}
#define DSA_LEGACY_NEEDS "d2i_DSAPrivateKey DSA_free DSA_size DSA_sign DSA_verify"

DSA_DEF(dsa1024, "DSA-1024", pkv_dsa1024);
DSA_DEF(dsa2048, "DSA-2048", pkv_dsa2048);

const workload wl_dsa1024 = SIG_WORKLOAD("dsa1024", dsa1024, "DSA-1024", false,
                                         DSA_LEGACY_NEEDS);
/* A 256-bit q (FIPS 186-3) needs 1.0.0: 0.9.8 verifies only 160-bit ones. */
const workload wl_dsa2048 = {
    SIG_WORKLOAD_FIELDS("dsa2048", dsa2048, "DSA-2048", false, DSA_LEGACY_NEEDS),
    .since = R_100,
};
