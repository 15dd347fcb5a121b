/* rc4: one operation = RC4-encrypt one block of any length with a 128-bit key
 * set up once; the key stream carries on (cipher.c).
 *   legacy     RC4_set_key once + RC4, as `openssl speed rc4` on 1.x
 *   evp/fetch  EVP_rc4 / "RC4".  3.0 moved RC4 to the legacy provider,
 *              which osslbench does not load: on 3.x both are unsupported,
 *              while the deprecated RC4() still works. */
#include "cipher.h"

_Static_assert(sizeof(cx_RC4_KEY) <= sizeof(((cipher_state *)0)->low), "RC4_KEY fits");

static bool rc4_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                    size_t n)
{
    (void)why, (void)n; /* RC4_set_key cannot fail */
    s->lib->fn.RC4_set_key((cx_RC4_KEY *)(void *)s->low, (int)keylen, key);
    return true;
}

static bool rc4_legacy_loop(void *p, uint64_t iterations)
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

WL_GETTER(cx_EVP_CIPHER, EVP_rc4)

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

/* RFC 6229, 128-bit key 0x0102...10: the key stream at offsets 0 and 16
 * (zeros encrypted), as two operations of 16 bytes. */
static const cipher_def rc4_def = {
    CIPHER_LINE("RC4", 16, 0, EVP_rc4, rc4_key, rc4_legacy_loop),
    .kat = {"RFC 6229, 128-bit key, offsets 0 and 16", "0102030405060708090a0b0c0d0e0f10", "",
            "0000000000000000000000000000000000000000000000000000000000000000",
            "9ac7cc9a609d1ef7b2932899cde41b975248c4959014126a6e8a84f11d1a9e1c"},
};

const workload wl_rc4 = {
    CIPHER_WORKLOAD_FIELDS("rc4",
                           "RC4-encrypt one block (any length) with the key set up once; "
                           "the key stream carries on",
                           false, 0, rc4_def),
    .needs = {[API_LEGACY] = "RC4_set_key RC4", CIPHER_NEEDS_EVP(EVP_rc4)},
    .available = rc4_available,
};
