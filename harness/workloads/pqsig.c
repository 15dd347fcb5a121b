/* The signature schemes of `openssl speed` of 3.5 (its -signature-algorithms
 * list, from the providers' EVP_SIGNATUREs less RSA, DSA, EdDSA, ECDSA, SM2
 * and the MACs): ML-DSA-44/65/87 (FIPS 204) and the twelve SLH-DSA
 * parameter sets (FIPS 205).  Ops as speed times them (SIG_keygen_loop,
 * SIG_sign_loop, SIG_verify_loop): keygen = one fresh key per operation on
 * a context initialised once (EVP_PKEY_CTX_new_from_name), freed at once;
 * sign / verify = one signature of a 32-byte message with the line's fixed
 * key / one verification of it, on a context initialised once with the
 * algorithm fetched once (EVP_SIGNATURE_fetch) and EVP_PKEY_sign_message_init
 * / verify_message_init (3.4+): the fetch path only, as speed of 3.5.7 falls
 * back to (its EVP_PKEY_sign_init fails for both: "provider signature not
 * supported"; 3.5.0's speed stopped there).
 * Known answer (pq_sig_vectors.c, each vector's source in it): the fixed
 * key signs the vector's message deterministically ("deterministic" = 1,
 * its context string and message encoding) to the exact signature, or to
 * one whose SHA-256 is the stored one, then pk_check_signatures: it
 * verifies (twice), a flipped bit does not, two more signatures on the same
 * context verify. */
#include "pq.h"
#include "../../data/rsa_keys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OP_KEYGEN, OP_SIGN, OP_VERIFY };

typedef struct {
    const char *alg; /* speed's name, the key type and the fetched algorithm */
    size_t sig_cap;
} sig_def;

/* The decoded vector and the parameters its signing takes. */
typedef struct {
    unsigned char *key, *msg, *ctx, *sig, *sig_sha256;
    size_t key_len, msg_len, ctx_len, sig_len, sha_len;
    int deterministic, encoding;
    cx_OSSL_PARAM sign[4], verify[3];
} sig_kat;

/* The line's fixed key: its vector's. */
static cx_EVP_PKEY *sig_key(const crypto_lib *lib, const pq_sig_vector *v, char *why, size_t n)
{
    if (v == NULL) {
        wl_why(why, n, "no fixed key compiled in");
        return NULL;
    }
    return pk_raw_private_key(lib, v->alg, v->key, why, n);
}

/* keygen: a context for d->alg; sign, verify: v's key. */
static pk_state *sig_open(const crypto_lib *lib, const sig_def *d, const pq_sig_vector *v,
                          api_path api, int op, const unsigned char *msg, size_t len,
                          const cx_OSSL_PARAM *params, workload_loop *loop, char *why, size_t n)
{
    pk_state *s = pk_new(lib, api, msg, len, op == OP_KEYGEN ? 0 : d->sig_cap, 0, why, n);
    bool ok = s != NULL;
    pk_op o = op == OP_SIGN ? PK_SIGN : PK_VERIFY;
    if (ok && op == OP_KEYGEN) {
        ok = pq_keygen_open(s, d->alg, NULL, why, n);
        *loop = pq_keygen_loop;
    } else if (ok) {
        ok = (s->pkey = sig_key(lib, v, why, n)) != NULL &&
             pk_message_ctx_open(s, d->alg, o, params, why, n);
    }
    if (op != OP_KEYGEN)
        *loop = op == OP_SIGN ? pk_sign_loop : pk_verify_loop;
    return wl_keep_if(ok, s, pk_free);
}

static check_result sig_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                  char *why, size_t n)
{
    (void)api;
    const sig_def *d = ws->w->data;
    const pq_sig_vector *v = pq_sig_vector_for(d->alg);
    if (v == NULL) /* a table out of step with the registry: a failure, not an absence */
        return wl_result(wl_why(why, n, "no fixed %s key compiled in", d->alg));
    return pk_key_available(lib, sig_key(lib, v, why, n), d->alg, why, n);
}

static void kat_free(sig_kat *k)
{
    free(k->key);
    free(k->msg);
    free(k->ctx);
    free(k->sig);
    free(k->sig_sha256);
}

