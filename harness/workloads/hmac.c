/* hmac-<digest>: one operation = one HMAC of one `bytes`-long block with the
 * key set up once:
 *   legacy   HMAC_Init_ex(ctx, NULL, 0, NULL, NULL) + HMAC_Update + HMAC_Final
 *            on one context (caller-allocated + HMAC_CTX_init up to 1.0.2)
 *   oneshot  HMAC(EVP_<md>(), key, ...) per operation (3.x: a fetch per call)
 *   evp      EVP_DigestSignInit(HMAC pkey) + EVP_DigestUpdate + EVP_DigestSignFinal
 *   fetch    EVP_MAC_init(ctx, NULL, 0, NULL) + EVP_MAC_update + EVP_MAC_final */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name, *key, *data, *mac; /* hex key, ASCII data, hex MAC */
} hmac_kat;

typedef struct {
    const char *title, *digest_name; /* "HMAC-SHA256", "SHA256" (EVP_MAC's digest) */
    size_t len;
    const cx_EVP_MD *(*evp_md)(const crypto_lib *lib);
    hmac_kat kat[2];
} hmac_def;

typedef struct {
    const crypto_lib *lib;
    const unsigned char *in, *key;
    size_t len, keylen;
    unsigned char *block;
    unsigned char keybuf[64];
    unsigned char out[64];
    size_t outlen;
    const cx_EVP_MD *md;
    void *hctx; /* HMAC_CTX_new (>= 1.1.0) or a caller-allocated cx_HMAC_CTX_LEGACY */
    bool hctx_legacy;
    cx_EVP_PKEY *pkey;
    cx_EVP_MD_CTX *mctx;
    cx_EVP_MAC *mac;
    cx_EVP_MAC_CTX *macctx;
} hmac_state;

/* 0.9.8: HMAC_Init_ex/Update/Final return void (their own call shape in
 * symbols.def), so there is no result to check. */
static bool legacy_void_loop(void *p, uint64_t iterations)
{
    hmac_state *s = p;
    void (*init)(void *, const void *, int, const cx_EVP_MD *, cx_ENGINE *) =
        s->lib->fn.HMAC_Init_ex_void;
    void (*update)(void *, const unsigned char *, size_t) = s->lib->fn.HMAC_Update_void;
    void (*final)(void *, unsigned char *, unsigned int *) = s->lib->fn.HMAC_Final_void;
    void *ctx = s->hctx;
    const unsigned char *in = s->in;
    size_t len = s->len;
    unsigned char *out = s->out;
    unsigned int outl = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        init(ctx, NULL, 0, NULL, NULL);
        update(ctx, in, len);
        final(ctx, out, &outl);
    }
    s->outlen = outl;
    return true;
}

static bool legacy_loop(void *p, uint64_t iterations)
{
    hmac_state *s = p;
    int (*init)(void *, const void *, int, const cx_EVP_MD *, cx_ENGINE *) = s->lib->fn.HMAC_Init_ex;
    int (*update)(void *, const unsigned char *, size_t) = s->lib->fn.HMAC_Update;
    int (*final)(void *, unsigned char *, unsigned int *) = s->lib->fn.HMAC_Final;
    void *ctx = s->hctx;
    const unsigned char *in = s->in;
    size_t len = s->len;
    unsigned char *out = s->out;
    unsigned int outl = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if (init(ctx, NULL, 0, NULL, NULL) != 1 || update(ctx, in, len) != 1 ||
            final(ctx, out, &outl) != 1)
            return false;
    s->outlen = outl;
    return true;
}

static bool oneshot_loop(void *p, uint64_t iterations)
{
    hmac_state *s = p;
    unsigned char *(*hmac)(const cx_EVP_MD *, const void *, int, const unsigned char *, size_t,
                           unsigned char *, unsigned int *) = s->lib->fn.HMAC;
    const cx_EVP_MD *md = s->md;
    const unsigned char *in = s->in, *key = s->key;
    int keylen = (int)s->keylen;
    size_t len = s->len;
    unsigned char *out = s->out;
    unsigned int outl = 0;
    for (uint64_t i = 0; i < iterations; i++)
        if (hmac(md, key, keylen, in, len, out, &outl) == NULL)
            return false;
    s->outlen = outl;
    return true;
}

static bool evp_loop(void *p, uint64_t iterations)
{
    hmac_state *s = p;
    int (*init)(cx_EVP_MD_CTX *, cx_EVP_PKEY_CTX **, const cx_EVP_MD *, cx_ENGINE *,
                cx_EVP_PKEY *) = s->lib->fn.EVP_DigestSignInit;
    int (*update)(cx_EVP_MD_CTX *, const void *, size_t) = s->lib->fn.EVP_DigestUpdate;
    int (*final)(cx_EVP_MD_CTX *, unsigned char *, size_t *) = s->lib->fn.EVP_DigestSignFinal;
    cx_EVP_MD_CTX *ctx = s->mctx;
    cx_EVP_PKEY *pkey = s->pkey;
    const cx_EVP_MD *md = s->md;
    const unsigned char *in = s->in;
    size_t len = s->len, outl = 0;
    unsigned char *out = s->out;
    for (uint64_t i = 0; i < iterations; i++) {
        outl = sizeof s->out;
        if (init(ctx, NULL, md, NULL, pkey) != 1 || update(ctx, in, len) != 1 ||
            final(ctx, out, &outl) != 1)
            return false;
    }
    s->outlen = outl;
    return true;
}

