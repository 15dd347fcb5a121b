/* rsa-enc<bits>, rsa-oaep<bits>: RSA encryption of a 32-byte secret (the
 * bytes of rsa_test_digest, a session key's size) with the public key / its
 * decryption with the private key, as `openssl speed rsa` of 3.5 times
 * "encrypt" and "decrypt".
 *   rsa-enc   PKCS#1 v1.5 padding (speed's)
 *   rsa-oaep  OAEP with every release's default SHA-1 and MGF1-SHA-1
 * Paths: legacy RSA_public_encrypt / RSA_private_decrypt; evp
 * EVP_PKEY_encrypt / decrypt on a context made once with EVP_PKEY_CTX_new
 * (1.0.0+); fetch the same with EVP_PKEY_CTX_new_from_pkey (3.0+).  Keys:
 * rsa_key.c, as rsa<bits>.  Known answers, fixed keys: the ciphertexts of
 * rsa_ciphertexts.c decrypt to the secret; every size: fresh encryptions
 * decrypt to it and a corrupted ciphertext does not (an error, or from 3.2
 * on with PKCS#1 v1.5 the implicit rejection's random message). */
#include "rsa_ciphertexts.h"
#include "rsa_key.h"

#include <stdlib.h>
#include <string.h>


enum { OP_ENCRYPT, OP_DECRYPT };

typedef struct {
    const crypto_lib *lib;
    int pad; /* RSA_*_PADDING */
    cx_RSA *rsa;
    bool rsa_owned;
    cx_EVP_PKEY *pkey;
    cx_EVP_PKEY_CTX *pctx;
    const unsigned char *in; /* encrypt: the secret; decrypt: `ct` */
    size_t in_len;
    unsigned char *out, *ct;
    size_t cap, out_len;
} enc_state;

static bool legacy_encrypt_loop(void *p, uint64_t iterations)
{
    enc_state *s = p;
    int (*enc)(int, const unsigned char *, unsigned char *, cx_RSA *, int) =
        s->lib->fn.RSA_public_encrypt;
    int len = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if ((len = enc((int)s->in_len, s->in, s->out, s->rsa, s->pad)) <= 0)
            return false;
    s->out_len = (size_t)len;
    return true;
}

static bool legacy_decrypt_loop(void *p, uint64_t iterations)
{
    enc_state *s = p;
    int (*dec)(int, const unsigned char *, unsigned char *, cx_RSA *, int) =
        s->lib->fn.RSA_private_decrypt;
    int len = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if ((len = dec((int)s->in_len, s->in, s->out, s->rsa, s->pad)) < 0)
            return false;
    s->out_len = (size_t)len;
    return true;
}

/* EVP_PKEY_encrypt and EVP_PKEY_decrypt have one type. */
static bool evp_loop(enc_state *s, uint64_t iterations,
                     int (*op)(cx_EVP_PKEY_CTX *, unsigned char *, size_t *,
                               const unsigned char *, size_t))
{
    size_t len = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        len = s->cap;
        if (op(s->pctx, s->out, &len, s->in, s->in_len) != 1)
            return false;
    }
    s->out_len = len;
    return true;
}

static bool evp_encrypt_loop(void *p, uint64_t iterations)
{
    enc_state *s = p;
    return evp_loop(s, iterations, s->lib->fn.EVP_PKEY_encrypt);
}

static bool evp_decrypt_loop(void *p, uint64_t iterations)
{
    enc_state *s = p;
    return evp_loop(s, iterations, s->lib->fn.EVP_PKEY_decrypt);
}

static void enc_teardown(void *p)
{
    enc_state *s = p;
    if (s == NULL)
        return;
    const crypto_fns *f = &s->lib->fn;
    if (s->pctx != NULL)
        f->EVP_PKEY_CTX_free(s->pctx);
    if (s->pkey != NULL)
        f->EVP_PKEY_free(s->pkey);
    if (s->rsa != NULL && s->rsa_owned)
        f->RSA_free(s->rsa);
    free(s->out);
    free(s->ct);
    free(s);
}

