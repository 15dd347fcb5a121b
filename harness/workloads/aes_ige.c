/* aes-128-ige, aes-192-ige, aes-256-ige: one operation = IGE-encrypt one
 * block (a multiple of 16 bytes) with the key set up once; the 32-byte IV
 * (the last ciphertext and plaintext blocks) carries on (cipher.c), as
 * `openssl speed aes-128-ige` on 0.9.8 - 1.1.1 (3.0's speed dropped them).
 *   legacy  AES_set_encrypt_key once + AES_ige_encrypt (deprecated in 3.0,
 *           still exported)
 * No EVP path: no release has an IGE EVP_CIPHER. */
#include "cipher.h"

static bool ige_legacy_loop(void *p, uint64_t iterations)
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

#define IGE_LINE(name, klen)                                                                  \
    .title = name, .keylen = klen, .ivlen = 32, .legacy_key = aes_key, .legacy = ige_legacy_loop

/* The second AES-128 vector of B. Laurie, "OpenSSL's IGE implementation"
 * (2006), the key "This is an imple" (OpenSSL's test/igetest.c has it as a
 * decryption, ige_test_vectors[1]): two operations of one block. */
static const cipher_def aes128_ige_def = {
    IGE_LINE("AES-128-IGE", 16),
    .kat = {"Laurie's IGE paper, 2nd AES-128 vector", "5468697320697320616e20696d706c65",
            "6d656e746174696f6e206f6620494745206d6f646520666f72204f70656e5353",
            "99706487a1cde613bc6de0b6f24b1c7aa448c8b9c3403e3467a8cad89340f53b",
            "4c2e204c6574277320686f70652042656e20676f74206974207269676874210a"},
};

/* Laurie's paper and igetest.c have 128-bit keys only, so these follow
 * from the NIST SP 800-38A ECB ones (F.1.3, F.1.5: key, P1..P4, C1..C4) by
 * IGE's definition y_i = E(x_i ^ y_(i-1)) ^ x_(i-1): with the IV y_0 =
 * 00..0f, x_0 = 10..1f and the plaintext x_i = P_i ^ y_(i-1), the
 * ciphertext is y_i = C_i ^ x_(i-1).  Four blocks, two operations of two. */
#define IGE_FROM_ECB(name, klen, figure, key, pt, ct)                                        \
    {IGE_LINE(name, klen),                                                                    \
     .kat = {"SP 800-38A " figure " blocks, IGE-chained", key,                                \
             "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", pt, ct}}

static const cipher_def aes192_ige_def = IGE_FROM_ECB(
    "AES-192-IGE", 24, "F.1.3", "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    "6bc0bce12a459991e134741a7f9e1925030fd759645348d471bcd7a30ead3582"
    "cc49a423e413ae2d73fb59b0897a05251aea0e3ecbfe35c900772cf7442746dc",
    "ad225d0e7a50e448ef0bb80f4b02bbd3fc81b865474f4a3c960098a9937057ca"
    "ec752a7b14b1aedead5c6d8ca24b71cc5602e599979ec25f88ed30a68abb8b2b");

static const cipher_def aes256_ige_def = IGE_FROM_ECB(
    "AES-256-IGE", 32, "F.1.5", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
    "6bc0bce12a459991e134741a7f9e19254dd249f9bfc41ab780e52fc9640311b6"
    "02146bb75d0990a6d894124954a263ba0da04c05fc2d7559dc9d89033cc0cbbb",
    "e3ffc3aea1c7b62b1e52406521ac9fe732dc77f1fe5574b73d6fd3504ea83155"
    "fb3f68402362ee4e71b6c878daacfcab212420cd64f06359dee99fc6ca868f7d");

#define AES_IGE_WORKLOAD(wname, def)                                                          \
    CIPHER_WORKLOAD(wname,                                                                    \
                    "IGE-encrypt one block (a multiple of 16 bytes) with the key set up once; " \
                    "the 32-byte IV carries on",                                              \
                    false, 16, def, [API_LEGACY] = "AES_set_encrypt_key AES_ige_encrypt")

const workload wl_aes_128_ige = AES_IGE_WORKLOAD("aes-128-ige", aes128_ige_def);
const workload wl_aes_192_ige = AES_IGE_WORKLOAD("aes-192-ige", aes192_ige_def);
const workload wl_aes_256_ige = AES_IGE_WORKLOAD("aes-256-ige", aes256_ige_def);