static bool fetch_loop(void *p, uint64_t iterations)
{
    hmac_state *s = p;
    int (*init)(cx_EVP_MAC_CTX *, const unsigned char *, size_t, const cx_OSSL_PARAM *) =
        s->lib->fn.EVP_MAC_init;
    int (*update)(cx_EVP_MAC_CTX *, const unsigned char *, size_t) = s->lib->fn.EVP_MAC_update;
    int (*final)(cx_EVP_MAC_CTX *, unsigned char *, size_t *, size_t) = s->lib->fn.EVP_MAC_final;
    cx_EVP_MAC_CTX *ctx = s->macctx;
    const unsigned char *in = s->in;
    size_t len = s->len, outl = 0;
    unsigned char *out = s->out;
    for (uint64_t i = 0; i < iterations; i++)
        if (init(ctx, NULL, 0, NULL) != 1 || update(ctx, in, len) != 1 ||
            final(ctx, out, &outl, sizeof s->out) != 1)
            return false;
    s->outlen = outl;
    return true;
}

static void hmac_teardown(void *p)
{
    hmac_state *s = p;
    if (s == NULL)
        return;
    const crypto_lib *lib = s->lib;
    if (s->hctx != NULL && s->hctx_legacy) {
        lib->fn.HMAC_CTX_cleanup(s->hctx);
        free(s->hctx);
    } else if (s->hctx != NULL) {
        lib->fn.HMAC_CTX_free(s->hctx);
    }
    wl_md_ctx_free(lib, s->mctx);
    if (s->pkey != NULL)
        lib->fn.EVP_PKEY_free(s->pkey);
    if (s->macctx != NULL)
        lib->fn.EVP_MAC_CTX_free(s->macctx);
    if (s->mac != NULL)
        lib->fn.EVP_MAC_free(s->mac);
    free(s->block);
    free(s);
}

static bool legacy_open(hmac_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    if (lib->fn.HMAC_CTX_new != NULL) {
        s->hctx = lib->fn.HMAC_CTX_new();
    } else if ((s->hctx = calloc(1, sizeof(cx_HMAC_CTX_LEGACY))) != NULL) {
        s->hctx_legacy = true; /* <= 1.0.2: the caller owns the struct (240/288 bytes) */
        lib->fn.HMAC_CTX_init(s->hctx);
    }
    if (s->hctx == NULL)
        return wl_fail(lib, why, n, "cannot allocate an HMAC_CTX");
    if (lib->fn.HMAC_Init_ex_void != NULL) { /* 0.9.8 */
        lib->fn.HMAC_Init_ex_void(s->hctx, s->key, (int)s->keylen, s->md, NULL);
        return true;
    }
    if (lib->fn.HMAC_Init_ex(s->hctx, s->key, (int)s->keylen, s->md, NULL) != 1)
        return wl_fail(lib, why, n, "HMAC_Init_ex failed");
    return true;
}

/* The key set up once for one path; the loop to time. */
static hmac_state *hmac_open(const crypto_lib *lib, const hmac_def *d, api_path api,
                             const unsigned char *key, size_t keylen, workload_loop *loop,
                             char *why, size_t n)
{
    hmac_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    memcpy(s->keybuf, key, keylen);
    s->key = s->keybuf;
    s->keylen = keylen;
    s->md = api == API_FETCH ? NULL : d->evp_md(lib);
    bool ok = api == API_FETCH || s->md != NULL || wl_fail(lib, why, n, "no static EVP_MD object");
    if (ok && api == API_LEGACY) {
        *loop = lib->fn.HMAC_Init_ex_void != NULL ? legacy_void_loop : legacy_loop;
        ok = legacy_open(s, why, n);
    } else if (ok && api == API_ONESHOT) {
        *loop = oneshot_loop;
    } else if (ok && api == API_EVP) {
        *loop = evp_loop;
        if ((s->mctx = wl_md_ctx_new(lib)) == NULL)
            ok = wl_fail(lib, why, n, "cannot allocate an EVP_MD_CTX");
        else if ((s->pkey = lib->fn.EVP_PKEY_new_mac_key(WL_EVP_PKEY_HMAC, NULL, key,
                                                          (int)keylen)) == NULL)
            ok = wl_fail(lib, why, n, "EVP_PKEY_new_mac_key(HMAC) failed");
    } else if (ok && api == API_FETCH) {
        *loop = fetch_loop;
        cx_OSSL_PARAM params[2];
        wl_digest_params(params, d->digest_name);
        if ((s->mac = lib->fn.EVP_MAC_fetch(NULL, "HMAC", NULL)) == NULL)
            ok = wl_fail(lib, why, n, "EVP_MAC_fetch(HMAC) failed");
        else if ((s->macctx = lib->fn.EVP_MAC_CTX_new(s->mac)) == NULL)
            ok = wl_fail(lib, why, n, "EVP_MAC_CTX_new failed");
        else if (lib->fn.EVP_MAC_init(s->macctx, key, keylen, params) != 1)
            ok = wl_fail(lib, why, n, "EVP_MAC_init(key, digest) failed");
    } else if (ok) {
        ok = wl_why(why, n, "%s has no %s call", d->title, api_name(api));
    }
    if (!ok) {
        hmac_teardown(s);
        return NULL;
    }
    return s;
}