static bool pkey_ctx_open(enc_state *s, api_path api, int op, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    if ((s->pkey = f->EVP_PKEY_new()) == NULL || f->EVP_PKEY_set1_RSA(s->pkey, s->rsa) != 1)
        return wl_fail(s->lib, why, n, "cannot wrap the RSA key in an EVP_PKEY");
    s->pctx = api == API_FETCH ? f->EVP_PKEY_CTX_new_from_pkey(NULL, s->pkey, NULL)
                               : f->EVP_PKEY_CTX_new(s->pkey, NULL);
    if (s->pctx == NULL)
        return wl_fail(s->lib, why, n, "cannot create the EVP_PKEY_CTX");
    int rc = op == OP_ENCRYPT ? f->EVP_PKEY_encrypt_init(s->pctx)
                              : f->EVP_PKEY_decrypt_init(s->pctx);
    if (rc != 1)
        return wl_fail(s->lib, why, n, "EVP_PKEY_encrypt_init / decrypt_init failed");
    rc = f->EVP_PKEY_CTX_set_rsa_padding != NULL /* 3.0+; before, the macro's ctrl */
             ? f->EVP_PKEY_CTX_set_rsa_padding(s->pctx, s->pad)
             : f->EVP_PKEY_CTX_ctrl(s->pctx, CX_EVP_PKEY_RSA, -1, CX_EVP_PKEY_CTRL_RSA_PADDING,
                                    s->pad, NULL);
    return rc > 0 || wl_fail(s->lib, why, n, "cannot set the RSA padding");
}

/* decrypt: `ct` (NULL: an encryption of the secret made here) */
static enc_state *enc_open(const crypto_lib *lib, const workload_spec *ws, api_path api,
                           int op, const unsigned char *ct, size_t ct_len, workload_loop *loop,
                           char *why, size_t n)
{
    static const workload_loop loops[API_COUNT][2] = {
        [API_LEGACY] = {legacy_encrypt_loop, legacy_decrypt_loop},
        [API_EVP] = {evp_encrypt_loop, evp_decrypt_loop},
        [API_FETCH] = {evp_encrypt_loop, evp_decrypt_loop},
    };
    enc_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    s->pad = *(const int *)ws->w->data;
    s->in = rsa_test_digest;
    s->in_len = sizeof rsa_test_digest;
    *loop = loops[api][op];
    bool ok = (s->rsa = rsa_key_for(lib, ws->param, &s->rsa_owned, why, n)) != NULL;
    int size = ok ? lib->fn.RSA_size(s->rsa) : 0;
    if (ok && (size <= 0 || size > 2048))
        ok = wl_why(why, n, "implausible RSA_size %d", size);
    s->cap = (size_t)size;
    ok = ok && (s->out = wl_alloc(s->cap, why, n)) && (s->ct = wl_alloc(s->cap, why, n));
    ok = ok && (api == API_LEGACY || pkey_ctx_open(s, api, op, why, n));
    if (ok && op == OP_DECRYPT) {
        enc_state *e = NULL;
        if (ct == NULL) { /* an encryption of the secret, made once */
            workload_loop enc;
            e = enc_open(lib, ws, api, OP_ENCRYPT, NULL, 0, &enc, why, n);
            ok = e != NULL && (enc(e, 1) || wl_fail(lib, why, n, "cannot encrypt"));
            if (ok)
                ct = e->out, ct_len = e->out_len;
        }
        ok = ok && (ct_len <= s->cap || wl_why(why, n, "ciphertext of %zu bytes", ct_len));
        if (ok) {
            memcpy(s->ct, ct, ct_len);
            s->in = s->ct;
            s->in_len = ct_len;
        }
        enc_teardown(e);
    }
    return wl_keep_if(ok, s, enc_teardown);
}

/* Decrypting `ct` through the timed loop gives the secret (`expect`), or
 * with a corrupted ciphertext (!expect) does not. */
