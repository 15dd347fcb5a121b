/* evp:NAME's cipher shapes: the context keyed once for cipher.c's loop (a
 * plain cipher) or aead.c's (an AEAD; CCM is told the text length before
 * the AAD, SIV is keyed again per message), and the decryption the
 * self-check's round trip needs. */
#include "evp_named.h"

#include <limits.h>
#include <string.h>

typedef int init_fn(cx_EVP_CIPHER_CTX *, const cx_EVP_CIPHER *, cx_ENGINE *,
                    const unsigned char *, const unsigned char *);
typedef int update_fn(cx_EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);
typedef int ctrl_fn(cx_EVP_CIPHER_CTX *, int, int, void *);

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
    if (s->shape != EN_CIPHER && s->ivlen > 0) /* aead.c's 96-bit nonce */
        s->ivlen = (int)sizeof s->as.ae.iv;
    if (s->len > INT_MAX - 64)
        return wl_why(why, n, "block size %zu is too large for EVP_EncryptUpdate", s->len);
    if (s->shape == EN_CIPHER && s->block > 1 && s->len % (size_t)s->block != 0)
        return wl_why(why, n, "evp:%s needs a block size that is a multiple of %d", s->name,
                      s->block);
    if (s->mode == CX_EVP_CIPH_XTS_MODE && s->len < 16)
        return wl_why(why, n, "evp:%s needs blocks of at least 16 bytes", s->name);
    return true;
}

static const unsigned char *nonce_of(const en_state *s)
{
    return s->ivlen > 0 ? s->iv : NULL;
}

/* ctx initialised with the cipher; an AEAD's nonce length (and CCM's tag
 * length, or the tag to expect) set before the key, and no nonce yet;
 * `init` of the direction. */
static bool key_ctx(const en_state *s, cx_EVP_CIPHER_CTX *ctx, init_fn *init,
                    const unsigned char *tag)
{
    ctrl_fn *ctrl = s->lib->fn.EVP_CIPHER_CTX_ctrl;
    if (s->shape == EN_CIPHER)
        return init(ctx, s->cipher, NULL, s->key, nonce_of(s)) == 1;
    return init(ctx, s->cipher, NULL, NULL, NULL) == 1 &&
           (s->ivlen == 0 || ctrl(ctx, CX_EVP_CTRL_AEAD_SET_IVLEN, s->ivlen, NULL) == 1) &&
           (s->shape != EN_CCM ||
            ctrl(ctx, CX_EVP_CTRL_AEAD_SET_TAG, AEAD_TAG_BYTES, (void *)tag) == 1) &&
           init(ctx, NULL, NULL, s->key, NULL) == 1;
}

/* The view of the family whose loop times the shape: its buffers, its
 * context; the state's own pointers to them. */
static cipher_ctx *view(en_state *s, workload_loop *loop)
{
    if (s->shape == EN_CIPHER) {
        cipher_state *c = &s->as.cs;
        *c = (cipher_state){.lib = s->lib, .len = s->len};
        *loop = cipher_evp_loop;
        return &c->evp;
    }
    aead_state *a = &s->as.ae;
    *a = (aead_state){.lib = s->lib, .len = s->len, .aad = s->aad, .aadlen = AEAD_AAD_BYTES};
    memcpy(a->iv, s->iv, sizeof a->iv);
    a->nonce = s->ivlen > 0 ? a->iv : NULL;
    /* SIV takes no nonce: its context is keyed anew for each message */
    a->rekey = s->mode == CX_EVP_CIPH_SIV_MODE ? s->key : NULL;
    a->announce_len = s->shape == EN_CCM;
    s->tag = a->tag;
    *loop = aead_evp_loop;
    return &a->evp;
}

bool en_cipher_open(en_state *s, workload_loop *loop, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    if (!describe(s, why, n))
        return false;
    cipher_ctx *c = view(s, loop);
    if (!cipher_ctx_buffers(c, s->len, 0x45565021u, why, n))
        return false;
    s->in = c->block;
    s->out = c->outbuf;
    if (s->shape == EN_CIPHER)
        s->as.cs.in = s->in, s->as.cs.out = s->out;
    else
        s->as.ae.in = s->in, s->as.ae.out = s->out;
    if ((c->ctx = lib->fn.EVP_CIPHER_CTX_new()) == NULL ||
        !key_ctx(s, c->ctx, lib->fn.EVP_EncryptInit_ex, NULL) ||
        (s->shape == EN_CIPHER && lib->fn.EVP_CIPHER_CTX_set_padding(c->ctx, 0) != 1))
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
    if (lib->fn.EVP_DecryptInit_ex(ctx, NULL, NULL, NULL, nonce_of(s)) != 1)
        return -1;
    if (s->shape == EN_CCM) /* the tag is checked with the text */
        return update(ctx, NULL, &outl, NULL, ilen) == 1 &&
                       update(ctx, NULL, &outl, s->aad, AEAD_AAD_BYTES) == 1 &&
                       update(ctx, pt, &outl, ct, ilen) == 1
                   ? 1
                   : 0;
    if (ctrl(ctx, CX_EVP_CTRL_AEAD_SET_TAG, AEAD_TAG_BYTES, (void *)tag) != 1 ||
        update(ctx, NULL, &outl, s->aad, AEAD_AAD_BYTES) != 1)
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