static bool hmac_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                            char *why, size_t n)
{
    const hmac_def *d = ws->w->data;
    for (size_t k = 0; k < sizeof d->kat / sizeof d->kat[0] && d->kat[k].name != NULL; k++) {
        unsigned char key[64];
        size_t keylen = wl_hex_decode(d->kat[k].key, key, sizeof key);
        if (keylen == (size_t)-1)
            return wl_why(why, n, "%s: malformed key", d->kat[k].name);
        workload_loop loop;
        hmac_state *s = hmac_open(lib, d, api, key, keylen, &loop, why, n);
        if (s == NULL)
            return false;
        s->in = (const unsigned char *)d->kat[k].data;
        s->len = strlen(d->kat[k].data);
        bool ok = true;
        /* Twice: the second operation re-initialises with the same key. */
        for (int round = 0; round < 2 && ok; round++) {
            memset(s->out, 0, sizeof s->out);
            s->outlen = 0;
            if (!loop(s, 1))
                ok = wl_fail(lib, why, n, "HMAC failed");
            else
                ok = wl_kat_compare(d->kat[k].name, s->out, s->outlen, d->kat[k].mac, why, n);
        }
        hmac_teardown(s);
        if (!ok)
            return false;
    }
    return true;
}

static void *hmac_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                        size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op; /* one operation: mac */
    unsigned char key[32];
    wl_fill_pattern(key, sizeof key, 0x484d4143u);
    hmac_state *s = hmac_open(lib, ws->w->data, api, key, sizeof key, loop, why, n);
    if (s == NULL)
        return NULL;
    if ((s->block = wl_input_block(bytes, 0x48444154u, why, n)) == NULL) {
        hmac_teardown(s);
        return NULL;
    }
    s->in = s->block;
    s->len = bytes;
    return s;
}

static const char *const hmac_ops[] = {"mac", NULL};

static const cx_EVP_MD *sha256_md(const crypto_lib *lib)
{
    return lib->fn.EVP_sha256();
}

static const hmac_def hmac_sha256_def = {
    .title = "HMAC-SHA256",
    .digest_name = "SHA256",
    .len = 32,
    .evp_md = sha256_md,
    .kat = {{"HMAC-SHA256 (RFC 4231 case 1)", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
             "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
            {"HMAC-SHA256 (RFC 4231 case 2)", "4a656665" /* "Jefe" */,
             "what do ya want for nothing?",
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"}},
};

/* The needs of each path, for a digest whose static object is EVP_<md>. */
#define HMAC_NEEDS(getter)                                                                    \
    {                                                                                         \
        [API_LEGACY] = "HMAC_CTX_new|HMAC_CTX_init HMAC_CTX_free|HMAC_CTX_cleanup "           \
                       "HMAC_Init_ex|HMAC_Init_ex_void HMAC_Update|HMAC_Update_void "        \
                       "HMAC_Final|HMAC_Final_void " #getter,                                 \
        [API_ONESHOT] = "HMAC " #getter,                                                      \
        [API_EVP] = "EVP_MD_CTX_new|EVP_MD_CTX_create EVP_MD_CTX_free|EVP_MD_CTX_destroy "    \
                    "EVP_PKEY_new_mac_key EVP_PKEY_free EVP_DigestSignInit EVP_DigestUpdate " \
                    "EVP_DigestSignFinal " #getter,                                           \
        [API_FETCH] = "EVP_MAC_fetch EVP_MAC_free EVP_MAC_CTX_new EVP_MAC_CTX_free "          \
                      "EVP_MAC_init EVP_MAC_update EVP_MAC_final",                            \
    }

const workload wl_hmac_sha256 = {
    .name = "hmac-sha256",
    .kind = KIND_SYMMETRIC,
    .sized = true,
    .ops = hmac_ops,
    .doc = "HMAC-SHA256 of one block with the key set up once: init + update + final",
    .in_default = true,
    .needs = HMAC_NEEDS(EVP_sha256),
    .self_check = hmac_self_check,
    .setup = hmac_setup,
    .teardown = hmac_teardown,
    .data = &hmac_sha256_def,
};
