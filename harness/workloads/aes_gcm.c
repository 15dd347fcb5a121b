/* aes-128-gcm, aes-256-gcm: one AEAD operation (aead.c: nonce, 13-byte AAD,
 * encrypt, final, tag) on a context keyed once; EVP GCM needs 1.0.1.  No
 * legacy path: the low-level CRYPTO_gcm128_* calls need a block function
 * pointer and stitch no AES-NI, so they time another implementation. */
#include "aead.h"

WL_GETTER(cx_EVP_CIPHER, EVP_aes_128_gcm)
WL_GETTER(cx_EVP_CIPHER, EVP_aes_256_gcm)

/* McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)", test cases
 * 2, 3, 4 (AES-128) and 14, 15, 16 (AES-256). */
#define GCM_PT64                                                                              \
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"                        \
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255"
#define GCM_PT60                                                                              \
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"                        \
    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
#define GCM_IV "cafebabefacedbaddecaf888"
#define GCM_AAD "feedfacedeadbeeffeedfacedeadbeefabaddad2"
#define GCM_KEY "feffe9928665731c6d6a8f9467308308"

static const aead_def aes128_gcm_def = {
    AEAD_LINE("AES-128-GCM", 16, EVP_aes_128_gcm),
    .kat = {{"(test case 2)", "00000000000000000000000000000000", "000000000000000000000000",
             "", "00000000000000000000000000000000", "0388dace60b6a392f328c2b971b2fe78",
             "ab6e47d42cec13bdf53a67b21257bddf"},
            {"(test case 3)", GCM_KEY, GCM_IV, "", GCM_PT64,
             "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
             "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985",
             "4d5c2af327cd64a62cf35abd2ba6fab4"},
            {"(test case 4, with AAD)", GCM_KEY, GCM_IV, GCM_AAD, GCM_PT60,
             "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
             "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
             "5bc94fbc3221a5db94fae95ae7121a47"}},
};

static const aead_def aes256_gcm_def = {
    AEAD_LINE("AES-256-GCM", 32, EVP_aes_256_gcm),
    .kat = {{"(test case 14)", "0000000000000000000000000000000000000000000000000000000000000000",
             "000000000000000000000000", "", "00000000000000000000000000000000",
             "cea7403d4d606b6e074ec5d3baf39d18", "d0d1c8a799996bf0265b98b5d48ab919"},
            {"(test case 15)", GCM_KEY GCM_KEY, GCM_IV, "", GCM_PT64,
             "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
             "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad",
             "b094dac5d93471bdec1a502270e3cc6c"},
            {"(test case 16, with AAD)", GCM_KEY GCM_KEY, GCM_IV, GCM_AAD, GCM_PT60,
             "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
             "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
             "76fc6ece0f4e1768cddf8853bb2d551b"}},
};

const workload wl_aes_128_gcm = AEAD_WORKLOAD("aes-128-gcm", true, aes128_gcm_def, EVP_aes_128_gcm);
const workload wl_aes_256_gcm = AEAD_WORKLOAD("aes-256-gcm", true, aes256_gcm_def, EVP_aes_256_gcm);
