/* aes-128-gcm, aes-256-gcm: one operation = set the (96-bit) IV on a context
 * keyed once in setup (EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, iv)),
 * encrypt one `bytes`-long block, final, and fetch the 16-byte tag.  There is
 * no low-level GCM API, and EVP GCM needs 1.0.1. */
#include "common.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GCM_GET_TAG 0x10 /* EVP_CTRL_GCM_GET_TAG = EVP_CTRL_AEAD_GET_TAG, 1.0.1+ */

typedef struct {
    const crypto_lib *lib;
    size_t bytes;
    unsigned char *in, *out;
    unsigned char iv[12];
    unsigned char tag[16];
    cx_EVP_CIPHER_CTX *ctx;
    cx_EVP_CIPHER *fetched;
} gcm_state;

static const char *gcm_unsupported_bits(const crypto_lib *lib, api_path api, int keybits)
{
    switch (api) {
    case API_LEGACY:
        return "no low-level GCM API";
    case API_EVP:
    case API_FETCH:
        if (api == API_FETCH && !crypto_lib_since(lib, R_300))
            return wl_needs(R_300);
        if (!crypto_lib_since(lib, R_101))
            return wl_needs(R_101);
        WL_REQUIRE(lib, EVP_CIPHER_CTX_new);
        WL_REQUIRE(lib, EVP_CIPHER_CTX_free);
        WL_REQUIRE(lib, EVP_EncryptInit_ex);
        WL_REQUIRE(lib, EVP_EncryptUpdate);
        WL_REQUIRE(lib, EVP_EncryptFinal_ex);
        WL_REQUIRE(lib, EVP_CIPHER_CTX_ctrl);
        if (api == API_FETCH) {
            WL_REQUIRE(lib, EVP_CIPHER_fetch);
            WL_REQUIRE(lib, EVP_CIPHER_free);
        } else if (keybits == 128)
            WL_REQUIRE(lib, EVP_aes_128_gcm);
        else
            WL_REQUIRE(lib, EVP_aes_256_gcm);
        return NULL;
    default:
        return "unknown API path";
    }
}

static const char *gcm128_unsupported(const crypto_lib *lib, api_path api, int bits)
{
    (void)bits;
    return gcm_unsupported_bits(lib, api, 128);
}

static const char *gcm256_unsupported(const crypto_lib *lib, api_path api, int bits)
{
    (void)bits;
    return gcm_unsupported_bits(lib, api, 256);
}

