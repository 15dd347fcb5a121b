/* des-ede3-cbc: one operation = three-key Triple-DES CBC encryption of one
 * block (a multiple of 8 bytes, no padding) with the keys set up once; the
 * IV carries on (cipher.c).
 *   legacy     DES_set_key_unchecked x3 once + DES_ede3_cbc_encrypt, which
 *              returns the last ciphertext block in the IV it is given, as
 *              `openssl speed des-ede3` on 1.x
 *   evp/fetch  EVP_des_ede3_cbc / "DES-EDE3-CBC" (in 3.x's default provider) */
#include "cipher.h"

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

static bool ede3_legacy_loop(void *p, uint64_t iterations)
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

WL_GETTER(cx_EVP_CIPHER, EVP_des_ede3_cbc)

/* NIST CAVP TDES multi-block message test, TCBCMMT3.rsp ENCRYPT COUNT = 9
 * (three distinct keys, 10 blocks): two operations of 5 blocks. */
static const cipher_def des_ede3_cbc_def = {
    CIPHER_LINE("DES-EDE3-CBC", 24, 8, EVP_des_ede3_cbc, ede3_key, ede3_legacy_loop),
    .kat = {"NIST CAVP TCBCMMT3 encrypt 9", "9b162a0df8ad9b61c88676e3d586434570b902f12a2046e0",
            "ebd6fefe029ad54b",
            "f4c1c918e77355c8156f0fd778da52bff121ae5f2f44eaf4d2754946d0e10d1f"
            "18ce3a0176e69c18b7d20b6e0d0bee5eb5edfe4bd60e4d92adcd86bce72e76f9"
            "4ee5cbcaa8b01cfddcea2ade575e66ac",
            "1ff3c8709f403a8eff291aedf50c010df5c5ff64a8b205f1fce68564798897a3"
            "90db16ee0d053856b75898009731da290fcc119dad987277aacef694872e880c"
            "4bb41471063fae05c89f25e4bd0cad6a"},
};

const workload wl_des_ede3_cbc = CIPHER_WORKLOAD(
    "des-ede3-cbc",
    "3-key Triple-DES CBC-encrypt one block (a multiple of 8 bytes) with the keys set up once; "
    "the IV carries on",
    false, 8, des_ede3_cbc_def,
    [API_LEGACY] = "DES_set_key_unchecked DES_ede3_cbc_encrypt", CIPHER_NEEDS_EVP(EVP_des_ede3_cbc));
