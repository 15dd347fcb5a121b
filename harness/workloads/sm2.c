/* sm2: SM2 signatures with SM3 and the default distinguishing ID
 * 1234567812345678 (GM/T 0009-2012), as `openssl speed curveSM2` times them:
 * one operation = the context initialised for the key, then one signature
 * of a 32-byte message (the bytes of rsa_test_digest) / one verification.
 *   evp    a pkey context holding the ID (EVP_PKEY_CTX_set1_id) attached
 *          once with EVP_MD_CTX_set_pkey_ctx, then EVP_DigestSignInit with
 *          EVP_sm3() + EVP_DigestSign per operation, as speed does
 *   fetch  the same with EVP_PKEY_CTX_new_from_pkey and
 *          EVP_DigestSignInit_ex("SM3") (3.0's SM2 refuses the ID as an
 *          init parameter: it is set before the context would take it)
 * 3.0+ (1.1.1 has SM2 only behind EVP_PKEY_set_alias_type, and its speed
 * has no SM2).  Known answer: GB/T 32918.5-2016 Annex A (pkey_more.c):
 * its signature of "message digest" verifies (twice), one bit flipped does
 * not, fresh signatures verify (SM2 signing is randomised). */
#include "pkey.h"
#include "pkey_more.h"
#include "../../data/rsa_keys.h"

#include <string.h>

enum { OP_SIGN, OP_VERIFY };

static const char sm2_id[] = "1234567812345678";
#define SM2_ID_LEN (sizeof sm2_id - 1)
#define SM2_SIG_CAP 80 /* DER of two 256-bit integers */

static bool evp_loop(pk_state *s, uint64_t iterations, bool signing)
{
    const crypto_fns *f = &s->lib->fn;
    int (*init)(cx_EVP_MD_CTX *, cx_EVP_PKEY_CTX **, const cx_EVP_MD *, cx_ENGINE *,
                cx_EVP_PKEY *) = signing ? f->EVP_DigestSignInit : f->EVP_DigestVerifyInit;
    int (*sign)(cx_EVP_MD_CTX *, unsigned char *, size_t *, const unsigned char *, size_t) =
        f->EVP_DigestSign;
    int (*verify)(cx_EVP_MD_CTX *, const unsigned char *, size_t, const unsigned char *,
                  size_t) = f->EVP_DigestVerify;
    const cx_EVP_MD *sm3 = f->EVP_sm3();
    size_t len = s->out_len;
    for (uint64_t i = 0; i < iterations; i++) {
        len = s->out_cap;
        if (init(s->mctx, NULL, sm3, NULL, s->pkey) != 1 ||
            (signing ? sign(s->mctx, s->out, &len, s->in, s->in_len)
                     : verify(s->mctx, s->out, s->out_len, s->in, s->in_len)) != 1)
            return false;
    }
    if (signing)
        s->out_len = len;
    return true;
}

static bool fetch_loop(pk_state *s, uint64_t iterations, bool signing)
{
    const crypto_fns *f = &s->lib->fn;
    int (*init)(cx_EVP_MD_CTX *, cx_EVP_PKEY_CTX **, const char *, cx_OSSL_LIB_CTX *,
                const char *, cx_EVP_PKEY *, const cx_OSSL_PARAM *) =
        signing ? f->EVP_DigestSignInit_ex : f->EVP_DigestVerifyInit_ex;
    int (*sign)(cx_EVP_MD_CTX *, unsigned char *, size_t *, const unsigned char *, size_t) =
        f->EVP_DigestSign;
    int (*verify)(cx_EVP_MD_CTX *, const unsigned char *, size_t, const unsigned char *,
                  size_t) = f->EVP_DigestVerify;
    size_t len = s->out_len;
    for (uint64_t i = 0; i < iterations; i++) {
        len = s->out_cap;
        if (init(s->mctx, NULL, "SM3", NULL, NULL, s->pkey, NULL) != 1 ||
            (signing ? sign(s->mctx, s->out, &len, s->in, s->in_len)
                     : verify(s->mctx, s->out, s->out_len, s->in, s->in_len)) != 1)
            return false;
    }
    if (signing)
        s->out_len = len;
    return true;
}

static bool evp_sign_loop(void *p, uint64_t n) { return evp_loop(p, n, true); }
static bool evp_verify_loop(void *p, uint64_t n) { return evp_loop(p, n, false); }
static bool fetch_sign_loop(void *p, uint64_t n) { return fetch_loop(p, n, true); }
static bool fetch_verify_loop(void *p, uint64_t n) { return fetch_loop(p, n, false); }

static const workload_loop loops[API_COUNT][2] = {
    [API_EVP] = {evp_sign_loop, evp_verify_loop},
    [API_FETCH] = {fetch_sign_loop, fetch_verify_loop},
};

/* The digest context first: it may still point at the pkey context. */
static void sm2_free(void *p)
{
    pk_state *s = p;
    if (s != NULL) {
        wl_md_ctx_free(s->lib, s->mctx);
        s->mctx = NULL;
    }
    pk_free(s);
}

