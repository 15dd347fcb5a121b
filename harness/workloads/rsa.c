/* rsa<bits>: PKCS#1 v1.5 signatures with SHA-256.
 *   op "sign":   one signature of a precomputed 32-byte SHA-256 digest;
 *   op "verify": one verification of such a signature (made in setup).
 * Paths: legacy RSA_sign/RSA_verify; evp EVP_PKEY_sign/verify on a context
 * made once with EVP_PKEY_CTX_new; fetch the same with
 * EVP_PKEY_CTX_new_from_pkey and a fetched SHA256.  Keys: rsa_key.c. */
#include "rsa_key.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


enum { OP_SIGN, OP_VERIFY };

typedef struct {
    const crypto_lib *lib;
    int bits;
    cx_RSA *rsa;
    bool rsa_owned;
    cx_EVP_PKEY *pkey; /* evp, fetch */
    cx_EVP_PKEY_CTX *pctx;
    const cx_EVP_MD *md;
    cx_EVP_MD *fetched_md;
    unsigned char dgst[32];
    unsigned char *sig;
    size_t sigcap, siglen;
} rsa_state;

/* --- timed loops ---------------------------------------------------------- */

static bool legacy_sign_loop(void *p, uint64_t iterations)
{
    rsa_state *s = p;
    int (*sign)(int, const unsigned char *, unsigned int, unsigned char *, unsigned int *,
                cx_RSA *) = s->lib->fn.RSA_sign;
    unsigned int len = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if (sign(CX_NID_sha256, s->dgst, sizeof s->dgst, s->sig, &len, s->rsa) != 1)
            return false;
    s->siglen = len;
    return true;
}

static bool legacy_verify_loop(void *p, uint64_t iterations)
{
    rsa_state *s = p;
    int (*verify)(int, const unsigned char *, unsigned int, const unsigned char *, unsigned int,
                  cx_RSA *) = s->lib->fn.RSA_verify;
    for (uint64_t i = 0; i < iterations; i++)
        if (verify(CX_NID_sha256, s->dgst, sizeof s->dgst, s->sig, (unsigned int)s->siglen,
                   s->rsa) != 1)
            return false;
    return true;
}

static bool evp_sign_loop(void *p, uint64_t iterations)
{
    rsa_state *s = p;
    int (*sign)(cx_EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t) =
        s->lib->fn.EVP_PKEY_sign;
    size_t len = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        len = s->sigcap;
        if (sign(s->pctx, s->sig, &len, s->dgst, sizeof s->dgst) != 1)
            return false;
    }
    s->siglen = len;
    return true;
}

static bool evp_verify_loop(void *p, uint64_t iterations)
{
    rsa_state *s = p;
    int (*verify)(cx_EVP_PKEY_CTX *, const unsigned char *, size_t, const unsigned char *,
                  size_t) = s->lib->fn.EVP_PKEY_verify;
    for (uint64_t i = 0; i < iterations; i++)
        if (verify(s->pctx, s->sig, s->siglen, s->dgst, sizeof s->dgst) != 1)
            return false;
    return true;
}

static const workload_loop loops[API_COUNT][2] = {
    [API_LEGACY] = {legacy_sign_loop, legacy_verify_loop},
    [API_EVP] = {evp_sign_loop, evp_verify_loop},
    [API_FETCH] = {evp_sign_loop, evp_verify_loop},
};

/* --- state ---------------------------------------------------------------- */

static void rsa_teardown(void *p)
{
    rsa_state *s = p;
    if (s == NULL)
        return;
    const crypto_lib *lib = s->lib;
    if (s->pctx != NULL)
        lib->fn.EVP_PKEY_CTX_free(s->pctx);
    if (s->pkey != NULL)
        lib->fn.EVP_PKEY_free(s->pkey);
    if (s->fetched_md != NULL)
        lib->fn.EVP_MD_free(s->fetched_md);
    if (s->rsa != NULL && s->rsa_owned)
        lib->fn.RSA_free(s->rsa);
    free(s->sig);
    free(s);
}

