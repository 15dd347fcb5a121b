/* aes-128-cbc, aes-192-cbc, aes-256-cbc: one operation = CBC-encrypt one block (a
 * multiple of 16 bytes, no padding) with the key set up once; the IV carries
 * on (cipher.c).  legacy: AES_set_encrypt_key once + AES_cbc_encrypt. */
#include "cipher.h"

bool aes_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why, size_t n)
{
    if (s->lib->fn.AES_set_encrypt_key(key, (int)keylen * 8, (cx_AES_KEY *)(void *)s->low) != 0)
        return wl_fail(s->lib, why, n, "AES_set_encrypt_key failed");
    return true;
}

static bool cbc_legacy_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    void (*cbc)(const unsigned char *, unsigned char *, size_t, const cx_AES_KEY *,
                unsigned char *, int) = s->lib->fn.AES_cbc_encrypt;
    const cx_AES_KEY *key = (const cx_AES_KEY *)(const void *)s->low;
    const unsigned char *in = s->in;
    unsigned char *out = s->out, *iv = s->iv;
    size_t len = s->len;
    for (uint64_t i = 0; i < iterations; i++)
        cbc(in, out, len, key, iv, 1);
    return true;
}

WL_GETTER(cx_EVP_CIPHER, EVP_aes_128_cbc)
WL_GETTER(cx_EVP_CIPHER, EVP_aes_192_cbc)
WL_GETTER(cx_EVP_CIPHER, EVP_aes_256_cbc)

/* NIST SP 800-38A F.2.1, F.2.3 and F.2.5: the same IV and plaintext. */
#define SP800_38A_IV "000102030405060708090a0b0c0d0e0f"
#define SP800_38A_PT                                                                          \
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"                        \
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"

static const cipher_def aes128_cbc_def = {
    CIPHER_LINE("AES-128-CBC", 16, 16, EVP_aes_128_cbc, aes_key, cbc_legacy_loop),
    .kat = {"SP 800-38A F.2.1", "2b7e151628aed2a6abf7158809cf4f3c", SP800_38A_IV, SP800_38A_PT,
            "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
            "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7"},
};

static const cipher_def aes192_cbc_def = {
    CIPHER_LINE("AES-192-CBC", 24, 16, EVP_aes_192_cbc, aes_key, cbc_legacy_loop),
    .kat = {"SP 800-38A F.2.3", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", SP800_38A_IV,
            SP800_38A_PT,
            "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
            "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd"},
};

static const cipher_def aes256_cbc_def = {
    CIPHER_LINE("AES-256-CBC", 32, 16, EVP_aes_256_cbc, aes_key, cbc_legacy_loop),
    .kat = {"SP 800-38A F.2.5", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
            SP800_38A_IV, SP800_38A_PT,
            "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
            "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b"},
};

/* dflt: in the default set (aes-192-cbc, speed's other AES line, is not). */
#define AES_CBC_WORKLOAD(wname, def, getter, dflt)                                            \
    CIPHER_WORKLOAD(wname,                                                                    \
                    "CBC-encrypt one block (a multiple of 16 bytes) with the key set up once; " \
                    "the IV carries on",                                                      \
                    dflt, 16, def, [API_LEGACY] = "AES_set_encrypt_key AES_cbc_encrypt",      \
                    CIPHER_NEEDS_EVP(getter))

const workload wl_aes_128_cbc =
    AES_CBC_WORKLOAD("aes-128-cbc", aes128_cbc_def, EVP_aes_128_cbc, true);
const workload wl_aes_192_cbc =
    AES_CBC_WORKLOAD("aes-192-cbc", aes192_cbc_def, EVP_aes_192_cbc, false);
const workload wl_aes_256_cbc =
    AES_CBC_WORKLOAD("aes-256-cbc", aes256_cbc_def, EVP_aes_256_cbc, true);
