/* The AEAD family's EVP paths: EVP_EncryptInit_ex(cipher, key) once; per
 * operation EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, nonce), the AAD
 * through EVP_EncryptUpdate(ctx, NULL, ...), the block, EVP_EncryptFinal_ex
 * and EVP_CTRL_AEAD_GET_TAG, as `openssl speed -aead` does. */
#include "aead.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const aead_ops[] = {"encrypt", NULL};

bool aead_evp_loop(void *p, uint64_t iterations)
{
    aead_state *s = p;
    const crypto_lib *lib = s->lib;
    int (*init)(cx_EVP_CIPHER_CTX *, const cx_EVP_CIPHER *, cx_ENGINE *, const unsigned char *,
                const unsigned char *) = lib->fn.EVP_EncryptInit_ex;
    int (*update)(cx_EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int) =
        lib->fn.EVP_EncryptUpdate;
    int (*final)(cx_EVP_CIPHER_CTX *, unsigned char *, int *) = lib->fn.EVP_EncryptFinal_ex;
    int (*ctrl)(cx_EVP_CIPHER_CTX *, int, int, void *) = lib->fn.EVP_CIPHER_CTX_ctrl;
    cx_EVP_CIPHER_CTX *ctx = s->evp.ctx;
    const unsigned char *in = s->in, *aad = s->aad, *iv = s->nonce, *rekey = s->rekey;
    unsigned char *out = s->out, *tag = s->tag;
    int len = (int)s->len, aadlen = (int)s->aadlen, outl, finl;
    bool announce = s->announce_len;
    for (uint64_t i = 0; i < iterations; i++)
        if (init(ctx, NULL, NULL, rekey, iv) != 1 ||
            (announce && update(ctx, NULL, &outl, NULL, len) != 1) ||
            (aadlen > 0 && update(ctx, NULL, &outl, aad, aadlen) != 1) ||
            update(ctx, out, &outl, in, len) != 1 || final(ctx, out + outl, &finl) != 1 ||
            outl + finl != len || ctrl(ctx, CX_EVP_CTRL_AEAD_GET_TAG, AEAD_TAG_BYTES, tag) != 1)
            return false;
    return true;
}

void aead_teardown(void *p)
{
    aead_state *s = p;
    if (s == NULL)
        return;
    cipher_ctx_free(s->lib, &s->evp);
    free(s);
}

/* Cipher and key, once (the default nonce length is 12 bytes). */
static aead_state *aead_open(const crypto_lib *lib, const aead_def *d, api_path api,
                             const unsigned char *key, workload_loop *loop, char *why, size_t n)
{
    if (api != API_EVP && api != API_FETCH)
        return wl_why(why, n, "%s has no %s call", d->title, api_name(api)), NULL;
    aead_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    s->nonce = s->iv;
    *loop = aead_evp_loop;
    return wl_keep_if(cipher_ctx_open(lib, &s->evp, api, d->evp_cipher, d->fetch_name, key, NULL,
                                      false, "AEAD", why, n),
                      s, aead_teardown);
}

static bool check_vector(const crypto_lib *lib, const aead_def *d, api_path api,
                         const aead_kat *k, char *why, size_t n)
{
    unsigned char key[32], aad[64], pt[320], ct[320]; /* RFC 7539 A.5: 265 bytes */
    aead_state probe;
    size_t klen = wl_hex_decode(k->key, key, sizeof key);
    size_t ivlen = wl_hex_decode(k->iv, probe.iv, sizeof probe.iv);
    size_t aadlen = wl_hex_decode(k->aad, aad, sizeof aad);
    size_t len = wl_hex_decode(k->pt, pt, sizeof pt);
    if (klen != d->keylen || ivlen != sizeof probe.iv || aadlen == (size_t)-1 || len == (size_t)-1)
        return wl_why(why, n, "%s: malformed known-answer vector", k->name);
    workload_loop loop;
    aead_state *s = aead_open(lib, d, api, key, &loop, why, n);
    if (s == NULL)
        return false;
    memcpy(s->iv, probe.iv, sizeof s->iv);
    s->in = pt, s->len = len, s->aad = aad, s->aadlen = aadlen, s->out = ct;
    char what[96];
    bool ok = true;
    /* Twice on one context: re-setting the nonce must restart cleanly. */
    for (int round = 0; round < 2 && ok; round++) {
        memset(ct, 0, sizeof ct);
        memset(s->tag, 0, sizeof s->tag);
        if (!loop(s, 1))
            ok = wl_fail(lib, why, n, "AEAD encryption failed");
        snprintf(what, sizeof what, "%s %s ciphertext", d->title, k->name);
        ok = ok && wl_kat_compare(what, ct, len, k->ct, why, n);
        snprintf(what, sizeof what, "%s %s tag", d->title, k->name);
        ok = ok && wl_kat_compare(what, s->tag, AEAD_TAG_BYTES, k->tag, why, n);
    }
    aead_teardown(s);
    return ok;
}

void aead_output(const void *p, workload_output *o)
{
    const aead_state *s = p;
    *o = (workload_output){.part = {s->out, s->tag}, .len = {s->len, AEAD_TAG_BYTES}};
}

check_result aead_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                             char *why, size_t n)
{
    const aead_def *d = ws->w->data;
    for (size_t k = 0; k < sizeof d->kat / sizeof d->kat[0] && d->kat[k].name != NULL; k++)
        if (!check_vector(lib, d, api, &d->kat[k], why, n))
            return CHECK_FAIL;
    return CHECK_PASS;
}

void *aead_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                 size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op; /* one operation: encrypt */
    const aead_def *d = ws->w->data;
    if (bytes > INT_MAX - 64)
        return wl_why(why, n, "block size %zu is too large for EVP_EncryptUpdate", bytes), NULL;
    unsigned char key[32];
    wl_fill_pattern(key, sizeof key, 0x4b455922u);
    aead_state *s = aead_open(lib, d, api, key, loop, why, n);
    if (s == NULL)
        return NULL;
    wl_fill_pattern(s->iv, sizeof s->iv, 0x49562122u);
    wl_fill_pattern(s->aadbuf, sizeof s->aadbuf, 0x41414421u);
    s->aad = s->aadbuf;
    s->aadlen = AEAD_AAD_BYTES;
    s->len = bytes;
    bool ok = cipher_ctx_buffers(&s->evp, bytes, 0x47434d21u, why, n);
    s->in = s->evp.block;
    s->out = s->evp.outbuf;
    return wl_keep_if(ok, s, aead_teardown);
}
