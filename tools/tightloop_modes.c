/* tightloop's modes: one loop per call sequence, each keeping its function
 * pointers in locals as osslbench's per-path loops do (tools/tightloop.c). */
#include "tightloop.h"

/* ---- one loop per mode --------------------------------------------------- */
static bool sha_legacy(st *s, uint64_t n)
{
    int (*init)(cx_SHA256_CTX *) = s->lib.fn.SHA256_Init;
    int (*update)(cx_SHA256_CTX *, const void *, size_t) = s->lib.fn.SHA256_Update;
    int (*final)(unsigned char *, cx_SHA256_CTX *) = s->lib.fn.SHA256_Final;
    cx_SHA256_CTX *c = s->sha;
    const unsigned char *in = s->in;
    size_t len = s->bytes;
    unsigned char *md = s->out;
    for (uint64_t i = 0; i < n; i++)
        if (init(c) != 1 || update(c, in, len) != 1 || final(md, c) != 1)
            return false;
    return true;
}
static bool sha_oneshot(st *s, uint64_t n)
{
    unsigned char *(*once)(const unsigned char *, size_t, unsigned char *) = s->lib.fn.SHA256;
    const unsigned char *in = s->in;
    size_t len = s->bytes;
    unsigned char *md = s->out;
    for (uint64_t i = 0; i < n; i++)
        if (once(in, len, md) == NULL)
            return false;
    return true;
}
static bool sha_evp_digest(st *s, uint64_t n)
{
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const cx_EVP_MD *,
                  cx_ENGINE *) = s->lib.fn.EVP_Digest;
    const cx_EVP_MD *md_obj = s->md_obj;
    const unsigned char *in = s->in;
    size_t len = s->bytes;
    unsigned char *md = s->out;
    unsigned int outl = 0;
    for (uint64_t i = 0; i < n; i++)
        if (digest(in, len, md, &outl, md_obj, NULL) != 1)
            return false;
    return true;
}
static bool sha_evp_ctx(st *s, uint64_t n)
{
    int (*init)(cx_EVP_MD_CTX *, const cx_EVP_MD *, cx_ENGINE *) = s->lib.fn.EVP_DigestInit_ex;
    int (*update)(cx_EVP_MD_CTX *, const void *, size_t) = s->lib.fn.EVP_DigestUpdate;
    int (*final)(cx_EVP_MD_CTX *, unsigned char *, unsigned int *) = s->lib.fn.EVP_DigestFinal_ex;
    cx_EVP_MD_CTX *ctx = s->mctx;
    const cx_EVP_MD *md_obj = s->md_obj;
    const unsigned char *in = s->in;
    size_t len = s->bytes;
    unsigned char *md = s->out;
    unsigned int outl = 0;
    for (uint64_t i = 0; i < n; i++)
        if (init(ctx, md_obj, NULL) != 1 || update(ctx, in, len) != 1 || final(ctx, md, &outl) != 1)
            return false;
    return true;
}
/* AES_cbc_encrypt from `in` into `out` (osslbench) or in place (speed). */
static bool cbc_legacy_to(st *s, uint64_t n, unsigned char *out)
{
    void (*cbc)(const unsigned char *, unsigned char *, size_t, const cx_AES_KEY *, unsigned char *,
                int) = s->lib.fn.AES_cbc_encrypt;
    const cx_AES_KEY *key = s->aes;
    const unsigned char *in = s->in;
    size_t len = s->bytes;
    unsigned char *iv = s->iv;
    for (uint64_t i = 0; i < n; i++)
        cbc(in, out, len, key, iv, 1);
    return true;
}
static bool cbc_legacy(st *s, uint64_t n) { return cbc_legacy_to(s, n, s->out); }
static bool cbc_legacy_inplace(st *s, uint64_t n) { return cbc_legacy_to(s, n, s->in); }
static bool cbc_update_to(st *s, uint64_t n, unsigned char *out)
{
    int (*update)(cx_EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int) =
        s->lib.fn.EVP_EncryptUpdate;
    cx_EVP_CIPHER_CTX *ctx = s->cctx;
    const unsigned char *in = s->in;
    int len = (int)s->bytes, outl;
    for (uint64_t i = 0; i < n; i++)
        if (update(ctx, out, &outl, in, len) != 1 || outl != len)
            return false;
    return true;
}
static bool cbc_update(st *s, uint64_t n) { return cbc_update_to(s, n, s->out); }
static bool cbc_update_inplace(st *s, uint64_t n) { return cbc_update_to(s, n, s->in); }
/* GCM on a context keyed once, per operation: IV, [13-byte AAD], payload,
 * final, [tag]; out of place (osslbench) or in place (1.1.1's speed -aead). */
