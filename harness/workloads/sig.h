/* The digest-signature family (ECDSA, DSA): one operation = one signature of
 * the SHA-256 digest rsa_test_digest with a fixed compiled-in key / one
 * verification of a signature of it.  DSA-1024 signs the digest's leftmost
 * 160 bits (its q's size): what FIPS 186-3 truncation signs, and the only
 * length 0.9.8 takes.
 *   legacy  X_sign / X_verify on the low-level key (ECDSA_sign, DSA_sign)
 *   evp     EVP_PKEY_sign / EVP_PKEY_verify on a context made once with
 *           EVP_PKEY_CTX_new (1.0.0+), the key read by d2i_PrivateKey
 *   fetch   the same with EVP_PKEY_CTX_new_from_pkey (3.0+)
 * No digest is set on the context: the input is the digest, as in
 * `openssl speed ecdsa` / `dsa`.  A line is a sig_def. */
#ifndef HARNESS_WORKLOADS_SIG_H
#define HARNESS_WORKLOADS_SIG_H

#include "pkey.h"

/* Large enough for a DER ECDSA signature on P-521 (139 bytes) and DSA. */
#define SIG_CAP 512

typedef struct {
    pk_fixed fixed; /* the key and a known-good signature; first, for pk_fixed_available */
    workload_loop legacy_sign, legacy_verify;
} sig_def;

/* The legacy calls of a line whose low-level key is a KEY (cx_DSA, cx_EC_KEY):
 * PFX_open reads it from the vector's DER with D2I and checks that SIZE
 * fits the output; PFX_sign_loop / PFX_verify_loop call SIGN / VERIFY
 * (DSA_sign and ECDSA_sign differ only in the key type), each through a
 * pointer of its real type loaded once per sample.  SIG_LEGACY_DEF is the
 * line's sig_def on them. */
#define SIG_LEGACY(PFX, KEY, D2I, FREE, SIZE, SIGN, VERIFY)                                   \
    static void PFX##_free(pk_state *s)                                                       \
    {                                                                                         \
        if (s->key != NULL)                                                                   \
            s->lib->fn.FREE(s->key);                                                          \
    }                                                                                         \
    static bool PFX##_open(pk_state *s, const pkey_vector *v, char *why, size_t n)            \
    {                                                                                         \
        const unsigned char *p = v->key;                                                      \
        s->free_keys = PFX##_free;                                                            \
        s->key = s->lib->fn.D2I(NULL, &p, (long)v->key_len);                                  \
        if (s->key == NULL || p != v->key + v->key_len)                                       \
            return wl_fail(s->lib, why, n, #D2I " cannot parse the fixed key");               \
        int size = s->lib->fn.SIZE(s->key);                                                   \
        if (size <= 0 || (size_t)size > s->out_cap)                                           \
            return wl_why(why, n, "implausible " #SIZE " %d", size);                          \
        return true;                                                                          \
    }                                                                                         \
    static bool PFX##_sign_loop(void *p, uint64_t iterations)                                 \
    {                                                                                         \
        pk_state *s = p;                                                                      \
        int (*sign)(int, const unsigned char *, int, unsigned char *, unsigned int *, KEY *) = \
            s->lib->fn.SIGN;                                                                  \
        unsigned int len = 0;                                                                 \
        for (uint64_t i = 0; i < iterations; i++)                                             \
            if (sign(0, s->in, (int)s->in_len, s->out, &len, s->key) != 1)                    \
                return false;                                                                 \
        s->out_len = len;                                                                     \
        return true;                                                                          \
    }                                                                                         \
    static bool PFX##_verify_loop(void *p, uint64_t iterations)                               \
    {                                                                                         \
        pk_state *s = p;                                                                      \
        int (*verify)(int, const unsigned char *, int, const unsigned char *, int, KEY *) =   \
            s->lib->fn.VERIFY;                                                                \
        for (uint64_t i = 0; i < iterations; i++)                                             \
            if (verify(0, s->in, (int)s->in_len, s->out, (int)s->out_len, s->key) != 1)       \
                return false;                                                                 \
        return true;                                                                          \
    }
#define SIG_LEGACY_DEF(PFX, title_, type_, vector)                                            \
    {.fixed = {title_, type_, &vector, SIG_CAP, PFX##_open}, .legacy_sign = PFX##_sign_loop,   \
     .legacy_verify = PFX##_verify_loop}

workload_check_fn sig_self_check;
workload_setup_fn sig_setup;

extern const char *const sig_ops[];

#define SIG_NEEDS_EVP "d2i_PrivateKey EVP_PKEY_free EVP_PKEY_CTX_free EVP_PKEY_sign_init " \
                      "EVP_PKEY_sign EVP_PKEY_verify_init EVP_PKEY_verify "
/* The table line of a sig_def `def` whose legacy calls need `legacy_needs`. */
#define SIG_WORKLOAD(wname, def, what, dflt, legacy_needs)                                    \
    {SIG_WORKLOAD_FIELDS(wname, def, what, dflt, legacy_needs)}
#define SIG_WORKLOAD_FIELDS(wname, def, what, dflt, legacy_needs)                             \
    SIG_WORKLOAD_DOC_FIELDS(wname, def,                                                       \
                            "one " what " signature of a SHA-256 digest (fixed key) / one "   \
                            "verification", dflt, legacy_needs)
/* The same with the line's own doc (what it signs, when not the digest). */
#define SIG_WORKLOAD_DOC_FIELDS(wname, def, doc_, dflt, legacy_needs)                         \
        .name = wname, .kind = KIND_PUBLIC_KEY, .ops = sig_ops, .in_default = dflt,           \
        .doc = doc_,                                                                           \
        .needs = {[API_LEGACY] = legacy_needs,                                                 \
                  [API_EVP] = "EVP_PKEY_CTX_new " SIG_NEEDS_EVP,                               \
                  [API_FETCH] = "EVP_PKEY_CTX_new_from_pkey " SIG_NEEDS_EVP},                  \
        .available = pk_fixed_available, .self_check = sig_self_check, .setup = sig_setup,         \
        .teardown = pk_free, .data = &def

#endif