/* An EVP_PKEY_CTX for `op` with PKCS#1 v1.5 padding and SHA-256, once. */
static bool pkey_ctx_open(rsa_state *s, api_path api, int op, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    if ((s->pkey = lib->fn.EVP_PKEY_new()) == NULL ||
        lib->fn.EVP_PKEY_set1_RSA(s->pkey, s->rsa) != 1)
        return wl_fail(lib, why, n, "cannot wrap the RSA key in an EVP_PKEY");
    if (api == API_FETCH) {
        s->md = s->fetched_md = lib->fn.EVP_MD_fetch(NULL, "SHA256", NULL);
        s->pctx = lib->fn.EVP_PKEY_CTX_new_from_pkey(NULL, s->pkey, NULL);
    } else {
        s->md = lib->fn.EVP_sha256();
        s->pctx = lib->fn.EVP_PKEY_CTX_new(s->pkey, NULL);
    }
    if (s->md == NULL || s->pctx == NULL)
        return wl_fail(lib, why, n, "cannot create the EVP_PKEY_CTX / SHA-256 object");
    int rc = op == OP_SIGN ? lib->fn.EVP_PKEY_sign_init(s->pctx)
                           : lib->fn.EVP_PKEY_verify_init(s->pctx);
    if (rc != 1)
        return wl_fail(lib, why, n, op == OP_SIGN ? "EVP_PKEY_sign_init failed"
                                                  : "EVP_PKEY_verify_init failed");
    if (lib->fn.EVP_PKEY_CTX_set_rsa_padding != NULL) {
        /* 3.0+: the EVP_PKEY_OP_* bits moved, use the real functions. */
        rc = lib->fn.EVP_PKEY_CTX_set_rsa_padding(s->pctx, CX_RSA_PKCS1_PADDING) == 1 &&
             lib->fn.EVP_PKEY_CTX_set_signature_md(s->pctx, s->md) == 1;
    } else {
        /* The 1.0.0-1.1.1 macro expansions. */
        rc = lib->fn.EVP_PKEY_CTX_ctrl(s->pctx, CX_EVP_PKEY_RSA, -1, CX_EVP_PKEY_CTRL_RSA_PADDING,
                                       CX_RSA_PKCS1_PADDING, NULL) > 0 &&
             lib->fn.EVP_PKEY_CTX_ctrl(s->pctx, -1, CX_EVP_PKEY_OP_TYPE_SIG_1X,
                                       CX_EVP_PKEY_CTRL_MD, 0, (void *)s->md) > 0;
    }
    return rc || wl_fail(lib, why, n, "cannot set PKCS#1 padding / SHA-256 on the EVP_PKEY_CTX");
}

/* The key and, for evp/fetch, a context for `op`; the loop to time. */
static rsa_state *rsa_open(const crypto_lib *lib, api_path api, int bits, int op,
                           workload_loop *loop, char *why, size_t n)
{
    rsa_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    s->bits = bits;
    memcpy(s->dgst, rsa_test_digest, sizeof s->dgst);
    *loop = loops[api][op];
    bool ok = *loop != NULL || wl_why(why, n, "RSA has no %s call", api_name(api));
    ok = ok && (s->rsa = rsa_key_for(lib, bits, &s->rsa_owned, why, n)) != NULL;
    int size = ok ? lib->fn.RSA_size(s->rsa) : 0;
    if (ok && (size <= 0 || size > 4096))
        ok = wl_why(why, n, "implausible RSA_size %d", size);
    s->sigcap = (size_t)size;
    if (ok && (s->sig = wl_alloc(s->sigcap, why, n)) == NULL)
        ok = false;
    if (ok && api != API_LEGACY)
        ok = pkey_ctx_open(s, api, op, why, n);
    return wl_keep_if(ok, s, rsa_teardown);
}

/* --- workload callbacks ----------------------------------------------------- */

/* Signs (expecting the fixed key's exact bytes) and verifies twice through
 * the timed loops; a corrupted signature must be rejected. */