static bool gcm_keyed_once(st *s, uint64_t n, bool aad_too, bool tag_too, unsigned char *out)
{
    int (*init)(cx_EVP_CIPHER_CTX *, const cx_EVP_CIPHER *, cx_ENGINE *, const unsigned char *,
                const unsigned char *) = s->lib.fn.EVP_EncryptInit_ex;
    int (*update)(cx_EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int) =
        s->lib.fn.EVP_EncryptUpdate;
    int (*final)(cx_EVP_CIPHER_CTX *, unsigned char *, int *) = s->lib.fn.EVP_EncryptFinal_ex;
    int (*ctrl)(cx_EVP_CIPHER_CTX *, int, int, void *) = s->lib.fn.EVP_CIPHER_CTX_ctrl;
    cx_EVP_CIPHER_CTX *ctx = s->cctx;
    const unsigned char *in = s->in, *aad = s->aad, *iv = s->iv;
    unsigned char *tag = s->tag;
    int len = (int)s->bytes, outl, finl;
    for (uint64_t i = 0; i < n; i++)
        if (init(ctx, NULL, NULL, NULL, iv) != 1 ||
            (aad_too && update(ctx, NULL, &outl, aad, AAD_BYTES) != 1) ||
            update(ctx, out, &outl, in, len) != 1 || final(ctx, out + outl, &finl) != 1 ||
            (tag_too && ctrl(ctx, CTRL_AEAD_GET_TAG, 16, tag) != 1))
            return false;
    return true;
}
static bool gcm_osslbench(st *s, uint64_t n) { return gcm_keyed_once(s, n, true, true, s->out); }
static bool gcm_noaad(st *s, uint64_t n) { return gcm_keyed_once(s, n, false, true, s->out); }
static bool gcm_aead111(st *s, uint64_t n) { return gcm_keyed_once(s, n, true, false, s->in); }
/* speed -evp / -aead on 3.x (in place): IV length, KEY and IV, [AAD], payload, final. */
static bool gcm_speed3(st *s, uint64_t n, bool aad_too)
{
    int (*ctrl)(cx_EVP_CIPHER_CTX *, int, int, void *) = s->lib.fn.EVP_CIPHER_CTX_ctrl;
    int (*cinit)(cx_EVP_CIPHER_CTX *, const cx_EVP_CIPHER *, cx_ENGINE *, const unsigned char *,
                 const unsigned char *, int) = s->lib.fn.EVP_CipherInit_ex;
    int (*update)(cx_EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int) =
        s->lib.fn.EVP_EncryptUpdate;
    int (*final)(cx_EVP_CIPHER_CTX *, unsigned char *, int *) = s->lib.fn.EVP_EncryptFinal_ex;
    cx_EVP_CIPHER_CTX *ctx = s->cctx;
    const unsigned char *key = s->key, *iv = s->iv, *aad = s->aad;
    unsigned char *buf = s->in;
    int len = (int)s->bytes, outl;
    for (uint64_t i = 0; i < n; i++)
        if (ctrl(ctx, CTRL_AEAD_SET_IVLEN, 12, NULL) != 1 || cinit(ctx, NULL, NULL, key, iv, -1) != 1 ||
            (aad_too && update(ctx, NULL, &outl, aad, AAD_BYTES) != 1) ||
            update(ctx, buf, &outl, buf, len) != 1 || final(ctx, buf, &outl) != 1)
            return false;
    return true;
}
static bool gcm_evp3(st *s, uint64_t n) { return gcm_speed3(s, n, false); }
static bool gcm_aead3(st *s, uint64_t n) { return gcm_speed3(s, n, true); }
/* The low-level GCM calls with AES_encrypt as the block cipher: IV, AAD, payload, tag. */
static bool gcm_gcm128(st *s, uint64_t n)
{
    void (*setiv)(cx_GCM128_CONTEXT *, const unsigned char *, size_t) = s->lib.fn.CRYPTO_gcm128_setiv;
    int (*aad)(cx_GCM128_CONTEXT *, const unsigned char *, size_t) = s->lib.fn.CRYPTO_gcm128_aad;
    int (*enc)(cx_GCM128_CONTEXT *, const unsigned char *, unsigned char *, size_t) =
        s->lib.fn.CRYPTO_gcm128_encrypt;
    void (*tag)(cx_GCM128_CONTEXT *, unsigned char *, size_t) = s->lib.fn.CRYPTO_gcm128_tag;
    cx_GCM128_CONTEXT *ctx = s->gcm;
    const unsigned char *in = s->in, *iv = s->iv, *a = s->aad;
    unsigned char *out = s->out, *t = s->tag;
    size_t len = s->bytes;
    for (uint64_t i = 0; i < n; i++) {
        setiv(ctx, iv, 12);
        if (aad(ctx, a, AAD_BYTES) != 0 || enc(ctx, in, out, len) != 0)
            return false;
        tag(ctx, t, 16);
    }
    return true;
}
/* HMAC through EVP_MAC, keyed once (osslbench hmac-sha256 fetch; speed -hmac sha256 on 3.x). */
static bool hmac_fetch(st *s, uint64_t n)
{
    int (*init)(cx_EVP_MAC_CTX *, const unsigned char *, size_t, const cx_OSSL_PARAM *) =
        s->lib.fn.EVP_MAC_init;
    int (*update)(cx_EVP_MAC_CTX *, const unsigned char *, size_t) = s->lib.fn.EVP_MAC_update;
    int (*final)(cx_EVP_MAC_CTX *, unsigned char *, size_t *, size_t) = s->lib.fn.EVP_MAC_final;
    cx_EVP_MAC_CTX *ctx = s->hctx;
    const unsigned char *in = s->in;
    size_t len = s->bytes, outl = 0;
    unsigned char *md = s->out;
    for (uint64_t i = 0; i < n; i++)
        if (init(ctx, NULL, 0, NULL) != 1 || update(ctx, in, len) != 1 || final(ctx, md, &outl, 64) != 1)
            return false;
    return true;
}

