/* ghash: one operation = GHASH one block (any length) as GCM's additional
 * data, on an AES-128-GCM context keyed and given its IV once; the hash
 * carries on from one operation to the next.  `openssl speed ghash`:
 *   legacy  CRYPTO_gcm128_new(AES_KEY, AES_encrypt) + CRYPTO_gcm128_setiv
 *           once, CRYPTO_gcm128_aad per operation (1.0.1+; speed's loop on
 *           1.0.2 and 1.1.1).  AES_encrypt only makes H and the tag's mask:
 *           the GHASH code is the one EVP's GCM selects (PCLMULQDQ where the
 *           CPU has it), unlike aes-*-gcm's low-level calls (README).
 *   fetch   EVP_MAC "GMAC" (cipher AES-128-GCM, the IV) initialised once,
 *           EVP_MAC_update per operation (3.0+; speed's loop on 3.x).
 * Known answers: NIST GCM vectors with additional data alone, the tag. */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const ghash_ops[] = {"mac", NULL};

/* CRYPTO_gcm128_new's block function type (block128_f). */
typedef void (*block128_f)(const unsigned char *in, unsigned char *out, const void *key);

typedef struct {
    const crypto_lib *lib;
    const unsigned char *in;
    size_t len;
    unsigned char *block; /* a setup's input */
    cx_AES_KEY key;       /* legacy: the GCM context points at it */
    cx_GCM128_CONTEXT *gcm;
    cx_EVP_MAC *mac;
    cx_EVP_MAC_CTX *macctx;
} ghash_state;

static bool gcm128_loop(void *p, uint64_t iterations)
{
    ghash_state *s = p;
    int (*aad)(cx_GCM128_CONTEXT *, const unsigned char *, size_t) = s->lib->fn.CRYPTO_gcm128_aad;
    cx_GCM128_CONTEXT *gcm = s->gcm;
    const unsigned char *in = s->in;
    size_t len = s->len;
    for (uint64_t i = 0; i < iterations; i++)
        if (aad(gcm, in, len) != 0)
            return false;
    return true;
}

static bool gmac_loop(void *p, uint64_t iterations)
{
    ghash_state *s = p;
    int (*update)(cx_EVP_MAC_CTX *, const unsigned char *, size_t) = s->lib->fn.EVP_MAC_update;
    cx_EVP_MAC_CTX *ctx = s->macctx;
    const unsigned char *in = s->in;
    size_t len = s->len;
    for (uint64_t i = 0; i < iterations; i++)
        if (update(ctx, in, len) != 1)
            return false;
    return true;
}

static void ghash_teardown(void *p)
{
    ghash_state *s = p;
    if (s == NULL)
        return;
    if (s->gcm != NULL)
        s->lib->fn.CRYPTO_gcm128_release(s->gcm);
    if (s->macctx != NULL)
        s->lib->fn.EVP_MAC_CTX_free(s->macctx);
    if (s->mac != NULL)
        s->lib->fn.EVP_MAC_free(s->mac);
    free(s->block);
    free(s);
}

static bool gcm128_open(ghash_state *s, const unsigned char *key, const unsigned char *iv,
                        size_t ivlen, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    if (f->AES_set_encrypt_key(key, 128, &s->key) != 0)
        return wl_fail(s->lib, why, n, "AES_set_encrypt_key failed");
    /* The cast OpenSSL's own speed.c makes ((block128_f)AES_encrypt). */
    if ((s->gcm = f->CRYPTO_gcm128_new(&s->key, (block128_f)f->AES_encrypt)) == NULL)
        return wl_fail(s->lib, why, n, "CRYPTO_gcm128_new failed");
    f->CRYPTO_gcm128_setiv(s->gcm, iv, ivlen);
    return true;
}

static bool gmac_open(ghash_state *s, const unsigned char *key, const unsigned char *iv,
                      size_t ivlen, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    cx_OSSL_PARAM params[3];
    wl_utf8_params(params, "cipher", "AES-128-GCM");
    params[1] = (cx_OSSL_PARAM){.key = "iv",
                                .data_type = CX_OSSL_PARAM_OCTET_STRING,
                                .data = (void *)iv,
                                .data_size = ivlen,
                                .return_size = (size_t)-1};
    params[2] = (cx_OSSL_PARAM){0};
    if ((s->mac = f->EVP_MAC_fetch(NULL, "GMAC", NULL)) == NULL)
        return wl_fail(s->lib, why, n, "EVP_MAC_fetch(GMAC) failed");
    if ((s->macctx = f->EVP_MAC_CTX_new(s->mac)) == NULL)
        return wl_fail(s->lib, why, n, "EVP_MAC_CTX_new failed");
    if (f->EVP_MAC_init(s->macctx, key, 16, params) != 1)
        return wl_fail(s->lib, why, n, "EVP_MAC_init(key, AES-128-GCM, iv) failed");
    return true;
}

typedef bool ghash_opener(ghash_state *s, const unsigned char *key, const unsigned char *iv,
                          size_t ivlen, char *why, size_t n);

