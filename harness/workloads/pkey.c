#include "pkey.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

pk_state *pk_new(const crypto_lib *lib, api_path api, const unsigned char *in, size_t in_len,
                 size_t out_cap, size_t secret_cap, char *why, size_t n)
{
    pk_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    *s = (pk_state){.lib = lib, .api = api, .in = in, .in_len = in_len, .out_cap = out_cap,
                    .secret_cap = secret_cap};
    bool ok = (s->out = wl_alloc(out_cap ? out_cap : 1, why, n)) != NULL &&
              (secret_cap == 0 || (s->secret = wl_alloc(secret_cap, why, n)) != NULL);
    return wl_keep_if(ok, s, pk_free);
}

void pk_free(void *state)
{
    pk_state *s = state;
    if (s == NULL)
        return;
    const crypto_lib *lib = s->lib;
    if (s->free_keys != NULL)
        s->free_keys(s);
    if (s->pctx != NULL)
        lib->fn.EVP_PKEY_CTX_free(s->pctx);
    wl_md_ctx_free(lib, s->mctx);
    if (s->alg != NULL)
        lib->fn.EVP_SIGNATURE_free(s->alg);
    if (s->pkey != NULL)
        lib->fn.EVP_PKEY_free(s->pkey);
    if (s->peer != NULL)
        lib->fn.EVP_PKEY_free(s->peer);
    free(s->out);
    free(s->secret);
    free(s->owned);
    free(s);
}

cx_EVP_PKEY *pk_private_der(const crypto_lib *lib, int type, const unsigned char *der,
                            size_t len, char *why, size_t n)
{
    const unsigned char *p = der;
    cx_EVP_PKEY *k = type != 0 ? lib->fn.d2i_PrivateKey(type, NULL, &p, (long)len)
                               : lib->fn.d2i_AutoPrivateKey(NULL, &p, (long)len);
    if (k != NULL && p == der + len)
        return k;
    if (k != NULL)
        lib->fn.EVP_PKEY_free(k);
    wl_fail(lib, why, n, "cannot parse the fixed private key");
    return NULL;
}

cx_EVP_PKEY *pk_public_der(const crypto_lib *lib, const unsigned char *der, size_t len,
                           char *why, size_t n)
{
    const unsigned char *p = der;
    cx_EVP_PKEY *k = lib->fn.d2i_PUBKEY(NULL, &p, (long)len);
    if (k != NULL && p == der + len)
        return k;
    if (k != NULL)
        lib->fn.EVP_PKEY_free(k);
    wl_fail(lib, why, n, "cannot parse the fixed peer public key");
    return NULL;
}

pk_state *pk_fixed_keys(const crypto_lib *lib, const pk_fixed *f, api_path api,
                        const unsigned char *in, size_t in_len, char *why, size_t n)
{
    const pkey_vector *v = f->vec;
    pk_state *s = pk_new(lib, api, in, in_len, f->out_cap, 0, why, n);
    bool ok = s != NULL &&
              (api == API_LEGACY
                   ? f->legacy_open(s, v, why, n)
                   : (s->pkey = pk_private_der(lib, f->type, v->key, v->key_len, why, n)) &&
                         (v->peer == NULL ||
                          (s->peer = pk_public_der(lib, v->peer, v->peer_len, why, n))));
    return wl_keep_if(ok, s, pk_free);
}

check_result pk_fixed_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                char *why, size_t n)
{
    const pk_fixed *f = ws->w->data;
    pk_state *s = pk_fixed_keys(lib, f, api, NULL, 0, why, n);
    pk_free(s);
    return pk_algorithm_check(lib, s != NULL, f->title, why, n);
}

cx_EVP_PKEY *pk_raw_private_key(const crypto_lib *lib, const char *alg, const char *hex,
                                char *why, size_t n)
{
    size_t len;
    unsigned char *raw = pk_unhex(hex, &len, why, n);
    if (raw == NULL)
        return NULL;
    cx_EVP_PKEY *k = lib->fn.EVP_PKEY_new_raw_private_key_ex(NULL, alg, NULL, raw, len);
    free(raw);
    if (k == NULL) {
        char what[64];
        snprintf(what, sizeof what, "cannot import the fixed %s key", alg);
        wl_fail(lib, why, n, what);
    }
    return k;
}

check_result pk_key_available(const crypto_lib *lib, cx_EVP_PKEY *k, const char *what,
                              char *why, size_t n)
{
    if (k != NULL)
        lib->fn.EVP_PKEY_free(k);
    return pk_algorithm_check(lib, k != NULL, what, why, n);
}

