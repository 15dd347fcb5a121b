/* The known answers of evp-fetch's classes (evp_fetch.h): each obtains one
 * object the way the point's loop does and shows it is the algorithm asked
 * for.  A digest, cipher, MAC and KDF compute a published vector; the
 * classes whose objects need a key to do anything (RAND, KEM, SIGNATURE,
 * KEYMGMT, KEYEXCH) answer EVP_*_is_a for the algorithm's name. */
#include "evp_fetch.h"

#include <string.h>

static const unsigned char abc[] = "abc";

/* The digest of "abc" (FIPS 180-2 B.1 for SHA-256). */
bool fetch_md_works(const fetch_state *s, const char *expect, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    cx_EVP_MD *fetched = NULL;
    const cx_EVP_MD *md = s->api == API_FETCH ? (fetched = f->EVP_MD_fetch(s->libctx, s->name, NULL))
                                              : f->EVP_get_digestbyname(s->name);
    unsigned char out[64];
    unsigned int len = 0;
    bool ok = md != NULL && f->EVP_Digest(abc, 3, out, &len, md, NULL) == 1;
    if (fetched != NULL)
        f->EVP_MD_free(fetched);
    if (!ok)
        return wl_fail(s->lib, why, n, "digest of \"abc\" failed");
    return wl_kat_compare("digest of \"abc\" (FIPS 180-2 B.1)", out, len, expect, why, n);
}

/* AES-128-GCM: the GCM specification's test case 2 (zero key, IV and
 * block): its ciphertext. */
bool fetch_cipher_works(const fetch_state *s, const char *expect, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    cx_EVP_CIPHER *fetched = NULL;
    const cx_EVP_CIPHER *c = s->api == API_FETCH
                                 ? (fetched = f->EVP_CIPHER_fetch(s->libctx, s->name, NULL))
                                 : f->EVP_get_cipherbyname(s->name);
    cx_EVP_CIPHER_CTX *ctx = f->EVP_CIPHER_CTX_new();
    static const unsigned char zero[16];
    unsigned char out[32];
    int len = 0;
    bool ok = c != NULL && ctx != NULL && f->EVP_EncryptInit_ex(ctx, c, NULL, zero, zero) == 1 &&
              f->EVP_EncryptUpdate(ctx, out, &len, zero, sizeof zero) == 1;
    if (ctx != NULL)
        f->EVP_CIPHER_CTX_free(ctx);
    if (fetched != NULL)
        f->EVP_CIPHER_free(fetched);
    if (!ok)
        return wl_fail(s->lib, why, n, "encryption with the cipher failed");
    return wl_kat_compare("GCM test case 2 ciphertext", out, (size_t)len, expect, why, n);
}

/* HMAC-SHA256: RFC 4231 test case 2. */
bool fetch_mac_works(const fetch_state *s, const char *expect, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    static const char data[] = "what do ya want for nothing?";
    cx_EVP_MAC *mac = f->EVP_MAC_fetch(s->libctx, s->name, NULL);
    cx_EVP_MAC_CTX *ctx = mac != NULL ? f->EVP_MAC_CTX_new(mac) : NULL;
    cx_OSSL_PARAM params[2];
    wl_digest_params(params, "SHA256");
    unsigned char out[64];
    size_t len = 0;
    bool ok = ctx != NULL && f->EVP_MAC_init(ctx, (const unsigned char *)"Jefe", 4, params) == 1 &&
              f->EVP_MAC_update(ctx, (const unsigned char *)data, strlen(data)) == 1 &&
              f->EVP_MAC_final(ctx, out, &len, sizeof out) == 1;
    if (ctx != NULL)
        f->EVP_MAC_CTX_free(ctx);
    if (mac != NULL)
        f->EVP_MAC_free(mac);
    if (!ok)
        return wl_fail(s->lib, why, n, "HMAC-SHA256 failed");
    return wl_kat_compare("HMAC-SHA256 (RFC 4231 test case 2)", out, len, expect, why, n);
}

static cx_OSSL_PARAM octets(const char *key, const unsigned char *data, size_t len)
{
    return (cx_OSSL_PARAM){key, CX_OSSL_PARAM_OCTET_STRING, (void *)data, len, (size_t)-1};
}

/* HKDF-SHA256: RFC 5869 test case 1 (42 bytes). */
bool fetch_kdf_works(const fetch_state *s, const char *expect, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    unsigned char ikm[22], salt[13], info[10], out[42];
    memset(ikm, 0x0b, sizeof ikm);
    for (unsigned i = 0; i < sizeof salt; i++)
        salt[i] = (unsigned char)i;
    for (unsigned i = 0; i < sizeof info; i++)
        info[i] = (unsigned char)(0xf0 + i);
    static char digest[] = "SHA256";
    cx_OSSL_PARAM params[5] = {
        {"digest", CX_OSSL_PARAM_UTF8_STRING, digest, sizeof digest - 1, (size_t)-1},
        octets("key", ikm, sizeof ikm), octets("salt", salt, sizeof salt),
        octets("info", info, sizeof info), {NULL, 0, NULL, 0, 0}};
    cx_EVP_KDF *kdf = f->EVP_KDF_fetch(s->libctx, s->name, NULL);
    cx_EVP_KDF_CTX *ctx = kdf != NULL ? f->EVP_KDF_CTX_new(kdf) : NULL;
    bool ok = ctx != NULL && f->EVP_KDF_derive(ctx, out, sizeof out, params) == 1;
    if (ctx != NULL)
        f->EVP_KDF_CTX_free(ctx);
    if (kdf != NULL)
        f->EVP_KDF_free(kdf);
    if (!ok)
        return wl_fail(s->lib, why, n, "HKDF failed");
    return wl_kat_compare("HKDF-SHA256 (RFC 5869 test case 1)", out, sizeof out, expect, why, n);
}

/* The object fetched as the loop does answers is_a(expect). */
#define FETCH_IS_A(WORKS, T, FETCH, FREE, IS_A)                                                  \
    bool WORKS(const fetch_state *s, const char *expect, char *why, size_t n)                  \
    {                                                                                         \
        const crypto_fns *f = &s->lib->fn;                                                    \
        T *o = f->FETCH(s->libctx, s->name, NULL);                                            \
        if (o == NULL)                                                                        \
            return wl_fail(s->lib, why, n, #FETCH " failed");                                 \
        bool ok = f->IS_A(o, expect) == 1;                                                    \
        f->FREE(o);                                                                           \
        return ok || wl_why(why, n, "the %s fetched as %s is not %s", s->c->type, s->name,    \
                            expect);                                                          \
    }
FETCH_IS_A(fetch_rand_works, cx_EVP_RAND, EVP_RAND_fetch, EVP_RAND_free, EVP_RAND_is_a)
FETCH_IS_A(fetch_kem_works, cx_EVP_KEM, EVP_KEM_fetch, EVP_KEM_free, EVP_KEM_is_a)
FETCH_IS_A(fetch_signature_works, cx_EVP_SIGNATURE, EVP_SIGNATURE_fetch, EVP_SIGNATURE_free,
           EVP_SIGNATURE_is_a)
FETCH_IS_A(fetch_keymgmt_works, cx_EVP_KEYMGMT, EVP_KEYMGMT_fetch, EVP_KEYMGMT_free,
           EVP_KEYMGMT_is_a)
FETCH_IS_A(fetch_keyexch_works, cx_EVP_KEYEXCH, EVP_KEYEXCH_fetch, EVP_KEYEXCH_free,
           EVP_KEYEXCH_is_a)
