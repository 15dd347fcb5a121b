/* hmac-sha256: one operation = one HMAC-SHA256 of one `bytes`-long block:
 * init reusing the key set up once + update + final.
 *   legacy: HMAC_Init_ex(ctx, NULL, 0, NULL, NULL) + HMAC_Update + HMAC_Final
 *   evp:    EVP_DigestSignInit(HMAC pkey) + EVP_DigestUpdate + EVP_DigestSignFinal
 *   fetch:  EVP_MAC_init(ctx, NULL, 0, NULL) + EVP_MAC_update + EVP_MAC_final */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const crypto_lib *lib;
    api_path api;
    size_t bytes;
    unsigned char *in;
    unsigned char out[32];
    size_t outlen;
    /* legacy */
    void *hctx;              /* cx_HMAC_CTX_LEGACY (<= 1.0.2) or HMAC_CTX_new (>= 1.1.0) */
    bool hctx_legacy, hctx_inited;
    /* evp */
    const cx_EVP_MD *md;
    cx_EVP_PKEY *pkey;
    cx_EVP_MD_CTX *mctx;
    /* fetch */
    cx_EVP_MAC *mac;
    cx_EVP_MAC_CTX *macctx;
} hmac_state;

static const char *hmac_unsupported(const crypto_lib *lib, api_path api, int bits)
{
    (void)bits;
    switch (api) {
    case API_LEGACY:
        if (lib->fn.HMAC_CTX_new == NULL && lib->fn.HMAC_CTX_init == NULL)
            return lib->ver.series >= R_110 ? WL_MISSING(HMAC_CTX_new)
                                            : WL_MISSING(HMAC_CTX_init);
        if (lib->fn.HMAC_CTX_new != NULL)
            WL_REQUIRE(lib, HMAC_CTX_free);
        else
            WL_REQUIRE(lib, HMAC_CTX_cleanup);
        WL_REQUIRE(lib, HMAC_Init_ex);
        WL_REQUIRE(lib, HMAC_Update);
        WL_REQUIRE(lib, HMAC_Final);
        WL_REQUIRE(lib, EVP_sha256);
        return NULL;
    case API_EVP:
        if (!crypto_lib_since(lib, R_100))
            return wl_needs(R_100);
        if (!wl_md_ctx_available(lib))
            return lib->ver.series >= R_110 ? WL_MISSING(EVP_MD_CTX_new)
                                            : WL_MISSING(EVP_MD_CTX_create);
        WL_REQUIRE(lib, EVP_PKEY_new_mac_key);
        WL_REQUIRE(lib, EVP_PKEY_free);
        WL_REQUIRE(lib, EVP_DigestSignInit);
        WL_REQUIRE(lib, EVP_DigestUpdate);
        WL_REQUIRE(lib, EVP_DigestSignFinal);
        WL_REQUIRE(lib, EVP_sha256);
        return NULL;
    case API_FETCH:
        if (!crypto_lib_since(lib, R_300))
            return wl_needs(R_300);
        WL_REQUIRE(lib, EVP_MAC_fetch);
        WL_REQUIRE(lib, EVP_MAC_free);
        WL_REQUIRE(lib, EVP_MAC_CTX_new);
        WL_REQUIRE(lib, EVP_MAC_CTX_free);
        WL_REQUIRE(lib, EVP_MAC_init);
        WL_REQUIRE(lib, EVP_MAC_update);
        WL_REQUIRE(lib, EVP_MAC_final);
        return NULL;
    default:
        return "unknown API path";
    }
}

static void hmac_teardown(void *p)
{
    hmac_state *s = p;
    if (s == NULL)
        return;
    const crypto_lib *lib = s->lib;
    if (s->hctx != NULL) {
        if (s->hctx_legacy) {
            if (s->hctx_inited)
                lib->fn.HMAC_CTX_cleanup(s->hctx);
            free(s->hctx);
        } else {
            lib->fn.HMAC_CTX_free(s->hctx);
        }
    }
    wl_md_ctx_free(lib, s->mctx);
    if (s->pkey != NULL)
        lib->fn.EVP_PKEY_free(s->pkey);
    if (s->macctx != NULL)
        lib->fn.EVP_MAC_CTX_free(s->macctx);
    if (s->mac != NULL)
        lib->fn.EVP_MAC_free(s->mac);
    free(s->in);
    free(s);
}