static bool init_for(pk_state *s, pk_op op, const cx_OSSL_PARAM *params)
{
    const crypto_fns *f = &s->lib->fn;
    switch (op) {
    case PK_SIGN:
        return f->EVP_PKEY_sign_init(s->pctx) == 1;
    case PK_VERIFY:
        return f->EVP_PKEY_verify_init(s->pctx) == 1;
    case PK_DERIVE:
        return f->EVP_PKEY_derive_init(s->pctx) == 1 &&
               f->EVP_PKEY_derive_set_peer(s->pctx, s->peer) == 1;
    case PK_ENCAPS:
        return f->EVP_PKEY_encapsulate_init(s->pctx, params) == 1;
    case PK_DECAPS:
        return f->EVP_PKEY_decapsulate_init(s->pctx, params) == 1;
    }
    return false;
}

check_result pk_ctx_open(pk_state *s, pk_op op, const cx_OSSL_PARAM *params, char *why,
                         size_t n)
{
    const crypto_lib *lib = s->lib;
    s->pctx = s->api == API_FETCH ? lib->fn.EVP_PKEY_CTX_new_from_pkey(NULL, s->pkey, NULL)
                                  : lib->fn.EVP_PKEY_CTX_new(s->pkey, NULL);
    if (s->pctx == NULL)
        return wl_refused(lib, why, n, "cannot create the EVP_PKEY_CTX");
    static const char *const names[] = {"sign", "verify", "derive", "encapsulate",
                                        "decapsulate"};
    char what[64];
    snprintf(what, sizeof what, "EVP_PKEY_%s_init failed", names[op]);
    return wl_result(init_for(s, op, params) || wl_fail(lib, why, n, what));
}

bool pk_message_ctx_open(pk_state *s, const char *name, pk_op op, const cx_OSSL_PARAM *params,
                         char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    if ((s->alg = lib->fn.EVP_SIGNATURE_fetch(NULL, name, NULL)) == NULL)
        return wl_fail(lib, why, n, "EVP_SIGNATURE_fetch failed");
    if ((s->pctx = lib->fn.EVP_PKEY_CTX_new_from_pkey(NULL, s->pkey, NULL)) == NULL)
        return wl_fail(lib, why, n, "cannot create the EVP_PKEY_CTX");
    int rc = op == PK_SIGN ? lib->fn.EVP_PKEY_sign_message_init(s->pctx, s->alg, params)
                           : lib->fn.EVP_PKEY_verify_message_init(s->pctx, s->alg, params);
    return rc == 1 || wl_fail(lib, why, n, op == PK_SIGN ? "EVP_PKEY_sign_message_init failed"
                                                         : "EVP_PKEY_verify_message_init failed");
}

/* --- timed loops ---------------------------------------------------------- */

bool pk_sign_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*sign)(cx_EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t) =
        s->lib->fn.EVP_PKEY_sign;
    size_t len = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        len = s->out_cap;
        if (sign(s->pctx, s->out, &len, s->in, s->in_len) != 1)
            return false;
    }
    s->out_len = len;
    return true;
}

bool pk_verify_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*verify)(cx_EVP_PKEY_CTX *, const unsigned char *, size_t, const unsigned char *,
                  size_t) = s->lib->fn.EVP_PKEY_verify;
    for (uint64_t i = 0; i < iterations; i++)
        if (verify(s->pctx, s->out, s->out_len, s->in, s->in_len) != 1)
            return false;
    return true;
}

bool pk_derive_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*derive)(cx_EVP_PKEY_CTX *, unsigned char *, size_t *) = s->lib->fn.EVP_PKEY_derive;
    size_t len = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        len = s->out_cap;
        if (derive(s->pctx, s->out, &len) != 1)
            return false;
    }
    s->out_len = len;
    return true;
}

bool pk_encaps_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*encaps)(cx_EVP_PKEY_CTX *, unsigned char *, size_t *, unsigned char *, size_t *) =
        s->lib->fn.EVP_PKEY_encapsulate;
    size_t clen = 0, slen = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        clen = s->out_cap;
        slen = s->secret_cap;
        if (encaps(s->pctx, s->out, &clen, s->secret, &slen) != 1)
            return false;
    }
    s->out_len = clen;
    s->secret_len = slen;
    return true;
}

bool pk_decaps_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*decaps)(cx_EVP_PKEY_CTX *, unsigned char *, size_t *, const unsigned char *, size_t) =
        s->lib->fn.EVP_PKEY_decapsulate;
    size_t len = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        len = s->out_cap;
        if (decaps(s->pctx, s->out, &len, s->in, s->in_len) != 1)
            return false;
    }
    s->out_len = len;
    return true;
}

/* As `openssl speed` of 3.x times EdDSA: the context is initialised again
 * for every signature (a 3.x context is finalised by a one-shot call). */
