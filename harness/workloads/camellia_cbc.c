/* camellia-128-cbc, camellia-192-cbc, camellia-256-cbc: one operation =
 * CBC-encrypt one block (a multiple of 16 bytes, no padding) with the key
 * set up once; the IV carries on (cipher.c).
 *   legacy     Camellia_set_key once + Camellia_cbc_encrypt, as `openssl
 *              speed camellia-*-cbc` on 1.x
 *   evp/fetch  EVP_camellia_*_cbc / "CAMELLIA-*-CBC" (3.x's default provider)
 * Known answers: RFC 3713 appendix A (one ECB block P -> C per key size),
 * made a two-block CBC vector of the same key as legacy_cbc.c does: with IV
 * V, (P ^ V) || (P ^ C) encrypts to C || C. */
#include "cipher.h"

_Static_assert(sizeof(cx_CAMELLIA_KEY) <= sizeof(((cipher_state *)0)->low), "CAMELLIA_KEY fits");

static bool camellia_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                         size_t n)
{
    if (s->lib->fn.Camellia_set_key(key, (int)keylen * 8, (cx_CAMELLIA_KEY *)(void *)s->low) != 0)
        return wl_fail(s->lib, why, n, "Camellia_set_key failed");
    return true;
}

CIPHER_CBC_LOOP(camellia_legacy_loop, Camellia_cbc_encrypt, const cx_CAMELLIA_KEY, size_t)

WL_GETTER(cx_EVP_CIPHER, EVP_camellia_128_cbc)
WL_GETTER(cx_EVP_CIPHER, EVP_camellia_192_cbc)
WL_GETTER(cx_EVP_CIPHER, EVP_camellia_256_cbc)

/* RFC 3713 appendix A: the one plaintext, IV 00 01 ... 0f. */
#define RFC3713_IV "000102030405060708090a0b0c0d0e0f"
#define RFC3713_P1 "012247648daecbe8f6d5b0937a593c1f"

static const cipher_def camellia128_cbc_def = {
    CIPHER_LINE("CAMELLIA-128-CBC", 16, 16, EVP_camellia_128_cbc, camellia_key,
                camellia_legacy_loop),
    .kat = {"RFC 3713 A, 128-bit key", "0123456789abcdeffedcba9876543210", RFC3713_IV,
            RFC3713_P1 "6644745fdd3da49cf68bbcce3ebe8c53",
            "67673138549669730857065648eabe4367673138549669730857065648eabe43"},
};

static const cipher_def camellia192_cbc_def = {
    CIPHER_LINE("CAMELLIA-192-CBC", 24, 16, EVP_camellia_192_cbc, camellia_key,
                camellia_legacy_loop),
    .kat = {"RFC 3713 A, 192-bit key", "0123456789abcdeffedcba98765432100011223344556677",
            RFC3713_IV, RFC3713_P1 "b5ba71663a425b17b039747fa1cf3ba9",
            "b4993401b3e996f84ee5cee7d79b09b9b4993401b3e996f84ee5cee7d79b09b9"},
};

static const cipher_def camellia256_cbc_def = {
    CIPHER_LINE("CAMELLIA-256-CBC", 32, 16, EVP_camellia_256_cbc, camellia_key,
                camellia_legacy_loop),
    .kat = {"RFC 3713 A, 256-bit key",
            "0123456789abcdeffedcba987654321000112233445566778899aabbccddeeff", RFC3713_IV,
            RFC3713_P1 "9bef661a76bd1a83de33c609e86e4719",
            "9acc237dff16d76c20ef7c919e3a75099acc237dff16d76c20ef7c919e3a7509"},
};

/* A build may leave Camellia out: on 3.x the fetch says whether it is there. */
static check_result camellia_available(const crypto_lib *lib, const workload_spec *ws,
                                       api_path api, char *why, size_t n)
{
    const cipher_def *d = ws->w->data;
    return wl_evp_available(lib, api, WL_CIPHER, d->fetch_name, false, why, n);
}

#define CAMELLIA_CBC_WORKLOAD(wname, def, getter)                                             \
    {                                                                                         \
        CIPHER_WORKLOAD_FIELDS(wname,                                                         \
                               "Camellia CBC-encrypt one block (a multiple of 16 bytes) "     \
                               "with the key set up once; the IV carries on",                 \
                               false, 16, def),                                               \
            .needs = {[API_LEGACY] = "Camellia_set_key Camellia_cbc_encrypt",                 \
                      CIPHER_NEEDS_EVP(getter)},                                              \
            .available = camellia_available,                                                  \
            .not_built = "enable-camellia", /* 0.9.8 builds it only when asked */             \
    }

const workload wl_camellia_128_cbc =
    CAMELLIA_CBC_WORKLOAD("camellia-128-cbc", camellia128_cbc_def, EVP_camellia_128_cbc);
const workload wl_camellia_192_cbc =
    CAMELLIA_CBC_WORKLOAD("camellia-192-cbc", camellia192_cbc_def, EVP_camellia_192_cbc);
const workload wl_camellia_256_cbc =
    CAMELLIA_CBC_WORKLOAD("camellia-256-cbc", camellia256_cbc_def, EVP_camellia_256_cbc);
