/* The cipher lines of ciphers.def on the cipher engine (cipher.c, cipher.h):
 * first the low-level key set-ups, timed loops and `available` checks a row
 * names, then each row becomes its static-object getter, its cipher_def and
 * its wl_<id>. */
#include "cipher.h"

/* --- AES: CBC, IGE (the key set-up of every AES mode whose low level keeps
 * one: an AES_KEY in s->low) ------------------------------------------------ */

static bool aes_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                    size_t n)
{
    if (s->lib->fn.AES_set_encrypt_key(key, (int)keylen * 8, (cx_AES_KEY *)(void *)s->low) != 0)
        return wl_fail(s->lib, why, n, "AES_set_encrypt_key failed");
    return true;
}

CIPHER_CBC_LOOP(aes_cbc_loop, AES_cbc_encrypt, const cx_AES_KEY, size_t)

static bool ige_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    void (*ige)(const unsigned char *, unsigned char *, size_t, const cx_AES_KEY *,
                unsigned char *, const int) = s->lib->fn.AES_ige_encrypt;
    const cx_AES_KEY *key = (const cx_AES_KEY *)(const void *)s->low;
    const unsigned char *in = s->in;
    unsigned char *out = s->out, *iv = s->iv;
    size_t len = s->len;
    for (uint64_t i = 0; i < iterations; i++)
        ige(in, out, len, key, iv, 1);
    return true;
}

/* --- AES-CTR ------------------------------------------------------------------ */

/* CRYPTO_ctr128_encrypt's block function type (block128_f). */
typedef void (*block128_f)(const unsigned char *in, unsigned char *out, const void *key);

typedef struct {
    cx_AES_KEY key;
    unsigned char ecount[16]; /* the key stream of the current block */
    unsigned int num;         /* bytes of it used */
} ctr_low;

_Static_assert(sizeof(ctr_low) <= sizeof(((cipher_state *)0)->low), "ctr_low fits");

static bool ctr_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                    size_t n)
{
    ctr_low *c = (ctr_low *)(void *)s->low;
    if (s->lib->fn.AES_set_encrypt_key(key, (int)keylen * 8, &c->key) != 0)
        return wl_fail(s->lib, why, n, "AES_set_encrypt_key failed");
    return true;
}

/* AES_ctr128_encrypt where the release has it (up to 1.0.2), else
 * CRYPTO_ctr128_encrypt with AES_encrypt.  One table-based AES block at a
 * time: neither reaches the AES-NI CTR code, which only EVP uses. */
static bool ctr_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    ctr_low *c = (ctr_low *)(void *)s->low;
    const unsigned char *in = s->in;
    unsigned char *out = s->out, *iv = s->iv;
    size_t len = s->len;
    if (s->lib->fn.AES_ctr128_encrypt != NULL) {
        void (*ctr)(const unsigned char *, unsigned char *, size_t, const cx_AES_KEY *,
                    unsigned char *, unsigned char *, unsigned int *) =
            s->lib->fn.AES_ctr128_encrypt;
        for (uint64_t i = 0; i < iterations; i++)
            ctr(in, out, len, &c->key, iv, c->ecount, &c->num);
        return true;
    }
    void (*ctr)(const unsigned char *, unsigned char *, size_t, const void *, unsigned char *,
                unsigned char *, unsigned int *, block128_f) = s->lib->fn.CRYPTO_ctr128_encrypt;
    /* The cast OpenSSL itself makes ((block128_f)AES_encrypt): libcrypto
     * calls it with an AES_KEY. */
    block128_f block = (block128_f)s->lib->fn.AES_encrypt;
    for (uint64_t i = 0; i < iterations; i++)
        ctr(in, out, len, &c->key, iv, c->ecount, &c->num, block);
    return true;
}

/* --- Camellia ----------------------------------------------------------------- */

_Static_assert(sizeof(cx_CAMELLIA_KEY) <= sizeof(((cipher_state *)0)->low), "CAMELLIA_KEY fits");

static bool camellia_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                         size_t n)
{
    if (s->lib->fn.Camellia_set_key(key, (int)keylen * 8, (cx_CAMELLIA_KEY *)(void *)s->low) != 0)
        return wl_fail(s->lib, why, n, "Camellia_set_key failed");
    return true;
}

CIPHER_CBC_LOOP(camellia_loop, Camellia_cbc_encrypt, const cx_CAMELLIA_KEY, size_t)

/* A build may leave Camellia out: on 3.x the fetch says whether it is there. */
static check_result camellia_available(const crypto_lib *lib, const workload_spec *ws,
                                       api_path api, char *why, size_t n)
{
    const cipher_def *d = ws->w->data;
    return wl_evp_available(lib, api, WL_CIPHER, d->fetch_name, false, why, n);
}