const struct mode modes[] = {
    {"sha256-legacy", sha_legacy, K_NONE, "SHA256_Init/Update/Final (osslbench legacy)"},
    {"sha256-oneshot", sha_oneshot, K_NONE, "SHA256() (osslbench oneshot; speed sha256 <= 1.1.1)"},
    {"sha256-evp", sha_evp_digest, K_SHA_STATIC, "EVP_Digest, EVP_sha256() (osslbench evp; speed -evp sha256 <= 1.1.1)"},
    {"sha256-fetch", sha_evp_digest, K_SHA_FETCH, "EVP_Digest, fetched once (osslbench fetch; speed [-evp] sha256 on 3.x)"},
    {"sha256-evp-ctx", sha_evp_ctx, K_SHA_STATIC, "EVP_DigestInit_ex/Update/Final_ex, reused ctx, EVP_sha256() (osslbench evp-ctx)"},
    {"aes-128-cbc-legacy", cbc_legacy, K_AES, "AES_cbc_encrypt in->out (osslbench legacy)"},
    {"aes-128-cbc-legacy-inplace", cbc_legacy_inplace, K_AES, "AES_cbc_encrypt in place (speed aes-128-cbc <= 1.1.1)"},
    {"aes-128-cbc-evp", cbc_update, K_CBC_STATIC, "EVP_EncryptUpdate in->out, static cipher (osslbench evp)"},
    {"aes-128-cbc-evp-inplace", cbc_update_inplace, K_CBC_STATIC, "EVP_EncryptUpdate in place (speed -evp <= 1.1.1)"},
    {"aes-128-cbc-fetch", cbc_update, K_CBC_FETCH, "EVP_EncryptUpdate in->out, fetched (osslbench fetch)"},
    {"aes-128-cbc-fetch-inplace", cbc_update_inplace, K_CBC_FETCH, "EVP_EncryptUpdate in place, fetched (speed -evp on 3.x)"},
    {"aes-128-gcm-evp", gcm_osslbench, K_GCM_STATIC, "IV + 13-byte AAD + Update + Final + GET_TAG, static (osslbench evp)"},
    {"aes-128-gcm-fetch", gcm_osslbench, K_GCM_FETCH, "IV + 13-byte AAD + Update + Final + GET_TAG, fetched (osslbench fetch)"},
    {"aes-128-gcm-evp-noaad", gcm_noaad, K_GCM_STATIC, "IV + Update + Final + GET_TAG, static (no AAD)"},
    {"aes-128-gcm-aead111", gcm_aead111, K_GCM_STATIC, "IV + 13-byte AAD + Update + Final in place (speed -aead on 1.1.1)"},
    {"aes-128-gcm-evp3", gcm_evp3, K_GCM_FETCH, "SET_IVLEN + key & IV + Update + Final (speed -evp on 3.x)"},
    {"aes-128-gcm-aead3", gcm_aead3, K_GCM_FETCH, "SET_IVLEN + key & IV + AAD + Update + Final (speed -aead on 3.x)"},
    {"aes-128-gcm-gcm128", gcm_gcm128, K_GCM128, "CRYPTO_gcm128 setiv + aad + encrypt + tag, block = AES_encrypt (1.0.1+)"},
    {"hmac-sha256-fetch", hmac_fetch, K_HMAC_FETCH, "EVP_MAC_init(NULL key) + update + final (osslbench fetch; speed -hmac sha256 on 3.x)"},
};
const size_t n_modes = sizeof modes / sizeof modes[0];

bool tl_loop_needs_sha256(loop_fn loop) { return loop == sha_oneshot; }
bool tl_loop_needs_cipherinit(loop_fn loop) { return loop == gcm_evp3 || loop == gcm_aead3; }