static bool decrypts(const crypto_lib *lib, const workload_spec *ws, api_path api,
                     const unsigned char *ct, size_t len, bool expect, char *why, size_t n)
{
    workload_loop dec;
    enc_state *s = enc_open(lib, ws, api, OP_DECRYPT, ct, len, &dec, why, n);
    bool ok = s != NULL, ran = ok && dec(s, 1);
    crypto_lib_last_error(lib);
    bool got = ran && s->out_len == sizeof rsa_test_digest &&
               memcmp(s->out, rsa_test_digest, sizeof rsa_test_digest) == 0;
    if (ok && got != expect)
        ok = expect ? wl_why(why, n, "%s: a ciphertext does not decrypt to the secret", ws->name)
                    : wl_why(why, n, "%s: a corrupted ciphertext decrypts", ws->name);
    enc_teardown(s);
    return ok;
}

static check_result enc_self_check(const crypto_lib *lib, const workload_spec *ws,
                                   api_path api, char *why, size_t n)
{
    int which = *(const int *)ws->w->data == CX_RSA_PKCS1_PADDING ? RSA_CT_PKCS1 : RSA_CT_OAEP;
    for (size_t i = 0; i < rsa_test_ciphertext_count; i++)
        if (rsa_test_ciphertexts[i].bits == ws->param &&
            !decrypts(lib, ws, api, rsa_test_ciphertexts[i].ct[which],
                      rsa_test_ciphertexts[i].len[which], true, why, n))
            return CHECK_FAIL;
    workload_loop enc;
    enc_state *e = enc_open(lib, ws, api, OP_ENCRYPT, NULL, 0, &enc, why, n);
    bool ok = e != NULL;
    for (int round = 0; round < 2 && ok; round++)
        ok = (enc(e, 1) || wl_fail(lib, why, n, "encrypt failed")) &&
             decrypts(lib, ws, api, e->out, e->out_len, true, why, n);
    if (ok) {
        e->out[e->out_len / 2] ^= 0x10;
        ok = decrypts(lib, ws, api, e->out, e->out_len, false, why, n);
    }
    enc_teardown(e);
    return wl_result(ok);
}

static void *enc_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                       size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    return enc_open(lib, ws, api, op, NULL, 0, loop, why, n);
}

static const char *const enc_ops[] = {"encrypt", "decrypt", NULL};
static const int enc_members[] = {1024, 2048, 3072, 4096, 7680, 0};
static const int pkcs1 = CX_RSA_PKCS1_PADDING, oaep = CX_RSA_PKCS1_OAEP_PADDING;

#define ENC_EVP_NEEDS                                                                         \
    RSA_KEY_NEEDS "EVP_PKEY_new EVP_PKEY_set1_RSA EVP_PKEY_free EVP_PKEY_CTX_free "           \
                  "EVP_PKEY_encrypt_init EVP_PKEY_encrypt EVP_PKEY_decrypt_init "             \
                  "EVP_PKEY_decrypt "
#define ENC_WORKLOAD(wname, doc_, padding)                                                    \
    {                                                                                          \
        .name = wname, .kind = KIND_PUBLIC_KEY, .ops = enc_ops, .doc = doc_, .param = 2048,   \
        .family = "rsa", .param_min = 512, .param_max = 16384, .members = enc_members,                         \
        .needs = {[API_LEGACY] = RSA_KEY_NEEDS "RSA_public_encrypt RSA_private_decrypt",      \
                  [API_EVP] = "EVP_PKEY_CTX_new " ENC_EVP_NEEDS                                \
                              "EVP_PKEY_CTX_set_rsa_padding|EVP_PKEY_CTX_ctrl",                \
                  [API_FETCH] = "EVP_PKEY_CTX_new_from_pkey EVP_PKEY_CTX_set_rsa_padding "     \
                                ENC_EVP_NEEDS},                                                \
        .available = rsa_key_available, .self_check = enc_self_check, .setup = enc_setup,     \
        .teardown = enc_teardown, .data = &padding,                                            \
    }

const workload wl_rsa_enc = ENC_WORKLOAD(
    "rsa-enc", "one PKCS#1 v1.5 encryption of a 32-byte secret / one decryption of it", pkcs1);
const workload wl_rsa_oaep = ENC_WORKLOAD(
    "rsa-oaep", "one OAEP (SHA-1) encryption of a 32-byte secret / one decryption of it", oaep);