static check_result rsa_self_check(const crypto_lib *lib, const workload_spec *ws,
                                   api_path api, char *why, size_t n)
{
    int bits = ws->param;
    workload_loop sign, verify;
    rsa_state *signer = rsa_open(lib, api, bits, OP_SIGN, &sign, why, n);
    rsa_state *verifier = signer ? rsa_open(lib, api, bits, OP_VERIFY, &verify, why, n) : NULL;
    const rsa_test_key *k = rsa_fixed_key(bits);
    bool ok = verifier != NULL;
    for (int round = 0; round < 2 && ok; round++) {
        if (!sign(signer, 1))
            ok = wl_fail(lib, why, n, "RSA PKCS#1 v1.5 SHA-256 sign failed");
        else if (k != NULL)
            ok = wl_kat_compare_bytes("RSA PKCS#1 v1.5 SHA-256 signature", signer->sig,
                                      signer->siglen, k->sig, k->sig_len, why, n);
        else if (signer->siglen != (size_t)(bits + 7) / 8)
            ok = wl_why(why, n, "RSA-%d signature has %zu bytes", bits, signer->siglen);
    }
    if (ok) {
        memcpy(verifier->sig, k != NULL ? k->sig : signer->sig, signer->siglen);
        verifier->siglen = signer->siglen;
    }
    for (int round = 0; round < 2 && ok; round++)
        if (!verify(verifier, 1))
            ok = wl_fail(lib, why, n, "RSA verify of a good signature failed");
    if (ok) {
        verifier->sig[verifier->siglen / 2] ^= 0x10;
        if (verify(verifier, 1))
            ok = wl_why(why, n, "RSA-%d verify accepted a corrupted signature", bits);
        crypto_lib_last_error(lib); /* drop the expected verify error */
        verifier->sig[verifier->siglen / 2] ^= 0x10;
        /* The context must still work after a failed verification. */
        if (ok && !verify(verifier, 1))
            ok = wl_fail(lib, why, n, "RSA verify failed after a rejected signature");
    }
    rsa_teardown(verifier);
    rsa_teardown(signer);
    return wl_result(ok);
}

static void *rsa_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                       size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes; /* op/s: the input is always one SHA-256 digest */
    rsa_state *s = rsa_open(lib, api, ws->param, op, loop, why, n);
    if (s == NULL || op != OP_VERIFY)
        return s;
    /* The signature to verify, made once with a signing state. */
    workload_loop sign;
    rsa_state *signer = rsa_open(lib, api, ws->param, OP_SIGN, &sign, why, n);
    bool ok = signer != NULL && (sign(signer, 1) || wl_fail(lib, why, n, "cannot sign"));
    if (ok) {
        memcpy(s->sig, signer->sig, signer->siglen);
        s->siglen = signer->siglen;
    }
    rsa_teardown(signer);
    return wl_keep_if(ok, s, rsa_teardown);
}

static const char *const rsa_ops[] = {"sign", "verify", NULL};
static const int rsa_members[] = {512, 1024, 1536, 2048, 3072, 4096, 7680, 15360, 0};
static const int rsa_defaults[] = {1024, 2048, 3072, 4096, 0};

#define RSA_EVP_NEEDS                                                                         \
    RSA_KEY_NEEDS "EVP_PKEY_new EVP_PKEY_set1_RSA EVP_PKEY_free EVP_PKEY_CTX_free "           \
                  "EVP_PKEY_sign_init EVP_PKEY_sign EVP_PKEY_verify_init EVP_PKEY_verify "

const workload wl_rsa = {
    .name = "rsa",
    .kind = KIND_PUBLIC_KEY,
    .sized = false,
    .ops = rsa_ops,
    .doc = "one PKCS#1 v1.5 signature of a SHA-256 digest / one verification of it",
    .param_min = 512,
    .param_max = 16384,
    .members = rsa_members,
    .default_members = rsa_defaults,
    .needs =
        {
            [API_LEGACY] = RSA_KEY_NEEDS "RSA_sign RSA_verify",
            [API_EVP] = RSA_EVP_NEEDS "EVP_PKEY_CTX_new EVP_sha256 "
                                      "EVP_PKEY_CTX_set_rsa_padding|EVP_PKEY_CTX_ctrl",
            [API_FETCH] = RSA_EVP_NEEDS "EVP_PKEY_CTX_new_from_pkey EVP_MD_fetch EVP_MD_free "
                                        "EVP_PKEY_CTX_set_rsa_padding "
                                        "EVP_PKEY_CTX_set_signature_md",
        },
    .available = rsa_key_available,
    .self_check = rsa_self_check,
    .setup = rsa_setup,
    .teardown = rsa_teardown,
};