static void gcm_teardown(void *p)
{
    gcm_state *s = p;
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

/* Cipher + key, once (the default IV length is 12 bytes). */
static gcm_state *gcm_open(const crypto_lib *lib, api_path api, int keybits,
                           const unsigned char *key, char *why, size_t n)
{
    const char *no = gcm_unsupported_bits(lib, api, keybits);
    if (no != NULL) {
        snprintf(why, n, "%s", no);
        return NULL;
    }
    gcm_state *s = calloc(1, sizeof *s);
    if (s == NULL) {
        snprintf(why, n, "out of memory");
        return NULL;
    }
    s->lib = lib;
    const cx_EVP_CIPHER *cipher;
    if (api == API_FETCH)
        cipher = s->fetched =
            lib->fn.EVP_CIPHER_fetch(NULL, keybits == 128 ? "AES-128-GCM" : "AES-256-GCM", NULL);
    else
        cipher = keybits == 128 ? lib->fn.EVP_aes_128_gcm() : lib->fn.EVP_aes_256_gcm();
    if (cipher == NULL) {
        wl_fail(lib, why, n, "no AES-GCM cipher object");
        gcm_teardown(s);
        return NULL;
    }
    if ((s->ctx = lib->fn.EVP_CIPHER_CTX_new()) == NULL ||
        lib->fn.EVP_EncryptInit_ex(s->ctx, cipher, NULL, key, NULL) != 1) {
        wl_fail(lib, why, n, "cannot set up the AES-GCM context");
        gcm_teardown(s);
        return NULL;
    }
    return s;
}

/* One operation: IV, encrypt, final, tag. */
static bool gcm_encrypt(gcm_state *s, const unsigned char iv[12], const unsigned char *in,
                        unsigned char *out, size_t len)
{
    const crypto_lib *lib = s->lib;
    int outl = 0, finl = 0;
    if (lib->fn.EVP_EncryptInit_ex(s->ctx, NULL, NULL, NULL, iv) != 1)
        return false;
    if (lib->fn.EVP_EncryptUpdate(s->ctx, out, &outl, in, (int)len) != 1)
        return false;
    if (lib->fn.EVP_EncryptFinal_ex(s->ctx, out + outl, &finl) != 1 ||
        (size_t)outl + (size_t)finl != len)
        return false;
    return lib->fn.EVP_CIPHER_CTX_ctrl(s->ctx, GCM_GET_TAG, 16, s->tag) == 1;
}

typedef struct {
    const char *name, *key, *iv, *pt, *ct, *tag;
} gcm_kat;

/* McGrew & Viega, "The Galois/Counter Mode of Operation", test cases 2, 3
 * (AES-128) and 14, 15 (AES-256); no AAD. */
static const char tc_pt64[] =
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255";
static const gcm_kat kat128[] = {
    {"AES-128-GCM (test case 2)", "00000000000000000000000000000000", "000000000000000000000000",
     "00000000000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78",
     "ab6e47d42cec13bdf53a67b21257bddf"},
    {"AES-128-GCM (test case 3)", "feffe9928665731c6d6a8f9467308308", "cafebabefacedbaddecaf888",
     tc_pt64,
     "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
     "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
     "4d5c2af327cd64a62cf35abd2ba6fab4"},
};
static const gcm_kat kat256[] = {
    {"AES-256-GCM (test case 14)",
     "0000000000000000000000000000000000000000000000000000000000000000",
     "000000000000000000000000", "00000000000000000000000000000000",
     "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919"},
    {"AES-256-GCM (test case 15)",
     "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
     "cafebabefacedbaddecaf888", tc_pt64,
     "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
     "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
     "b094dac5d93471bdec1a502270e3cc6c"},
};

static bool gcm_self_check_bits(const crypto_lib *lib, api_path api, int keybits, char *why,
                                size_t n)
{
    const gcm_kat *kat = keybits == 128 ? kat128 : kat256;
    for (size_t k = 0; k < 2; k++) {
        unsigned char key[32], iv[12], pt[64], ct[64];
        char what[64];
        wl_hex_decode(kat[k].key, key, sizeof key);
        wl_hex_decode(kat[k].iv, iv, sizeof iv);
        size_t len = wl_hex_decode(kat[k].pt, pt, sizeof pt);
        gcm_state *s = gcm_open(lib, api, keybits, key, why, n);
        if (s == NULL)
            return false;
        bool ok = true;
        /* Twice on one context: re-setting the IV must restart cleanly. */
        for (int round = 0; round < 2 && ok; round++) {
            memset(ct, 0, sizeof ct);
            if (!gcm_encrypt(s, iv, pt, ct, len)) {
                ok = wl_fail(lib, why, n, "AES-GCM encryption failed");
                break;
            }
            snprintf(what, sizeof what, "%s ciphertext", kat[k].name);
            ok = wl_kat_compare(what, ct, len, kat[k].ct, why, n);
            snprintf(what, sizeof what, "%s tag", kat[k].name);
            ok = ok && wl_kat_compare(what, s->tag, 16, kat[k].tag, why, n);
        }
        gcm_teardown(s);
        if (!ok)
            return false;
    }
    return true;
}

static bool gcm128_self_check(const crypto_lib *lib, api_path api, int bits, char *why, size_t n)
{
    (void)bits;
    return gcm_self_check_bits(lib, api, 128, why, n);
}

static bool gcm256_self_check(const crypto_lib *lib, api_path api, int bits, char *why, size_t n)
{
    (void)bits;
    return gcm_self_check_bits(lib, api, 256, why, n);
}

static void *gcm_setup_bits(const crypto_lib *lib, api_path api, int keybits, int op,
                            size_t bytes, char *why, size_t n)
{
    if (op != 0) {
        snprintf(why, n, "AES-GCM has one operation (encrypt)");
        return NULL;
    }
    if (bytes > INT_MAX - 16) {
        snprintf(why, n, "block size %zu is too large for EVP_EncryptUpdate", bytes);
        return NULL;
    }
    unsigned char key[32];
    wl_fill_pattern(key, sizeof key, 0x4b455922u);
    gcm_state *s = gcm_open(lib, api, keybits, key, why, n);
    if (s == NULL)
        return NULL;
    s->bytes = bytes;
    wl_fill_pattern(s->iv, sizeof s->iv, 0x49562122u);
    if ((s->in = malloc(bytes ? bytes : 1)) == NULL ||
        (s->out = malloc(bytes + 16)) == NULL) {
        snprintf(why, n, "out of memory for a %zu-byte block", bytes);
        gcm_teardown(s);
        return NULL;
    }
    wl_fill_pattern(s->in, bytes, 0x47434d21u);
    return s;
}

static void *gcm128_setup(const crypto_lib *lib, api_path api, int bits, int op, size_t bytes,
                          char *why, size_t n)
{
    (void)bits;
    return gcm_setup_bits(lib, api, 128, op, bytes, why, n);
}

static void *gcm256_setup(const crypto_lib *lib, api_path api, int bits, int op, size_t bytes,
                          char *why, size_t n)
{
    (void)bits;
    return gcm_setup_bits(lib, api, 256, op, bytes, why, n);
}

static bool gcm_run(void *p, uint64_t iterations)
{
    gcm_state *s = p;
    for (uint64_t i = 0; i < iterations; i++)
        if (!gcm_encrypt(s, s->iv, s->in, s->out, s->bytes))
            return false;
    return true;
}

static const char *const gcm_ops[] = {"encrypt", NULL};

const workload wl_aes_128_gcm = {
    .name = "aes-128-gcm",
    .sized = true,
    .ops = gcm_ops,
    .unsupported = gcm128_unsupported,
    .self_check = gcm128_self_check,
    .setup = gcm128_setup,
    .run = gcm_run,
    .teardown = gcm_teardown,
};

const workload wl_aes_256_gcm = {
    .name = "aes-256-gcm",
    .sized = true,
    .ops = gcm_ops,
    .unsupported = gcm256_unsupported,
    .self_check = gcm256_self_check,
    .setup = gcm256_setup,
    .run = gcm_run,
    .teardown = gcm_teardown,
};