bool pk_digestsign_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*init)(cx_EVP_MD_CTX *, cx_EVP_PKEY_CTX **, const cx_EVP_MD *, cx_ENGINE *,
                cx_EVP_PKEY *) = s->lib->fn.EVP_DigestSignInit;
    int (*sign)(cx_EVP_MD_CTX *, unsigned char *, size_t *, const unsigned char *, size_t) =
        s->lib->fn.EVP_DigestSign;
    size_t len = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        len = s->out_cap;
        if (init(s->mctx, NULL, NULL, NULL, s->pkey) != 1 ||
            sign(s->mctx, s->out, &len, s->in, s->in_len) != 1)
            return false;
    }
    s->out_len = len;
    return true;
}

bool pk_digestverify_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*init)(cx_EVP_MD_CTX *, cx_EVP_PKEY_CTX **, const cx_EVP_MD *, cx_ENGINE *,
                cx_EVP_PKEY *) = s->lib->fn.EVP_DigestVerifyInit;
    int (*verify)(cx_EVP_MD_CTX *, const unsigned char *, size_t, const unsigned char *,
                  size_t) = s->lib->fn.EVP_DigestVerify;
    for (uint64_t i = 0; i < iterations; i++)
        if (init(s->mctx, NULL, NULL, NULL, s->pkey) != 1 ||
            verify(s->mctx, s->out, s->out_len, s->in, s->in_len) != 1)
            return false;
    return true;
}

/* --- known answers --------------------------------------------------------- */

/* One bit of the signature in v->out flipped must fail verification, and
 * the context must verify the intact one again afterwards. */
static bool rejects_flipped(pk_state *v, workload_loop verify, const char *what, char *why,
                            size_t n)
{
    size_t at = v->out_len / 2;
    v->out[at] ^= 0x10;
    bool accepted = verify(v, 1);
    crypto_lib_last_error(v->lib); /* drop the expected verify error */
    v->out[at] ^= 0x10;
    if (accepted)
        return wl_why(why, n, "%s: verify accepted a signature with a flipped bit", what);
    if (!verify(v, 1))
        return wl_why(why, n, "%s: verify fails after rejecting a signature", what);
    return true;
}

bool pk_check_signatures(pk_state *signer, workload_loop sign, pk_state *verifier,
                         workload_loop verify, const unsigned char *known, size_t known_len,
                         const char *what, char *why, size_t n)
{
    const crypto_lib *lib = verifier->lib;
    if (known_len > verifier->out_cap)
        return wl_why(why, n, "%s: the known signature does not fit", what);
    memcpy(verifier->out, known, known_len);
    verifier->out_len = known_len;
    char step[96];
    snprintf(step, sizeof step, "%s: verify of the known-good signature failed", what);
    for (int round = 0; round < 2; round++)
        if (!verify(verifier, 1))
            return wl_fail(lib, why, n, step);
    if (!rejects_flipped(verifier, verify, what, why, n))
        return false;
    for (int round = 0; round < 2; round++) {
        snprintf(step, sizeof step, "%s: sign failed", what);
        if (!sign(signer, 1))
            return wl_fail(lib, why, n, step);
        if (signer->out_len == 0 || signer->out_len > verifier->out_cap)
            return wl_why(why, n, "%s: signature of %zu bytes", what, signer->out_len);
        memcpy(verifier->out, signer->out, signer->out_len);
        verifier->out_len = signer->out_len;
        snprintf(step, sizeof step, "%s: a fresh signature does not verify", what);
        if (!verify(verifier, 1))
            return wl_fail(lib, why, n, step);
    }
    return rejects_flipped(verifier, verify, what, why, n);
}

check_result pk_algorithm_check(const crypto_lib *lib, bool usable, const char *what,
                                char *why, size_t n)
{
    if (usable)
        return CHECK_PASS;
    const char *err = crypto_lib_last_error(lib);
    wl_why(why, n, "%s is not provided by this build%s%s", what, err[0] ? ": " : "", err);
    return CHECK_UNAVAILABLE;
}

cx_OSSL_PARAM pk_param_octets(const char *key, const void *data, size_t len)
{
    return (cx_OSSL_PARAM){key, CX_OSSL_PARAM_OCTET_STRING, (void *)data, len, (size_t)-1};
}

cx_OSSL_PARAM pk_param_int(const char *key, int *value)
{
    return (cx_OSSL_PARAM){key, CX_OSSL_PARAM_INTEGER, value, sizeof *value, (size_t)-1};
}

unsigned char *pk_unhex(const char *hex, size_t *len, char *why, size_t n)
{
    size_t cap = strlen(hex) / 2;
    unsigned char *b = wl_alloc(cap ? cap : 1, why, n);
    if (b == NULL)
        return NULL;
    if ((*len = wl_hex_decode(hex, b, cap)) == (size_t)-1) {
        free(b);
        wl_why(why, n, "malformed compiled-in vector");
        return NULL;
    }
    return b;
}