static check_result sm2_open(const crypto_lib *lib, api_path api, int op,
                             const unsigned char *msg, size_t len, workload_loop *loop,
                             pk_state **out, char *why, size_t n)
{
    *out = NULL;
    pk_state *s = pk_new(lib, api, msg, len, SM2_SIG_CAP, 0, why, n);
    if (s == NULL)
        return CHECK_FAIL;
    *loop = loops[api][op];
    bool ok = (s->pkey = pk_private_der(lib, 0, pkv_sm2.key, pkv_sm2.key_len, why, n)) != NULL &&
              ((s->mctx = wl_md_ctx_new(lib)) != NULL || wl_fail(lib, why, n, "no EVP_MD_CTX"));
    check_result r = wl_result(ok);
    if (ok) {
        s->pctx = api == API_FETCH ? lib->fn.EVP_PKEY_CTX_new_from_pkey(NULL, s->pkey, NULL)
                                   : lib->fn.EVP_PKEY_CTX_new(s->pkey, NULL);
        if (s->pctx == NULL)
            r = wl_refused(lib, why, n, "cannot create the SM2 EVP_PKEY_CTX");
        else if (lib->fn.EVP_PKEY_CTX_set1_id(s->pctx, sm2_id, (int)SM2_ID_LEN) != 1)
            r = wl_result(wl_fail(lib, why, n, "EVP_PKEY_CTX_set1_id failed"));
        else
            lib->fn.EVP_MD_CTX_set_pkey_ctx(s->mctx, s->pctx);
    }
    if (r == CHECK_PASS)
        *out = s;
    else
        sm2_free(s);
    return r;
}

static check_result sm2_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                  char *why, size_t n)
{
    (void)ws, (void)api;
    return pk_key_available(lib, pk_private_der(lib, 0, pkv_sm2.key, pkv_sm2.key_len, why, n),
                            "SM2", why, n);
}

static check_result sm2_self_check(const crypto_lib *lib, const workload_spec *ws,
                                   api_path api, char *why, size_t n)
{
    (void)ws;
    workload_loop sign, verify;
    pk_state *signer, *verifier = NULL;
    check_result r =
        sm2_open(lib, api, OP_SIGN, pkv_sm2.msg, pkv_sm2.msg_len, &sign, &signer, why, n);
    if (r == CHECK_PASS)
        r = sm2_open(lib, api, OP_VERIFY, pkv_sm2.msg, pkv_sm2.msg_len, &verify, &verifier,
                     why, n);
    if (r == CHECK_PASS)
        r = wl_result(pk_check_signatures(signer, sign, verifier, verify, pkv_sm2.expect,
                                          pkv_sm2.expect_len, "SM2 (GB/T 32918.5 A)", why, n));
    sm2_free(verifier);
    sm2_free(signer);
    return r;
}

static void *sm2_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                       size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)ws, (void)bytes;
    pk_state *s, *signer = NULL;
    const unsigned char *msg = rsa_test_digest;
    sm2_open(lib, api, op, msg, sizeof rsa_test_digest, loop, &s, why, n);
    if (s == NULL || op != OP_VERIFY)
        return s;
    workload_loop sign; /* a signature to verify, made once */
    sm2_open(lib, api, OP_SIGN, msg, sizeof rsa_test_digest, &sign, &signer, why, n);
    bool ok = signer != NULL && (sign(signer, 1) || wl_fail(lib, why, n, "cannot sign"));
    if (ok) {
        memcpy(s->out, signer->out, signer->out_len);
        s->out_len = signer->out_len;
    }
    sm2_free(signer);
    return wl_keep_if(ok, s, sm2_free);
}

static const char *const sm2_ops[] = {"sign", "verify", NULL};

#define SM2_NEEDS                                                                             \
    "d2i_AutoPrivateKey EVP_PKEY_free EVP_MD_CTX_new EVP_MD_CTX_free EVP_DigestSign "         \
    "EVP_DigestVerify EVP_PKEY_CTX_free EVP_PKEY_CTX_set1_id EVP_MD_CTX_set_pkey_ctx "

const workload wl_sm2 = {
    .name = "sm2",
    .kind = KIND_PUBLIC_KEY,
    .family = "sm2", /* speed's own table; its one speed name lists one workload */
    .ops = sm2_ops,
    .doc = "one SM2 signature (SM3, default ID) of a 32-byte message (fixed key) / one "
           "verification (EVP only: no low-level call)",
    .since = R_300,
    .needs =
        {
            [API_EVP] = SM2_NEEDS "EVP_DigestSignInit EVP_DigestVerifyInit EVP_sm3 "
                                  "EVP_PKEY_CTX_new",
            [API_FETCH] = SM2_NEEDS "EVP_DigestSignInit_ex EVP_DigestVerifyInit_ex "
                                    "EVP_PKEY_CTX_new_from_pkey",
        },
    .available = sm2_available,
    .self_check = sm2_self_check,
    .setup = sm2_setup,
    .teardown = sm2_free,
};
