/* aes-128-cbc, aes-256-cbc: one operation = CBC-encrypt one `bytes`-long
 * block (a multiple of 16, no padding).  The key schedule / cipher context
 * is set up once; the IV state carries on from one operation to the next,
 * exactly as in `openssl speed aes-128-cbc` / `-evp aes-128-cbc`. */
#include "common.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const crypto_lib *lib;
    api_path api;
    int keybits;
    size_t bytes;
    unsigned char *in, *out;
    unsigned char iv[16];
    cx_AES_KEY key;          /* legacy */
    cx_EVP_CIPHER_CTX *ctx;  /* evp, fetch */
    cx_EVP_CIPHER *fetched;
} cbc_state;

static const char *cbc_unsupported_bits(const crypto_lib *lib, api_path api, int keybits)
{
    switch (api) {
    case API_LEGACY:
        WL_REQUIRE(lib, AES_set_encrypt_key);
        WL_REQUIRE(lib, AES_cbc_encrypt);
        return NULL;
    case API_EVP:
    case API_FETCH:
        if (api == API_FETCH && !crypto_lib_since(lib, R_300))
            return wl_needs(R_300);
        WL_REQUIRE(lib, EVP_CIPHER_CTX_new);
        WL_REQUIRE(lib, EVP_CIPHER_CTX_free);
        WL_REQUIRE(lib, EVP_EncryptInit_ex);
        WL_REQUIRE(lib, EVP_EncryptUpdate);
        WL_REQUIRE(lib, EVP_CIPHER_CTX_set_padding);
        if (api == API_FETCH) {
            WL_REQUIRE(lib, EVP_CIPHER_fetch);
            WL_REQUIRE(lib, EVP_CIPHER_free);
        } else if (keybits == 128)
            WL_REQUIRE(lib, EVP_aes_128_cbc);
        else
            WL_REQUIRE(lib, EVP_aes_256_cbc);
        return NULL;
    default:
        return "unknown API path";
    }
}

static const char *cbc128_unsupported(const crypto_lib *lib, api_path api, int bits)
{
    (void)bits;
    return cbc_unsupported_bits(lib, api, 128);
}

static const char *cbc256_unsupported(const crypto_lib *lib, api_path api, int bits)
{
    (void)bits;
    return cbc_unsupported_bits(lib, api, 256);
}

static void cbc_teardown(void *p)
{
    cbc_state *s = p;
    if (s == NULL)
        return;
    if (s->ctx != NULL)
        s->lib->fn.EVP_CIPHER_CTX_free(s->ctx);
    if (s->fetched != NULL)
        s->lib->fn.EVP_CIPHER_free(s->fetched);
    free(s->in);
    free(s->out);
    free(s);
}

/* Key schedule / context set-up, done once. */
static cbc_state *cbc_open(const crypto_lib *lib, api_path api, int keybits,
                           const unsigned char *key, const unsigned char iv[16], char *why,
                           size_t n)
{
    const char *no = cbc_unsupported_bits(lib, api, keybits);
    if (no != NULL) {
        snprintf(why, n, "%s", no);
        return NULL;
    }
    cbc_state *s = calloc(1, sizeof *s);
    if (s == NULL) {
        snprintf(why, n, "out of memory");
        return NULL;
    }
    s->lib = lib;
    s->api = api;
    s->keybits = keybits;
    memcpy(s->iv, iv, 16);
    if (api == API_LEGACY) {
        if (lib->fn.AES_set_encrypt_key(key, keybits, &s->key) != 0) {
            wl_fail(lib, why, n, "AES_set_encrypt_key failed");
            cbc_teardown(s);
            return NULL;
        }
        return s;
    }
    const cx_EVP_CIPHER *cipher;
    if (api == API_FETCH)
        cipher = s->fetched =
            lib->fn.EVP_CIPHER_fetch(NULL, keybits == 128 ? "AES-128-CBC" : "AES-256-CBC", NULL);
    else
        cipher = keybits == 128 ? lib->fn.EVP_aes_128_cbc() : lib->fn.EVP_aes_256_cbc();
    if (cipher == NULL) {
        wl_fail(lib, why, n, "no AES-CBC cipher object");
        cbc_teardown(s);
        return NULL;
    }
    if ((s->ctx = lib->fn.EVP_CIPHER_CTX_new()) == NULL ||
        lib->fn.EVP_EncryptInit_ex(s->ctx, cipher, NULL, key, iv) != 1 ||
        lib->fn.EVP_CIPHER_CTX_set_padding(s->ctx, 0) != 1) {
        wl_fail(lib, why, n, "cannot set up the AES-CBC context");
        cbc_teardown(s);
        return NULL;
    }
    return s;
}

/* One operation: len is a multiple of 16. */
static bool cbc_encrypt(cbc_state *s, const unsigned char *in, unsigned char *out, size_t len)
{
    if (s->api == API_LEGACY) {
        s->lib->fn.AES_cbc_encrypt(in, out, len, &s->key, s->iv, 1);
        return true;
    }
    int outl = 0;
    return s->lib->fn.EVP_EncryptUpdate(s->ctx, out, &outl, in, (int)len) == 1 &&
           (size_t)outl == len;
}