/* The hex of `v` decoded, its parameters built. */
static bool kat_load(const pq_sig_vector *v, sig_kat *k, char *why, size_t n)
{
    *k = (sig_kat){.deterministic = 1, .encoding = v->internal ? 0 : 1};
    bool ok = (k->msg = pk_unhex(v->msg, &k->msg_len, why, n)) != NULL &&
              (k->ctx = pk_unhex(v->ctx, &k->ctx_len, why, n)) != NULL &&
              (v->sig == NULL || (k->sig = pk_unhex(v->sig, &k->sig_len, why, n)) != NULL) &&
              (v->sig_sha256 == NULL ||
               (k->sig_sha256 = pk_unhex(v->sig_sha256, &k->sha_len, why, n)) != NULL);
    size_t i = 0;
    k->sign[i++] = pk_param_int("deterministic", &k->deterministic);
    k->sign[i++] = k->verify[0] = pk_param_int("message-encoding", &k->encoding);
    if (k->ctx_len > 0)
        k->sign[i++] = k->verify[1] = pk_param_octets("context-string", k->ctx, k->ctx_len);
    return ok;
}

/* What `signer` made is the vector's signature (or has its SHA-256). */
static bool is_known(const crypto_lib *lib, const pk_state *signer, const sig_kat *k,
                     const char *what, char *why, size_t n)
{
    if (k->sig != NULL)
        return wl_kat_compare_bytes(what, signer->out, signer->out_len, k->sig, k->sig_len, why,
                                    n);
    unsigned char md[32];
    unsigned int md_len = 0;
    if (lib->fn.EVP_Digest(signer->out, signer->out_len, md, &md_len, lib->fn.EVP_sha256(),
                           NULL) != 1)
        return wl_fail(lib, why, n, "SHA-256 of the signature failed");
    char label[192];
    snprintf(label, sizeof label, "%s (SHA-256 of the signature)", what);
    return wl_kat_compare_bytes(label, md, md_len, k->sig_sha256, k->sha_len, why, n);
}

static bool keygen_works(const crypto_lib *lib, const sig_def *d, api_path api, char *why,
                         size_t n)
{
    workload_loop loop;
    pk_state *g = sig_open(lib, d, NULL, api, OP_KEYGEN, NULL, 0, NULL, &loop, why, n);
    bool ok = g != NULL && ((loop(g, 1) && loop(g, 1)) || wl_fail(lib, why, n, "keygen failed"));
    pk_free(g);
    return ok;
}

check_result pq_sig_vector_check(const crypto_lib *lib, api_path api, const pq_sig_vector *v,
                                 size_t sig_cap, char *why, size_t n)
{
    const sig_def line = {v->alg, sig_cap}, *d = &line;
    char what[128];
    snprintf(what, sizeof what, "%s (%s)", v->alg, v->source);
    sig_kat k;
    bool ok = kat_load(v, &k, why, n);
    workload_loop sign, verify;
    pk_state *signer = ok ? sig_open(lib, d, v, api, OP_SIGN, k.msg, k.msg_len, k.sign, &sign,
                                     why, n)
                          : NULL;
    pk_state *verifier = signer ? sig_open(lib, d, v, api, OP_VERIFY, k.msg, k.msg_len,
                                           k.verify, &verify, why, n)
                                : NULL;
    ok = verifier != NULL;
    /* once: SLH-DSA's s sets take up to seconds a signature, and
     * pk_check_signatures signs twice more on the same context */
    ok = ok && (sign(signer, 1) || wl_fail(lib, why, n, "sign failed")) &&
         is_known(lib, signer, &k, what, why, n);
    unsigned char *known = ok ? wl_alloc(signer->out_len, why, n) : NULL;
    if (known != NULL) {
        size_t known_len = signer->out_len;
        memcpy(known, signer->out, known_len);
        ok = pk_check_signatures(signer, sign, verifier, verify, known, known_len, v->alg, why,
                                 n);
        free(known);
    } else {
        ok = false;
    }
    pk_free(verifier);
    pk_free(signer);
    kat_free(&k);
    return wl_result(ok);
}

static check_result sig_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                   char *why, size_t n)
{
    const sig_def *d = ws->w->data;
    const pq_sig_vector *v = pq_sig_vector_for(d->alg);
    if (v == NULL)
        return wl_result(wl_why(why, n, "no fixed %s key compiled in", d->alg));
    return keygen_works(lib, d, api, why, n) ? pq_sig_vector_check(lib, api, v, d->sig_cap, why, n)
                                             : CHECK_FAIL;
}

