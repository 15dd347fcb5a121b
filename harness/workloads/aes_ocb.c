/* aes-128-ocb: one AEAD operation (aead.c: 96-bit nonce, 13-byte AAD,
 * encrypt, final, 16-byte tag) on a context keyed once; EVP only, 1.1.0+.
 * OCB rather than CCM: CCM needs the nonce and tag lengths set before the
 * key, the message length announced by an extra update every operation, and
 * its standard vectors (RFC 3610, SP 800-38C) use tags of 8 bytes or less,
 * so it would not be a line of the AEAD family; OCB's defaults (12-byte
 * nonce, 16-byte tag) are the family's, and RFC 7253 has vectors for them. */
#include "aead.h"

WL_GETTER(cx_EVP_CIPHER, EVP_aes_128_ocb)

#define OCB_KEY "000102030405060708090a0b0c0d0e0f"
#define OCB_A32 "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"

/* RFC 7253 Appendix A, AES-128 with 128-bit tags: samples with the nonces
 * ...01 (8-byte AAD and text), ...0A (32 and 32), ...0F (no AAD, 40 bytes). */
static const aead_def aes128_ocb_def = {
    AEAD_LINE("AES-128-OCB", 16, EVP_aes_128_ocb),
    .kat = {{"(RFC 7253 A, N=...01)", OCB_KEY, "bbaa99887766554433221101", "0001020304050607",
             "0001020304050607", "6820b3657b6f615a", "5725bda0d3b4eb3a257c9af1f8f03009"},
            {"(RFC 7253 A, N=...0A)", OCB_KEY, "bbaa9988776655443322110a", OCB_A32, OCB_A32,
             "bd6f6c496201c69296c11efd138a467abd3c707924b964deaffc40319af5a485",
             "40fbba186c5553c68ad9f592a79a4240"},
            {"(RFC 7253 A, N=...0F)", OCB_KEY, "bbaa9988776655443322110f", "",
             OCB_A32 "2021222324252627",
             "4412923493c57d5de0d700f753cce0d1d2d95060122e9f15a5ddbfc5787e50b5"
             "cc55ee507bcb084e",
             "479ad363ac366b95a98ca5f3000b1479"}},
};

const workload wl_aes_128_ocb = AEAD_WORKLOAD("aes-128-ocb", false, aes128_ocb_def, EVP_aes_128_ocb);