/* Key set-up, once. */
static hmac_state *hmac_open(const crypto_lib *lib, api_path api, const unsigned char *key,
                             size_t keylen, char *why, size_t n)
{
    const char *no = hmac_unsupported(lib, api, 0);
    if (no != NULL) {
        snprintf(why, n, "%s", no);
        return NULL;
    }
    hmac_state *s = calloc(1, sizeof *s);
    if (s == NULL) {
        snprintf(why, n, "out of memory");
        return NULL;
    }
    s->lib = lib;
    s->api = api;
    bool ok = true;
    if (api == API_LEGACY) {
        s->md = lib->fn.EVP_sha256();
        if (lib->fn.HMAC_CTX_new != NULL) {
            s->hctx = lib->fn.HMAC_CTX_new();
        } else {
            /* <= 1.0.2: the caller owns the struct (240/288 bytes). */
            s->hctx_legacy = true;
            if ((s->hctx = calloc(1, sizeof(cx_HMAC_CTX_LEGACY))) != NULL) {
                lib->fn.HMAC_CTX_init(s->hctx);
                s->hctx_inited = true;
            }
        }
        if (s->hctx == NULL)
            ok = wl_fail(lib, why, n, "cannot allocate an HMAC_CTX");
        else if (lib->ver.series < R_100) {
            /* 0.9.8: HMAC_Init_ex returns void; its "result" is garbage. */
            lib->fn.HMAC_Init_ex(s->hctx, key, (int)keylen, s->md, NULL);
        } else if (lib->fn.HMAC_Init_ex(s->hctx, key, (int)keylen, s->md, NULL) != 1)
            ok = wl_fail(lib, why, n, "HMAC_Init_ex failed");
    } else if (api == API_EVP) {
        s->md = lib->fn.EVP_sha256();
        if ((s->mctx = wl_md_ctx_new(lib)) == NULL)
            ok = wl_fail(lib, why, n, "cannot allocate an EVP_MD_CTX");
        else if ((s->pkey = lib->fn.EVP_PKEY_new_mac_key(WL_EVP_PKEY_HMAC, NULL, key,
                                                          (int)keylen)) == NULL)
            ok = wl_fail(lib, why, n, "EVP_PKEY_new_mac_key(HMAC) failed");
    } else {
        cx_OSSL_PARAM params[2];
        wl_digest_params(params, "SHA256");
        if ((s->mac = lib->fn.EVP_MAC_fetch(NULL, "HMAC", NULL)) == NULL)
            ok = wl_fail(lib, why, n, "EVP_MAC_fetch(HMAC) failed");
        else if ((s->macctx = lib->fn.EVP_MAC_CTX_new(s->mac)) == NULL)
            ok = wl_fail(lib, why, n, "EVP_MAC_CTX_new failed");
        else if (lib->fn.EVP_MAC_init(s->macctx, key, keylen, params) != 1)
            ok = wl_fail(lib, why, n, "EVP_MAC_init(key, digest=SHA256) failed");
    }
    if (!ok) {
        hmac_teardown(s);
        return NULL;
    }
    return s;
}

