/* hmac-<digest>: one operation = one HMAC of one `bytes`-long block with the
 * key set up once (mac.c: evp, fetch):
 *   legacy   HMAC_Init_ex(ctx, NULL, 0, NULL, NULL) + HMAC_Update + HMAC_Final
 *            on one context (caller-allocated + HMAC_CTX_init up to 1.0.2)
 *   oneshot  HMAC(EVP_<md>(), key, ...) per operation (3.x: a fetch per call)
 *   evp      EVP_PKEY_new_mac_key(EVP_PKEY_HMAC) */
#include "mac.h"

#include <stdlib.h>

/* 0.9.8: HMAC_Init_ex/Update/Final return void (their own call shape in
 * symbols.def), so there is no result to check. */
static bool legacy_void_loop(void *p, uint64_t iterations)
{
    mac_state *s = p;
    void (*init)(void *, const void *, int, const cx_EVP_MD *, cx_ENGINE *) =
        s->lib->fn.HMAC_Init_ex_void;
    void (*update)(void *, const unsigned char *, size_t) = s->lib->fn.HMAC_Update_void;
    void (*final)(void *, unsigned char *, unsigned int *) = s->lib->fn.HMAC_Final_void;
    void *ctx = s->low;
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
    mac_state *s = p;
    if (s->lib->fn.HMAC_Init_ex_void != NULL) /* the shape of this release, once per sample */
        return legacy_void_loop(p, iterations);
    int (*init)(void *, const void *, int, const cx_EVP_MD *, cx_ENGINE *) = s->lib->fn.HMAC_Init_ex;
    int (*update)(void *, const unsigned char *, size_t) = s->lib->fn.HMAC_Update;
    int (*final)(void *, unsigned char *, unsigned int *) = s->lib->fn.HMAC_Final;
    void *ctx = s->low;
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
    mac_state *s = p;
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

static void low_close(mac_state *s)
{
    if (s->low_owned) {
        s->lib->fn.HMAC_CTX_cleanup(s->low);
        free(s->low);
    } else {
        s->lib->fn.HMAC_CTX_free(s->low);
    }
}

static bool low_open(mac_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    if (lib->fn.HMAC_CTX_new != NULL) {
        s->low = lib->fn.HMAC_CTX_new();
    } else if ((s->low = calloc(1, sizeof(cx_HMAC_CTX_LEGACY))) != NULL) {
        s->low_owned = true; /* <= 1.0.2: the caller owns the struct (240/288 bytes) */
        lib->fn.HMAC_CTX_init(s->low);
    }
    if (s->low == NULL)
        return wl_fail(lib, why, n, "cannot allocate an HMAC_CTX");
    if (lib->fn.HMAC_Init_ex_void != NULL) { /* 0.9.8 */
        lib->fn.HMAC_Init_ex_void(s->low, s->key, (int)s->keylen, s->md, NULL);
        return true;
    }
    if (lib->fn.HMAC_Init_ex(s->low, s->key, (int)s->keylen, s->md, NULL) != 1)
        return wl_fail(lib, why, n, "HMAC_Init_ex failed");
    return true;
}

static check_result evp_key(mac_state *s, char *why, size_t n)
{
    s->pkey = s->lib->fn.EVP_PKEY_new_mac_key(CX_EVP_PKEY_HMAC, NULL, s->key, (int)s->keylen);
    return wl_result(s->pkey != NULL ||
                     wl_fail(s->lib, why, n, "EVP_PKEY_new_mac_key(HMAC) failed"));
}

WL_GETTER(cx_EVP_MD, EVP_sha256)

/* The fields every HMAC line shares. */
#define HMAC_DEF(ttl, digest)                                                                 \
    .title = ttl, .mac_name = "HMAC", .param_name = "digest", .param_value = digest,          \
    .keylen = 32, .low_open = low_open, .low_close = low_close, .legacy = legacy_loop,        \
    .oneshot = oneshot_loop, .evp_key = evp_key

static const mac_def hmac_sha256_def = {
    HMAC_DEF("HMAC-SHA256", "SHA256"),
    .evp_md = EVP_sha256_of,
    /* "Hi There"; "Jefe", "what do ya want for nothing?" */
    .kat = {{"HMAC-SHA256 (RFC 4231 case 1)", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
             "4869205468657265",
             "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
            {"HMAC-SHA256 (RFC 4231 case 2)", "4a656665",
             "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"}},
};

WL_GETTER(cx_EVP_MD, EVP_sha1)

static const mac_def hmac_sha1_def = {
    HMAC_DEF("HMAC-SHA1", "SHA1"),
    .evp_md = EVP_sha1_of,
    .kat = {{"HMAC-SHA1 (RFC 2202 case 1)", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
             "4869205468657265", "b617318655057264e28bc0b6fb378c8ef146be00"},
            {"HMAC-SHA1 (RFC 2202 case 2)", "4a656665",
             "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
             "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"}},
};

WL_GETTER(cx_EVP_MD, EVP_md5)

/* openssl speed's `hmac` on 1.x (HMAC-MD5); `-hmac md5` on 3.x. */
static const mac_def hmac_md5_def = {
    HMAC_DEF("HMAC-MD5", "MD5"),
    .evp_md = EVP_md5_of,
    .kat = {{"HMAC-MD5 (RFC 2202 case 1)", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b",
             "4869205468657265", "9294727a3638bb1c13f48ef8158bfc9d"},
            {"HMAC-MD5 (RFC 2202 case 2)", "4a656665",
             "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
             "750c783e6ab0b503eaa86e310a5db738"}},
};

/* The needs of each path, for a digest whose static object is EVP_<md>. */
#define HMAC_NEEDS(getter)                                                                    \
    {                                                                                         \
        [API_LEGACY] = "HMAC_CTX_new|HMAC_CTX_init HMAC_CTX_free|HMAC_CTX_cleanup "           \
                       "HMAC_Init_ex HMAC_Update HMAC_Final " #getter,                        \
        [API_ONESHOT] = "HMAC " #getter,                                                      \
        [API_EVP] = MAC_NEEDS_EVP "EVP_PKEY_new_mac_key " #getter, MAC_NEEDS_FETCH,           \
    }

#define HMAC_WORKLOAD(wname, ttl, dflt, def, getter)                                          \
    {MAC_WORKLOAD_FIELDS(wname,                                                               \
                         ttl " of one block with the key set up once: init + update + final", \
                         dflt, def),                                                          \
     .needs = HMAC_NEEDS(getter)}

const workload wl_hmac_sha256 =
    HMAC_WORKLOAD("hmac-sha256", "HMAC-SHA256", true, hmac_sha256_def, EVP_sha256);
const workload wl_hmac_sha1 = HMAC_WORKLOAD("hmac-sha1", "HMAC-SHA1", false, hmac_sha1_def, EVP_sha1);
const workload wl_hmac_md5 = HMAC_WORKLOAD("hmac-md5", "HMAC-MD5", false, hmac_md5_def, EVP_md5);