/* --- Triple-DES ---------------------------------------------------------------- */

typedef struct {
    cx_DES_key_schedule ks[3];
} ede3_low;

_Static_assert(sizeof(ede3_low) <= sizeof(((cipher_state *)0)->low), "ede3_low fits");

static bool ede3_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                     size_t n)
{
    (void)keylen;       /* three 8-byte DES keys */
    (void)why, (void)n; /* unchecked: no parity or weak-key verdict to fail on */
    ede3_low *d = (ede3_low *)(void *)s->low;
    for (int k = 0; k < 3; k++)
        s->lib->fn.DES_set_key_unchecked((const unsigned char(*)[8])(key + 8 * k), &d->ks[k]);
    return true;
}

static bool ede3_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    void (*cbc)(const unsigned char *, unsigned char *, long, cx_DES_key_schedule *,
                cx_DES_key_schedule *, cx_DES_key_schedule *, unsigned char(*)[8], int) =
        s->lib->fn.DES_ede3_cbc_encrypt;
    ede3_low *d = (ede3_low *)(void *)s->low;
    const unsigned char *in = s->in;
    unsigned char *out = s->out;
    unsigned char(*iv)[8] = (unsigned char(*)[8])s->iv;
    long len = (long)s->len;
    for (uint64_t i = 0; i < iterations; i++)
        cbc(in, out, len, &d->ks[0], &d->ks[1], &d->ks[2], iv, 1);
    return true;
}

/* --- RC4 ------------------------------------------------------------------------ */

_Static_assert(sizeof(cx_RC4_KEY) <= sizeof(((cipher_state *)0)->low), "RC4_KEY fits");

static bool rc4_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                    size_t n)
{
    (void)why, (void)n; /* RC4_set_key cannot fail */
    s->lib->fn.RC4_set_key((cx_RC4_KEY *)(void *)s->low, (int)keylen, key);
    return true;
}

static bool rc4_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    void (*rc4)(cx_RC4_KEY *, size_t, const unsigned char *, unsigned char *) = s->lib->fn.RC4;
    cx_RC4_KEY *key = (cx_RC4_KEY *)(void *)s->low;
    const unsigned char *in = s->in;
    unsigned char *out = s->out;
    size_t len = s->len;
    for (uint64_t i = 0; i < iterations; i++)
        rc4(key, len, in, out);
    return true;
}

/* The build may leave RC4 out, and 3.x has it only in the legacy provider. */
static check_result rc4_available(const crypto_lib *lib, const workload_spec *ws,
                                  api_path api, char *why, size_t n)
{
    (void)ws;
    if (api != API_LEGACY && lib->fn.EVP_CIPHER_fetch == NULL && lib->fn.EVP_rc4() == NULL) {
        wl_why(why, n, "rc4 disabled in this build");
        return CHECK_UNAVAILABLE;
    }
    return wl_evp_available(lib, api, WL_CIPHER, "RC4", true, why, n);
}

/* --- the legacy provider's CBC ciphers: key set-ups and loops as speed's --------- */

_Static_assert(sizeof(cx_BF_KEY) <= sizeof(((cipher_state *)0)->low), "BF_KEY fits");

CIPHER_KEY(des_key, cx_DES_key_schedule,
           s->lib->fn.DES_set_key_unchecked((const unsigned char(*)[8])key, ks))
CIPHER_KEY(rc2_key, cx_RC2_KEY, s->lib->fn.RC2_set_key(ks, (int)keylen, key, 128))
CIPHER_KEY(idea_key, cx_IDEA_KEY_SCHEDULE, s->lib->fn.IDEA_set_encrypt_key(key, ks))
CIPHER_KEY(seed_key, cx_SEED_KEY_SCHEDULE, s->lib->fn.SEED_set_key(key, ks))
CIPHER_KEY(bf_key, cx_BF_KEY, s->lib->fn.BF_set_key(ks, (int)keylen, key))
CIPHER_KEY(cast5_key, cx_CAST_KEY, s->lib->fn.CAST_set_key(ks, (int)keylen, key))

/* RC5_32_set_key: int (0 = a key it refuses) from 3.0, void before. */
static bool rc5_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                    size_t n)
{
    cx_RC5_32_KEY *ks = (cx_RC5_32_KEY *)(void *)s->low;
    if (s->lib->fn.RC5_32_set_key == NULL)
        s->lib->fn.RC5_32_set_key_void(ks, (int)keylen, key, 12);
    else if (s->lib->fn.RC5_32_set_key(ks, (int)keylen, key, 12) != 1)
        return wl_fail(s->lib, why, n, "RC5_32_set_key failed");
    return true;
}