/* One operation. */
static bool hmac_mac(hmac_state *s, const unsigned char *in, size_t len)
{
    const crypto_lib *lib = s->lib;
    switch (s->api) {
    case API_LEGACY: {
        unsigned int outl = 0;
        if (lib->ver.series < R_100) { /* void functions in 0.9.8 */
            lib->fn.HMAC_Init_ex(s->hctx, NULL, 0, NULL, NULL);
            lib->fn.HMAC_Update(s->hctx, in, len);
            lib->fn.HMAC_Final(s->hctx, s->out, &outl);
        } else if (lib->fn.HMAC_Init_ex(s->hctx, NULL, 0, NULL, NULL) != 1 ||
                   lib->fn.HMAC_Update(s->hctx, in, len) != 1 ||
                   lib->fn.HMAC_Final(s->hctx, s->out, &outl) != 1)
            return false;
        s->outlen = outl;
        return outl == 32;
    }
    case API_EVP: {
        size_t outl = sizeof s->out;
        if (lib->fn.EVP_DigestSignInit(s->mctx, NULL, s->md, NULL, s->pkey) != 1 ||
            lib->fn.EVP_DigestUpdate(s->mctx, in, len) != 1 ||
            lib->fn.EVP_DigestSignFinal(s->mctx, s->out, &outl) != 1)
            return false;
        s->outlen = outl;
        return outl == 32;
    }
    case API_FETCH: {
        size_t outl = 0;
        if (lib->fn.EVP_MAC_init(s->macctx, NULL, 0, NULL) != 1 ||
            lib->fn.EVP_MAC_update(s->macctx, in, len) != 1 ||
            lib->fn.EVP_MAC_final(s->macctx, s->out, &outl, sizeof s->out) != 1)
            return false;
        s->outlen = outl;
        return outl == 32;
    }
    default:
        return false;
    }
}

static bool hmac_self_check(const crypto_lib *lib, api_path api, int bits, char *why, size_t n)
{
    (void)bits;
    /* RFC 4231 test cases 1 and 2. */
    static const struct {
        const char *name, *key, *data, *mac;
    } kat[] = {
        {"HMAC-SHA256 (RFC 4231 case 1)", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "Hi There",
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
        {"HMAC-SHA256 (RFC 4231 case 2)", "4a656665" /* "Jefe" */,
         "what do ya want for nothing?",
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
    };
    for (size_t k = 0; k < sizeof kat / sizeof kat[0]; k++) {
        unsigned char key[32];
        size_t keylen = wl_hex_decode(kat[k].key, key, sizeof key);
        hmac_state *s = hmac_open(lib, api, key, keylen, why, n);
        if (s == NULL)
            return false;
        bool ok = true;
        /* Twice: the second operation re-initialises with the same key. */
        for (int round = 0; round < 2 && ok; round++) {
            memset(s->out, 0, sizeof s->out);
            if (!hmac_mac(s, (const unsigned char *)kat[k].data, strlen(kat[k].data)))
                ok = wl_fail(lib, why, n, "HMAC-SHA256 failed");
            else
                ok = wl_kat_compare(kat[k].name, s->out, s->outlen, kat[k].mac, why, n);
        }
        hmac_teardown(s);
        if (!ok)
            return false;
    }
    return true;
}

static void *hmac_setup(const crypto_lib *lib, api_path api, int bits, int op, size_t bytes,
                        char *why, size_t n)
{
    (void)bits;
    if (op != 0) {
        snprintf(why, n, "hmac-sha256 has one operation (mac)");
        return NULL;
    }
    unsigned char key[32];
    wl_fill_pattern(key, sizeof key, 0x484d4143u);
    hmac_state *s = hmac_open(lib, api, key, sizeof key, why, n);
    if (s == NULL)
        return NULL;
    s->bytes = bytes;
    if ((s->in = malloc(bytes ? bytes : 1)) == NULL) {
        snprintf(why, n, "out of memory for a %zu-byte block", bytes);
        hmac_teardown(s);
        return NULL;
    }
    wl_fill_pattern(s->in, bytes, 0x48444154u);
    return s;
}

static bool hmac_run(void *p, uint64_t iterations)
{
    hmac_state *s = p;
    for (uint64_t i = 0; i < iterations; i++)
        if (!hmac_mac(s, s->in, s->bytes))
            return false;
    return true;
}

static const char *const hmac_ops[] = {"mac", NULL};

const workload wl_hmac_sha256 = {
    .name = "hmac-sha256",
    .sized = true,
    .ops = hmac_ops,
    .unsupported = hmac_unsupported,
    .self_check = hmac_self_check,
    .setup = hmac_setup,
    .run = hmac_run,
    .teardown = hmac_teardown,
};
