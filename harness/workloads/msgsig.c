/* ed25519: signatures over the message itself (no digest
 * first).  One operation = one signature of a 32-byte message (the bytes of
 * rsa_test_digest) with a fixed key / one verification of it.
 *   evp    EVP_DigestSignInit + EVP_DigestSign per operation (1.1.1+): how
 *          libssl signs, and what `openssl speed` of 3.x times for EdDSA
 *          (a 3.x context is finalised by the one-shot call)
 *   fetch  the algorithm fetched once (EVP_SIGNATURE_fetch), the context
 *          initialised once with EVP_PKEY_sign_message_init (3.4+), then
 *          EVP_PKEY_sign per operation
 * No low-level call.  Known answer: RFC 8032 7.1 TEST 2.  (ML-DSA and
 * SLH-DSA: pqsig.c.) */
#include "pkey.h"
#include "pkey_keys.h"
#include "pkey_more.h"
#include "../../data/rsa_keys.h"

#include <stdlib.h>
#include <string.h>

enum { OP_SIGN, OP_VERIFY };

typedef struct {
    const unsigned char *msg, *ctx, *sig;
    size_t msg_len, ctx_len, sig_len;
    unsigned char *heap[3];
} msgsig_kat;

typedef struct {
    const char *title, *alg; /* "Ed25519"; the fetched signature algorithm */
    size_t sig_cap;
    cx_EVP_PKEY *(*key)(const crypto_lib *lib, char *why, size_t n);
    bool (*kat)(msgsig_kat *k, char *why, size_t n);
    bool deterministic_param; /* the KAT sets "deterministic" = 1 */
} msgsig_def;

static pk_state *ms_open(const crypto_lib *lib, const msgsig_def *d, api_path api, int op,
                         const unsigned char *msg, size_t len, const cx_OSSL_PARAM *params,
                         workload_loop *loop, char *why, size_t n)
{
    pk_state *s = pk_new(lib, api, msg, len, d->sig_cap, 0, why, n);
    bool ok = s != NULL && (s->pkey = d->key(lib, why, n)) != NULL;
    if (ok && api == API_EVP) {
        ok = (s->mctx = wl_md_ctx_new(lib)) != NULL || wl_fail(lib, why, n, "no EVP_MD_CTX");
        *loop = op == OP_SIGN ? pk_digestsign_loop : pk_digestverify_loop;
    } else if (ok) {
        ok = pk_message_ctx_open(s, d->alg, op == OP_SIGN ? PK_SIGN : PK_VERIFY, params, why, n);
        *loop = op == OP_SIGN ? pk_sign_loop : pk_verify_loop;
    }
    return wl_keep_if(ok, s, pk_free);
}

static check_result ms_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                 char *why, size_t n)
{
    (void)api;
    const msgsig_def *d = ws->w->data;
    return pk_key_available(lib, d->key(lib, why, n), d->title, why, n);
}

/* Signs the vector's message (its exact signature, twice), then the
 * signature checks of pk_check_signatures on the vector. */
static check_result ms_self_check(const crypto_lib *lib, const workload_spec *ws,
                                  api_path api, char *why, size_t n)
{
    const msgsig_def *d = ws->w->data;
    msgsig_kat k = {0};
    if (!d->kat(&k, why, n))
        return CHECK_FAIL;
    int one = 1;
    cx_OSSL_PARAM sp[3] = {{0}}, vp[2] = {{0}};
    size_t i = 0;
    if (k.ctx_len > 0)
        sp[i++] = vp[0] = pk_param_octets("context-string", k.ctx, k.ctx_len);
    if (d->deterministic_param)
        sp[i++] = pk_param_int("deterministic", &one);
    workload_loop sign, verify;
    pk_state *signer = ms_open(lib, d, api, OP_SIGN, k.msg, k.msg_len, sp, &sign, why, n);
    pk_state *verifier =
        signer ? ms_open(lib, d, api, OP_VERIFY, k.msg, k.msg_len, vp, &verify, why, n) : NULL;
    bool ok = verifier != NULL;
    for (int round = 0; round < 2 && ok; round++)
        ok = sign(signer, 1) ? wl_kat_compare_bytes(d->title, signer->out, signer->out_len,
                                                    k.sig, k.sig_len, why, n)
                             : wl_fail(lib, why, n, "sign failed");
    ok = ok && pk_check_signatures(signer, sign, verifier, verify, k.sig, k.sig_len, d->title,
                                   why, n);
    pk_free(verifier);
    pk_free(signer);
    for (size_t h = 0; h < 3; h++)
        free(k.heap[h]);
    return wl_result(ok);
}