/* The context keyed and given its IV once for one path; the loop to time. */
static ghash_state *ghash_open(const crypto_lib *lib, api_path api, const unsigned char *key,
                               const unsigned char *iv, size_t ivlen, workload_loop *loop,
                               char *why, size_t n)
{
    ghash_opener *open = api == API_LEGACY ? gcm128_open : api == API_FETCH ? gmac_open : NULL;
    *loop = api == API_LEGACY ? gcm128_loop : gmac_loop;
    if (open == NULL)
        return wl_why(why, n, "ghash has no %s call", api_name(api)), NULL;
    ghash_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    return wl_keep_if(open(s, key, iv, ivlen, why, n), s, ghash_teardown);
}

/* The tag after the additional data the loop hashed. */
static bool ghash_tag(ghash_state *s, api_path api, unsigned char tag[16], char *why, size_t n)
{
    if (api == API_LEGACY) {
        s->lib->fn.CRYPTO_gcm128_tag(s->gcm, tag, 16);
        return true;
    }
    size_t outl = 0;
    if (s->lib->fn.EVP_MAC_final(s->macctx, tag, &outl, 16) != 1 || outl != 16)
        return wl_fail(s->lib, why, n, "EVP_MAC_final failed");
    return true;
}

typedef struct {
    const char *source, *key, *iv, *aad, *tag;
} ghash_kat;

/* NIST CAVP gcmEncryptExtIV128.rsp, PTlen = 0, Taglen = 128: one vector of
 * AADlen = 128 and one of AADlen = 384, the additional data as two
 * operations of half of it, so a partial block (8, 24 bytes) carries over. */
static const ghash_kat ghash_kats[] = {
    {"NIST GCM AADlen 128", "77be63708971c4e240d1cb79e8d77feb", "e0e00f19fed7ba0136a797f3",
     "7a43ec1d9c0a5a78a0b16533a6213cab", "209fcc8d3675ed938e9c7166709dd946"},
    {"NIST GCM AADlen 384", "99e3e8793e686e571d8285c564f75e2b", "c2dd0ab868da6aa8ad9c0d23",
     "b668e42d4e444ca8b23cfdd95a9fedd5178aa521144890b093733cf5cf22526c"
     "5917ee476541809ac6867a8c399309fc",
     "3f4fba100eaf1f34b0baadaae9995d85"},
};

static bool ghash_kat_check(const crypto_lib *lib, api_path api, const ghash_kat *k, char *why,
                            size_t n)
{
    unsigned char key[16], iv[12], aad[64], tag[16];
    size_t ivlen = wl_hex_decode(k->iv, iv, sizeof iv);
    size_t len = wl_hex_decode(k->aad, aad, sizeof aad);
    if (wl_hex_decode(k->key, key, sizeof key) != 16 || ivlen == (size_t)-1 ||
        len == (size_t)-1 || len % 2 != 0)
        return wl_why(why, n, "ghash: malformed known-answer vector");
    workload_loop loop;
    ghash_state *s = ghash_open(lib, api, key, iv, ivlen, &loop, why, n);
    if (s == NULL)
        return false;
    bool ok = true;
    s->len = len / 2;
    for (size_t half = 0; half < 2 && ok; half++) {
        s->in = aad + half * s->len;
        ok = loop(s, 1) || wl_fail(lib, why, n, "hashing the additional data failed");
    }
    ok = ok && ghash_tag(s, api, tag, why, n);
    char what[64];
    snprintf(what, sizeof what, "GHASH (%s)", k->source);
    ok = ok && wl_kat_compare(what, tag, sizeof tag, k->tag, why, n);
    ghash_teardown(s);
    return ok;
}

static check_result ghash_self_check(const crypto_lib *lib, const workload_spec *ws,
                                     api_path api, char *why, size_t n)
{
    (void)ws;
    bool ok = true;
    for (size_t i = 0; i < sizeof ghash_kats / sizeof ghash_kats[0] && ok; i++)
        ok = ghash_kat_check(lib, api, &ghash_kats[i], why, n);
    return wl_result(ok);
}

static void *ghash_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                         size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)ws, (void)op; /* one operation: hash */
    unsigned char key[16];
    wl_fill_pattern(key, sizeof key, 0x4b455921u);
    static const char speed_iv[] = "0123456789ab";
    ghash_state *s = ghash_open(lib, api, key, (const unsigned char *)speed_iv,
                                sizeof speed_iv - 1, loop, why, n);
    if (s == NULL)
        return NULL;
    s->in = s->block = wl_input_block(bytes, 0x47484153u, why, n);
    s->len = bytes;
    return wl_keep_if(s->block != NULL, s, ghash_teardown);
}

const workload wl_ghash = {
    .name = "ghash",
    .kind = KIND_SYMMETRIC,
    .sized = true,
    .ops = ghash_ops,
    .doc = "GHASH one block (any length) as AES-128-GCM additional data on a context keyed "
           "once with its IV; the hash carries on",
    .needs = {[API_LEGACY] = "AES_set_encrypt_key AES_encrypt CRYPTO_gcm128_new "
                             "CRYPTO_gcm128_setiv CRYPTO_gcm128_aad CRYPTO_gcm128_tag "
                             "CRYPTO_gcm128_release",
              [API_FETCH] = "EVP_MAC_fetch EVP_MAC_free EVP_MAC_CTX_new EVP_MAC_CTX_free "
                            "EVP_MAC_init EVP_MAC_update EVP_MAC_final"},
    .self_check = ghash_self_check,
    .setup = ghash_setup,
    .teardown = ghash_teardown,
};
