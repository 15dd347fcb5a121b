/* evp:NAME's cipher shapes: the context keyed once, the timed loops of a
 * plain cipher, an AEAD and CCM (which must be told the text length before
 * the AAD), and the decryption the self-check's round trip needs. */
#include "evp_named.h"

#include <limits.h>
#include <string.h>

typedef int init_fn(cx_EVP_CIPHER_CTX *, const cx_EVP_CIPHER *, cx_ENGINE *,
                    const unsigned char *, const unsigned char *);
typedef int update_fn(cx_EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
typedef int final_fn(cx_EVP_CIPHER_CTX *, unsigned char *, int *);
typedef int ctrl_fn(cx_EVP_CIPHER_CTX *, int, int, void *);

static bool cipher_loop(void *p, uint64_t iterations)
{
    en_state *s = p;
    update_fn *update = s->lib->fn.EVP_EncryptUpdate;
    cx_EVP_CIPHER_CTX *ctx = s->ctx;
    const unsigned char *in = s->in;
    unsigned char *out = s->out;
    int len = (int)s->len, outl;
    for (uint64_t i = 0; i < iterations; i++)
        if (update(ctx, out, &outl, in, len) != 1 || outl != len)
            return false;
    return true;
}

static bool aead_loop(void *p, uint64_t iterations)
{
    en_state *s = p;
    const crypto_lib *lib = s->lib;
    init_fn *init = lib->fn.EVP_EncryptInit_ex;
    update_fn *update = lib->fn.EVP_EncryptUpdate;
    final_fn *final = lib->fn.EVP_EncryptFinal_ex;
    ctrl_fn *ctrl = lib->fn.EVP_CIPHER_CTX_ctrl;
    cx_EVP_CIPHER_CTX *ctx = s->ctx;
    const unsigned char *in = s->in, *aad = s->aad, *nonce = s->nonce, *rekey = s->rekey;
    unsigned char *out = s->out, *tag = s->tag;
    int len = (int)s->len, outl, finl;
    for (uint64_t i = 0; i < iterations; i++)
        if (init(ctx, NULL, NULL, rekey, nonce) != 1 ||
            update(ctx, NULL, &outl, aad, EN_AAD_BYTES) != 1 ||
            update(ctx, out, &outl, in, len) != 1 || final(ctx, out + outl, &finl) != 1 ||
            outl + finl != len || ctrl(ctx, CX_EVP_CTRL_AEAD_GET_TAG, EN_TAG_BYTES, tag) != 1)
            return false;
    return true;
}

static bool ccm_loop(void *p, uint64_t iterations)
{
    en_state *s = p;
    const crypto_lib *lib = s->lib;
    init_fn *init = lib->fn.EVP_EncryptInit_ex;
    update_fn *update = lib->fn.EVP_EncryptUpdate;
    final_fn *final = lib->fn.EVP_EncryptFinal_ex;
    ctrl_fn *ctrl = lib->fn.EVP_CIPHER_CTX_ctrl;
    cx_EVP_CIPHER_CTX *ctx = s->ctx;
    const unsigned char *in = s->in, *aad = s->aad, *nonce = s->nonce;
    unsigned char *out = s->out, *tag = s->tag;
    int len = (int)s->len, outl, finl;
    for (uint64_t i = 0; i < iterations; i++)
        if (init(ctx, NULL, NULL, NULL, nonce) != 1 || update(ctx, NULL, &outl, NULL, len) != 1 ||
            update(ctx, NULL, &outl, aad, EN_AAD_BYTES) != 1 ||
            update(ctx, out, &outl, in, len) != 1 || final(ctx, out + outl, &finl) != 1 ||
            ctrl(ctx, CX_EVP_CTRL_AEAD_GET_TAG, EN_TAG_BYTES, tag) != 1)
            return false;
    return true;
}

/* The cipher's sizes and mode; false when evp:NAME cannot drive it. */
static bool describe(en_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    s->keylen = lib->fn.EVP_CIPHER_get_key_length(s->cipher);
    s->ivlen = lib->fn.EVP_CIPHER_get_iv_length(s->cipher);
    s->block = lib->fn.EVP_CIPHER_get_block_size(s->cipher);
    unsigned long flags = lib->fn.EVP_CIPHER_get_flags(s->cipher);
    s->mode = flags & CX_EVP_CIPH_MODE;
    if (s->keylen <= 0 || s->keylen > (int)sizeof s->key || s->ivlen < 0 ||
        s->ivlen > (int)sizeof s->iv || s->block <= 0)
        return wl_why(why, n, "evp:%s: a %d-byte key and %d-byte IV do not fit", s->name,
                      s->keylen, s->ivlen);
    if ((flags & CX_EVP_CIPH_FLAG_AEAD_CIPHER) == 0)
        s->shape = EN_CIPHER;
    else
        s->shape = s->mode == CX_EVP_CIPH_CCM_MODE ? EN_CCM : EN_AEAD;
    if (s->shape == EN_CCM)
        s->ivlen = EN_CCM_NONCE_BYTES;
    s->nonce = s->ivlen > 0 ? s->iv : NULL;
    /* SIV takes no nonce: its context is keyed anew for each message */
    s->rekey = s->mode == CX_EVP_CIPH_SIV_MODE ? s->key : NULL;
    if (s->len > INT_MAX - 64)
        return wl_why(why, n, "block size %zu is too large for EVP_EncryptUpdate", s->len);
    if (s->shape == EN_CIPHER && s->block > 1 && s->len % (size_t)s->block != 0)
        return wl_why(why, n, "evp:%s needs a block size that is a multiple of %d", s->name,
                      s->block);
    if (s->mode == CX_EVP_CIPH_XTS_MODE && s->len < 16)
        return wl_why(why, n, "evp:%s needs blocks of at least 16 bytes", s->name);
    return true;
}

/* ctx initialised with the cipher, CCM's nonce and tag lengths set, then
 * keyed (AEAD: no nonce yet); `init` and `ctrl` of the direction. */
static bool key_ctx(const en_state *s, cx_EVP_CIPHER_CTX *ctx, init_fn *init,
                    const unsigned char *tag)
{
    ctrl_fn *ctrl = s->lib->fn.EVP_CIPHER_CTX_ctrl;
    const unsigned char *iv = s->shape == EN_CIPHER ? s->nonce : NULL;
    if (s->shape != EN_CCM)
        return init(ctx, s->cipher, NULL, s->key, iv) == 1;
    return init(ctx, s->cipher, NULL, NULL, NULL) == 1 &&
           ctrl(ctx, CX_EVP_CTRL_AEAD_SET_IVLEN, EN_CCM_NONCE_BYTES, NULL) == 1 &&
           ctrl(ctx, CX_EVP_CTRL_AEAD_SET_TAG, EN_TAG_BYTES, (void *)tag) == 1 &&
           init(ctx, NULL, NULL, s->key, NULL) == 1;
}

bool en_cipher_open(en_state *s, workload_loop *loop, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    if (!describe(s, why, n))
        return false;
    *loop = s->shape == EN_CIPHER ? cipher_loop : s->shape == EN_CCM ? ccm_loop : aead_loop;
    if ((s->ctx = lib->fn.EVP_CIPHER_CTX_new()) == NULL ||
        !key_ctx(s, s->ctx, lib->fn.EVP_EncryptInit_ex, NULL) ||
        (s->shape == EN_CIPHER && lib->fn.EVP_CIPHER_CTX_set_padding(s->ctx, 0) != 1))
        return wl_fail(lib, why, n, "cannot set up the cipher context");
    return true;
}

static int decrypt_on(const en_state *s, cx_EVP_CIPHER_CTX *ctx, const unsigned char *ct,
                      size_t len, const unsigned char *tag, unsigned char *pt)
{
    const crypto_lib *lib = s->lib;
    update_fn *update = lib->fn.EVP_DecryptUpdate;
    ctrl_fn *ctrl = lib->fn.EVP_CIPHER_CTX_ctrl;
    int outl = 0, finl = 0, ilen = (int)len;
    if (!key_ctx(s, ctx, lib->fn.EVP_DecryptInit_ex, tag))
        return -1;
    if (s->shape == EN_CIPHER)
        return lib->fn.EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 &&
                       update(ctx, pt, &outl, ct, ilen) == 1 && outl == ilen
                   ? 1
                   : -1;
    if (lib->fn.EVP_DecryptInit_ex(ctx, NULL, NULL, NULL, s->nonce) != 1)
        return -1;
    if (s->shape == EN_CCM) /* the tag is checked with the text */
        return update(ctx, NULL, &outl, NULL, ilen) == 1 &&
                       update(ctx, NULL, &outl, s->aad, EN_AAD_BYTES) == 1 &&
                       update(ctx, pt, &outl, ct, ilen) == 1
                   ? 1
                   : 0;
    if (ctrl(ctx, CX_EVP_CTRL_AEAD_SET_TAG, EN_TAG_BYTES, (void *)tag) != 1 ||
        update(ctx, NULL, &outl, s->aad, EN_AAD_BYTES) != 1)
        return -1;
    if (update(ctx, pt, &outl, ct, ilen) != 1)
        return 0;
    return lib->fn.EVP_DecryptFinal_ex(ctx, pt + outl, &finl) == 1 && outl + finl == ilen ? 1 : 0;
}

int en_decrypt(const en_state *s, const unsigned char *ct, size_t len, const unsigned char *tag,
               unsigned char *pt)
{
    cx_EVP_CIPHER_CTX *ctx = s->lib->fn.EVP_CIPHER_CTX_new();
    if (ctx == NULL)
        return -1;
    int r = decrypt_on(s, ctx, ct, len, tag, pt);
    s->lib->fn.EVP_CIPHER_CTX_free(ctx);
    return r;
}