/* DES_ncbc_encrypt takes its IV as a DES_cblock *. */
static bool des_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    void (*cbc)(const unsigned char *, unsigned char *, long, cx_DES_key_schedule *,
                unsigned char(*)[8], int) = s->lib->fn.DES_ncbc_encrypt;
    cx_DES_key_schedule *ks = (cx_DES_key_schedule *)(void *)s->low;
    const unsigned char *in = s->in;
    unsigned char *out = s->out;
    unsigned char(*iv)[8] = (unsigned char(*)[8])s->iv;
    long len = (long)s->len;
    for (uint64_t i = 0; i < iterations; i++)
        cbc(in, out, len, ks, iv, 1);
    return true;
}

CIPHER_CBC_LOOP(rc2_loop, RC2_cbc_encrypt, cx_RC2_KEY, long)
CIPHER_CBC_LOOP(rc5_loop, RC5_32_cbc_encrypt, cx_RC5_32_KEY, long)
CIPHER_CBC_LOOP(idea_loop, IDEA_cbc_encrypt, cx_IDEA_KEY_SCHEDULE, long)
CIPHER_CBC_LOOP(seed_loop, SEED_cbc_encrypt, const cx_SEED_KEY_SCHEDULE, size_t)
CIPHER_CBC_LOOP(bf_loop, BF_cbc_encrypt, const cx_BF_KEY, long)
CIPHER_CBC_LOOP(cast5_loop, CAST_cbc_encrypt, const cx_CAST_KEY, long)

/* --- the lines (ciphers.def) ------------------------------------------------------ */

#define CIPHER_ROW(id, wname, ttl, klen, ivl, getter, key, loop, low_needs, dflt, multiple, wdoc, \
                   avail, nb, ...)                                                            \
    WL_GETTER(cx_EVP_CIPHER, getter)                                                          \
    static const cipher_def id##_def = {CIPHER_LINE(ttl, klen, ivl, getter, key, loop),       \
                                        .kat = {__VA_ARGS__}};                                \
    const workload wl_##id = {                                                                \
        CIPHER_WORKLOAD_FIELDS(wname, wdoc, dflt, multiple, id##_def),                        \
        .needs = {[API_LEGACY] = low_needs, CIPHER_NEEDS_EVP(getter)},                        \
        .available = avail,                                                                   \
        .not_built = nb,                                                                      \
    };
#define CIPHER_ROW_LEGACY(id, wname, ttl, klen, ivl, key, loop, low_needs, multiple, wdoc, ...) \
    static const cipher_def id##_def = {.title = ttl, .keylen = klen, .ivlen = ivl,           \
                                        .legacy_key = key, .legacy = loop,                    \
                                        .kat = {__VA_ARGS__}};                                \
    const workload wl_##id =                                                                  \
        CIPHER_WORKLOAD(wname, wdoc, false, multiple, id##_def, [API_LEGACY] = low_needs);
#define CIPHER_ROW_EVP(id, wname, ttl, klen, ivl, getter, multiple, wdoc, ...)                \
    WL_GETTER(cx_EVP_CIPHER, getter)                                                          \
    static const cipher_def id##_def = {CIPHER_LINE(ttl, klen, ivl, getter, NULL, NULL),      \
                                        .kat = {__VA_ARGS__}};                                \
    const workload wl_##id =                                                                  \
        CIPHER_WORKLOAD(wname, wdoc, false, multiple, id##_def, CIPHER_NEEDS_EVP(getter));
#define CIPHER_ROW_LEGACY_PROVIDER(id, wname, ttl, what, getter, klen, block, key, loop,       \
                                   low_needs, nb, ...)                                        \
    CIPHER_GETTER(getter)                                                                     \
    static const cipher_def id##_def = {CIPHER_LINE(ttl, klen, block, getter, key, loop),     \
                                        .evp_exported = getter##_exported,                    \
                                        .kat = {__VA_ARGS__}};                                \
    const workload wl_##id = {                                                                \
        CIPHER_WORKLOAD_FIELDS(wname, CIPHER_CBC_DOC(what " ", block), false, block, id##_def), \
        .needs = {[API_LEGACY] = low_needs, CIPHER_NEEDS_EVP(getter)},                        \
        .available = cipher_legacy_provider_available,                                        \
        .not_built = nb,                                                                      \
    };
#include "ciphers.def"
#undef CIPHER_ROW
#undef CIPHER_ROW_LEGACY
#undef CIPHER_ROW_EVP
#undef CIPHER_ROW_LEGACY_PROVIDER