/* verify times a signature made once at set-up. */
static void *sig_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                       size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    const sig_def *d = ws->w->data;
    const unsigned char *msg = rsa_test_digest;
    const pq_sig_vector *v = pq_sig_vector_for(d->alg);
    pk_state *s = sig_open(lib, d, v, api, op, msg, sizeof rsa_test_digest, NULL, loop, why, n);
    if (s == NULL || op != OP_VERIFY)
        return s;
    workload_loop sign;
    pk_state *signer = sig_open(lib, d, v, api, OP_SIGN, msg, sizeof rsa_test_digest, NULL,
                                &sign, why, n);
    bool ok = signer != NULL && (sign(signer, 1) || wl_fail(lib, why, n, "cannot sign"));
    if (ok) {
        memcpy(s->out, signer->out, signer->out_len);
        s->out_len = signer->out_len;
    }
    pk_free(signer);
    return wl_keep_if(ok, s, pk_free);
}

static const char *const sig_ops[] = {"keygen", "sign", "verify", NULL};

#define SIG_NEEDS_COMMON                                                                      \
    "EVP_PKEY_CTX_new_from_name EVP_PKEY_keygen_init EVP_PKEY_keygen EVP_PKEY_CTX_free "      \
    "EVP_PKEY_free EVP_PKEY_new_raw_private_key_ex EVP_PKEY_sign EVP_PKEY_verify EVP_Digest " \
    "EVP_sha256 "

#define SIG_LINE(id, wname, alg_, cap, varying_, doc_)                                                \
    static const sig_def id##_def = {alg_, cap};                                              \
    const workload wl_##id = {                                                                \
        .name = wname, .kind = KIND_PUBLIC_KEY, .ops = sig_ops, .doc = doc_, .since = R_350,  \
        .family = "signature", /* speed 3.5's signature table */                           \
        .varying_ops = varying_,                                                              \
        .needs = {[API_FETCH] = SIG_NEEDS_COMMON "EVP_PKEY_CTX_new_from_pkey "                \
                                "EVP_SIGNATURE_fetch EVP_SIGNATURE_free "                     \
                                "EVP_PKEY_sign_message_init EVP_PKEY_verify_message_init"},   \
        .available = sig_available, .self_check = sig_self_check, .setup = sig_setup,         \
        .teardown = pk_free, .data = &id##_def,                                               \
    }

#define MLDSA_DOC(p) "ML-DSA-" #p " (FIPS 204): one key generation / signature of a 32-byte message (fixed key, hedged) / verification"
/* Hedged signing draws fresh randomness: the rejection loop runs a varying
 * number of times per signature. */
SIG_LINE(ml_dsa_44, "ml-dsa-44", "ML-DSA-44", 2420, "sign", MLDSA_DOC(44));
SIG_LINE(ml_dsa_65, "ml-dsa-65", "ML-DSA-65", 3309, "sign", MLDSA_DOC(65));
SIG_LINE(ml_dsa_87, "ml-dsa-87", "ML-DSA-87", 4627, "sign", MLDSA_DOC(87));

#define SLH_DOC(p) p " (FIPS 205): one key generation / signature of a 32-byte message (fixed key, randomized) / verification"
#define SLH(id, wname, alg, cap) SIG_LINE(id, wname, alg, cap, NULL, SLH_DOC(alg))
SLH(slh_dsa_sha2_128s, "slh-dsa-sha2-128s", "SLH-DSA-SHA2-128s", 7856);
SLH(slh_dsa_sha2_128f, "slh-dsa-sha2-128f", "SLH-DSA-SHA2-128f", 17088);
SLH(slh_dsa_sha2_192s, "slh-dsa-sha2-192s", "SLH-DSA-SHA2-192s", 16224);
SLH(slh_dsa_sha2_192f, "slh-dsa-sha2-192f", "SLH-DSA-SHA2-192f", 35664);
SLH(slh_dsa_sha2_256s, "slh-dsa-sha2-256s", "SLH-DSA-SHA2-256s", 29792);
SLH(slh_dsa_sha2_256f, "slh-dsa-sha2-256f", "SLH-DSA-SHA2-256f", 49856);
SLH(slh_dsa_shake_128s, "slh-dsa-shake-128s", "SLH-DSA-SHAKE-128s", 7856);
SLH(slh_dsa_shake_128f, "slh-dsa-shake-128f", "SLH-DSA-SHAKE-128f", 17088);
SLH(slh_dsa_shake_192s, "slh-dsa-shake-192s", "SLH-DSA-SHAKE-192s", 16224);
SLH(slh_dsa_shake_192f, "slh-dsa-shake-192f", "SLH-DSA-SHAKE-192f", 35664);
SLH(slh_dsa_shake_256s, "slh-dsa-shake-256s", "SLH-DSA-SHAKE-256s", 29792);
SLH(slh_dsa_shake_256f, "slh-dsa-shake-256f", "SLH-DSA-SHAKE-256f", 49856);