static void *ms_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                      size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    const msgsig_def *d = ws->w->data;
    const unsigned char *msg = rsa_test_digest;
    pk_state *s = ms_open(lib, d, api, op, msg, sizeof rsa_test_digest, NULL, loop, why, n);
    if (s == NULL || op != OP_VERIFY)
        return s;
    workload_loop sign; /* a signature to verify, made once */
    pk_state *signer = ms_open(lib, d, api, OP_SIGN, msg, sizeof rsa_test_digest, NULL, &sign,
                               why, n);
    bool ok = signer != NULL && (sign(signer, 1) || wl_fail(lib, why, n, "cannot sign"));
    if (ok) {
        memcpy(s->out, signer->out, signer->out_len);
        s->out_len = signer->out_len;
    }
    pk_free(signer);
    return wl_keep_if(ok, s, pk_free);
}

static const char *const ms_ops[] = {"sign", "verify", NULL};

/* A line of this file; the variadic part is its `needs`. */
#define MS_WORKLOAD(wname, def, doc_, since_, ...)                                            \
    {                                                                                         \
        .name = wname, .kind = KIND_PUBLIC_KEY, .ops = ms_ops, .doc = doc_, .since = since_,  \
        .family = "signature", /* Ed25519, Ed448: speed's "eddsa" comes first */       \
        .needs = {__VA_ARGS__}, .available = ms_available, .self_check = ms_self_check,       \
        .setup = ms_setup, .teardown = pk_free, .data = &def,                                 \
    }

/* --- Ed25519 ----------------------------------------------------------------- */

static cx_EVP_PKEY *ed25519_key(const crypto_lib *lib, char *why, size_t n)
{
    return pk_private_der(lib, 0, pkv_ed25519.key, pkv_ed25519.key_len, why, n);
}

static bool ed25519_kat(msgsig_kat *k, char *why, size_t n)
{
    (void)why, (void)n;
    *k = (msgsig_kat){.msg = pkv_ed25519.msg, .msg_len = pkv_ed25519.msg_len,
                      .sig = pkv_ed25519.expect, .sig_len = pkv_ed25519.expect_len};
    return true;
}

static const msgsig_def ed25519 = {.title = "Ed25519", .alg = "ED25519", .sig_cap = 64,
                                   .key = ed25519_key, .kat = ed25519_kat};

#define MS_NEEDS_FETCH                                                                        \
    "EVP_PKEY_sign_message_init EVP_PKEY_verify_message_init EVP_SIGNATURE_fetch "           \
    "EVP_SIGNATURE_free EVP_PKEY_CTX_new_from_pkey EVP_PKEY_CTX_free EVP_PKEY_sign "          \
    "EVP_PKEY_verify EVP_PKEY_free "

const workload wl_ed25519 = MS_WORKLOAD(
    "ed25519", ed25519,
    "one Ed25519 signature of a 32-byte message (fixed key) / one verification "
    "(EVP only: Ed25519 has no low-level call)",
    R_111,
    [API_EVP] = "EVP_DigestSign EVP_DigestVerify EVP_DigestSignInit EVP_DigestVerifyInit "
                "EVP_MD_CTX_new EVP_MD_CTX_free "
                "d2i_AutoPrivateKey EVP_PKEY_free",
    [API_FETCH] = MS_NEEDS_FETCH "d2i_AutoPrivateKey");

/* --- Ed448 ------------------------------------------------------------------- */

static cx_EVP_PKEY *ed448_key(const crypto_lib *lib, char *why, size_t n)
{
    return pk_private_der(lib, 0, pkv_ed448.key, pkv_ed448.key_len, why, n);
}

/* RFC 8032 7.4 "1 octet" (pure Ed448, no context) */
static bool ed448_kat(msgsig_kat *k, char *why, size_t n)
{
    (void)why, (void)n;
    *k = (msgsig_kat){.msg = pkv_ed448.msg, .msg_len = pkv_ed448.msg_len,
                      .sig = pkv_ed448.expect, .sig_len = pkv_ed448.expect_len};
    return true;
}

static const msgsig_def ed448 = {.title = "Ed448", .alg = "ED448", .sig_cap = 114,
                                 .key = ed448_key, .kat = ed448_kat};

const workload wl_ed448 = MS_WORKLOAD(
    "ed448", ed448,
    "one Ed448 signature of a 32-byte message (fixed key) / one verification "
    "(EVP only: Ed448 has no low-level call)",
    R_111,
    [API_EVP] = "EVP_DigestSign EVP_DigestVerify EVP_DigestSignInit EVP_DigestVerifyInit "
                "EVP_MD_CTX_new EVP_MD_CTX_free "
                "d2i_AutoPrivateKey EVP_PKEY_free",
    [API_FETCH] = MS_NEEDS_FETCH "d2i_AutoPrivateKey");