static bool cbc_self_check_bits(const crypto_lib *lib, api_path api, int keybits, char *why,
                                size_t n)
{
    /* NIST SP 800-38A F.2.1 (CBC-AES128.Encrypt) and F.2.5 (CBC-AES256.Encrypt). */
    static const char key128[] = "2b7e151628aed2a6abf7158809cf4f3c";
    static const char key256[] =
        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4";
    static const char ivhex[] = "000102030405060708090a0b0c0d0e0f";
    static const char pt[] = "6bc1bee22e409f96e93d7e117393172a"
                             "ae2d8a571e03ac9c9eb76fac45af8e51"
                             "30c81c46a35ce411e5fbc1191a0a52ef"
                             "f69f2445df4f9b17ad2b417be66c3710";
    static const char ct128[] = "7649abac8119b246cee98e9b12e9197d"
                                "5086cb9b507219ee95db113a917678b2"
                                "73bed6b8e3c1743b7116e69e22229516"
                                "3ff1caa1681fac09120eca307586e1a7";
    static const char ct256[] = "f58c4c04d6e5f1ba779eabfb5f7bfbd6"
                                "9cfc4e967edb808d679f777bc6702c7d"
                                "39f23369a9d9bacfa530e26304231461"
                                "b2eb05e2c39be9fcda6c19078c6a9d1b";
    unsigned char key[32], iv[16], in[64], out[64];
    wl_hex_decode(keybits == 128 ? key128 : key256, key, sizeof key);
    wl_hex_decode(ivhex, iv, sizeof iv);
    wl_hex_decode(pt, in, sizeof in);
    cbc_state *s = cbc_open(lib, api, keybits, key, iv, why, n);
    if (s == NULL)
        return false;
    /* Two operations of two blocks each: the second must continue the
     * chain of the first, as the timed loop relies on. */
    bool ok = cbc_encrypt(s, in, out, 32) && cbc_encrypt(s, in + 32, out + 32, 32);
    if (!ok)
        wl_fail(lib, why, n, "AES-CBC encryption failed");
    else
        ok = wl_kat_compare(keybits == 128 ? "AES-128-CBC (SP 800-38A F.2.1)"
                                           : "AES-256-CBC (SP 800-38A F.2.5)",
                            out, sizeof out, keybits == 128 ? ct128 : ct256, why, n);
    cbc_teardown(s);
    return ok;
}

static bool cbc128_self_check(const crypto_lib *lib, api_path api, int bits, char *why, size_t n)
{
    (void)bits;
    return cbc_self_check_bits(lib, api, 128, why, n);
}

static bool cbc256_self_check(const crypto_lib *lib, api_path api, int bits, char *why, size_t n)
{
    (void)bits;
    return cbc_self_check_bits(lib, api, 256, why, n);
}

static void *cbc_setup_bits(const crypto_lib *lib, api_path api, int keybits, int op,
                            size_t bytes, char *why, size_t n)
{
    if (op != 0) {
        snprintf(why, n, "AES-CBC has one operation (encrypt)");
        return NULL;
    }
    if (bytes == 0 || bytes % 16 != 0 || bytes > INT_MAX) {
        snprintf(why, n, "CBC needs a block size that is a positive multiple of 16, not %zu",
                 bytes);
        return NULL;
    }
    unsigned char key[32], iv[16];
    wl_fill_pattern(key, sizeof key, 0x4b455921u);
    wl_fill_pattern(iv, sizeof iv, 0x49562121u);
    cbc_state *s = cbc_open(lib, api, keybits, key, iv, why, n);
    if (s == NULL)
        return NULL;
    s->bytes = bytes;
    if ((s->in = malloc(bytes)) == NULL || (s->out = malloc(bytes)) == NULL) {
        snprintf(why, n, "out of memory for a %zu-byte block", bytes);
        cbc_teardown(s);
        return NULL;
    }
    wl_fill_pattern(s->in, bytes, 0x43424321u);
    return s;
}

static void *cbc128_setup(const crypto_lib *lib, api_path api, int bits, int op, size_t bytes,
                          char *why, size_t n)
{
    (void)bits;
    return cbc_setup_bits(lib, api, 128, op, bytes, why, n);
}

static void *cbc256_setup(const crypto_lib *lib, api_path api, int bits, int op, size_t bytes,
                          char *why, size_t n)
{
    (void)bits;
    return cbc_setup_bits(lib, api, 256, op, bytes, why, n);
}

static bool cbc_run(void *p, uint64_t iterations)
{
    cbc_state *s = p;
    for (uint64_t i = 0; i < iterations; i++)
        if (!cbc_encrypt(s, s->in, s->out, s->bytes))
            return false;
    return true;
}

static const char *const cbc_ops[] = {"encrypt", NULL};

const workload wl_aes_128_cbc = {
    .name = "aes-128-cbc",
    .sized = true,
    .block_multiple = 16,
    .ops = cbc_ops,
    .unsupported = cbc128_unsupported,
    .self_check = cbc128_self_check,
    .setup = cbc128_setup,
    .run = cbc_run,
    .teardown = cbc_teardown,
};

const workload wl_aes_256_cbc = {
    .name = "aes-256-cbc",
    .sized = true,
    .block_multiple = 16,
    .ops = cbc_ops,
    .unsupported = cbc256_unsupported,
    .self_check = cbc256_self_check,
    .setup = cbc256_setup,
    .run = cbc_run,
    .teardown = cbc_teardown,
};
