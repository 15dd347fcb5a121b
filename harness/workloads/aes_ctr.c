/* aes-128-ctr: one operation = CTR-encrypt one block of any length with the
 * key set up once; the counter, and the key stream left over from a partial
 * AES block, carry on to the next operation (cipher.c).
 *   legacy     AES_ctr128_encrypt (0.9.8 - 1.0.2; gone in 1.1.0), else
 *              CRYPTO_ctr128_encrypt with AES_encrypt as the block function
 *              (1.1.0+), which is what AES_ctr128_encrypt called in 1.0.x.
 *              One table-based AES block at a time: neither reaches the
 *              AES-NI CTR code, which only EVP uses.
 *   evp/fetch  EVP_aes_128_ctr (1.0.1+). */
#include "cipher.h"

/* CRYPTO_ctr128_encrypt's block function type (block128_f). */
typedef void (*block128_f)(const unsigned char *in, unsigned char *out, const void *key);

typedef struct {
    cx_AES_KEY key;
    unsigned char ecount[16]; /* the key stream of the current block */
    unsigned int num;         /* bytes of it used */
} ctr_low;

_Static_assert(sizeof(ctr_low) <= sizeof(((cipher_state *)0)->low), "ctr_low fits");

static bool ctr_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                    size_t n)
{
    ctr_low *c = (ctr_low *)(void *)s->low;
    if (s->lib->fn.AES_set_encrypt_key(key, (int)keylen * 8, &c->key) != 0)
        return wl_fail(s->lib, why, n, "AES_set_encrypt_key failed");
    return true;
}

static bool ctr_legacy_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    ctr_low *c = (ctr_low *)(void *)s->low;
    const unsigned char *in = s->in;
    unsigned char *out = s->out, *iv = s->iv;
    size_t len = s->len;
    if (s->lib->fn.AES_ctr128_encrypt != NULL) {
        void (*ctr)(const unsigned char *, unsigned char *, size_t, const cx_AES_KEY *,
                    unsigned char *, unsigned char *, unsigned int *) =
            s->lib->fn.AES_ctr128_encrypt;
        for (uint64_t i = 0; i < iterations; i++)
            ctr(in, out, len, &c->key, iv, c->ecount, &c->num);
        return true;
    }
    void (*ctr)(const unsigned char *, unsigned char *, size_t, const void *, unsigned char *,
                unsigned char *, unsigned int *, block128_f) = s->lib->fn.CRYPTO_ctr128_encrypt;
    /* The cast OpenSSL itself makes ((block128_f)AES_encrypt): libcrypto
     * calls it with an AES_KEY. */
    block128_f block = (block128_f)s->lib->fn.AES_encrypt;
    for (uint64_t i = 0; i < iterations; i++)
        ctr(in, out, len, &c->key, iv, c->ecount, &c->num, block);
    return true;
}

WL_GETTER(cx_EVP_CIPHER, EVP_aes_128_ctr)

/* NIST SP 800-38A F.5.1 (CTR-AES128.Encrypt), its first 60 bytes: two
 * operations of 30, so the second starts inside an AES block. */
static const cipher_def aes128_ctr_def = {
    CIPHER_LINE("AES-128-CTR", 16, 16, EVP_aes_128_ctr, ctr_key, ctr_legacy_loop),
    .kat = {"SP 800-38A F.5.1, first 60 bytes", "2b7e151628aed2a6abf7158809cf4f3c",
            "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
            "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
            "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417b",
            "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
            "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0"},
};

const workload wl_aes_128_ctr = CIPHER_WORKLOAD(
    "aes-128-ctr",
    "CTR-encrypt one block (any length) with the key set up once; the counter carries on", false,
    1, aes128_ctr_def,
    [API_LEGACY] = "AES_set_encrypt_key AES_ctr128_encrypt|CRYPTO_ctr128_encrypt AES_encrypt",
    CIPHER_NEEDS_EVP(EVP_aes_128_ctr));
