/* The CBC block ciphers of `openssl speed`'s list that 3.x keeps in its
 * legacy provider: des-cbc, rc2-cbc, rc5-cbc, idea-cbc, seed-cbc, bf-cbc,
 * cast5-cbc.  One operation = CBC-encrypt one block (a multiple of the
 * cipher's block, no padding) with the key set up once; the IV carries on
 * (cipher.c).
 *   legacy     the key set-up and CBC call `openssl speed <name>` times on
 *              1.x (apps/speed.c of 1.1.1w): a 16-byte key (DES: 8), RC2
 *              with 128 effective bits, RC5 with 12 rounds
 *   evp/fetch  EVP_<cipher>_cbc / "<NAME>-CBC": on 3.x only with the legacy
 *              provider loaded, which the reason says (cipher.c).
 * Known answers: the cipher's published vector.  Where that is one ECB
 * block P -> C, it is made a two-block CBC vector of the same key: with IV
 * V, the plaintext (P ^ V) || (P ^ C) encrypts to C || C, so the second
 * operation gives C only if the first left C as its IV. */
#include "cipher.h"

_Static_assert(sizeof(cx_BF_KEY) <= sizeof(((cipher_state *)0)->low), "BF_KEY fits");

/* --- key set-ups, as speed's ------------------------------------------------ */

CIPHER_KEY(des_key, cx_DES_key_schedule,
           s->lib->fn.DES_set_key_unchecked((const unsigned char(*)[8])key, ks))
CIPHER_KEY(rc2_key, cx_RC2_KEY, s->lib->fn.RC2_set_key(ks, (int)keylen, key, 128))
CIPHER_KEY(idea_key, cx_IDEA_KEY_SCHEDULE, s->lib->fn.IDEA_set_encrypt_key(key, ks))
CIPHER_KEY(seed_key, cx_SEED_KEY_SCHEDULE, s->lib->fn.SEED_set_key(key, ks))
CIPHER_KEY(bf_key, cx_BF_KEY, s->lib->fn.BF_set_key(ks, (int)keylen, key))
CIPHER_KEY(cast5_key, cx_CAST_KEY, s->lib->fn.CAST_set_key(ks, (int)keylen, key))

/* RC5_32_set_key: int (0 = a key it refuses) from 3.0, void before. */
static bool rc5_key(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                    size_t n)
{
    cx_RC5_32_KEY *ks = (cx_RC5_32_KEY *)(void *)s->low;
    if (s->lib->fn.RC5_32_set_key == NULL)
        s->lib->fn.RC5_32_set_key_void(ks, (int)keylen, key, 12);
    else if (s->lib->fn.RC5_32_set_key(ks, (int)keylen, key, 12) != 1)
        return wl_fail(s->lib, why, n, "RC5_32_set_key failed");
    return true;
}

/* --- timed loops ------------------------------------------------------------ */

/* DES_ncbc_encrypt takes its IV as a DES_cblock *. */
static bool des_legacy_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    void (*cbc)(const unsigned char *, unsigned char *, long, cx_DES_key_schedule *,
                unsigned char(*)[8], int) = s->lib->fn.DES_ncbc_encrypt;
    cx_DES_key_schedule *ks = (cx_DES_key_schedule *)(void *)s->low;
    const unsigned char *in = s->in;
    unsigned char *out = s->out;
    unsigned char(*iv)[8] = (unsigned char(*)[8])s->iv;
    long len = (long)s->len;
    for (uint64_t i = 0; i < iterations; i++)
        cbc(in, out, len, ks, iv, 1);
    return true;
}

CIPHER_CBC_LOOP(rc2_legacy_loop, RC2_cbc_encrypt, cx_RC2_KEY, long)
CIPHER_CBC_LOOP(rc5_legacy_loop, RC5_32_cbc_encrypt, cx_RC5_32_KEY, long)
CIPHER_CBC_LOOP(idea_legacy_loop, IDEA_cbc_encrypt, cx_IDEA_KEY_SCHEDULE, long)
CIPHER_CBC_LOOP(seed_legacy_loop, SEED_cbc_encrypt, const cx_SEED_KEY_SCHEDULE, size_t)
CIPHER_CBC_LOOP(bf_legacy_loop, BF_cbc_encrypt, const cx_BF_KEY, long)
CIPHER_CBC_LOOP(cast5_legacy_loop, CAST_cbc_encrypt, const cx_CAST_KEY, long)

CIPHER_GETTER(EVP_des_cbc)
CIPHER_GETTER(EVP_rc2_cbc)
CIPHER_GETTER(EVP_rc5_32_12_16_cbc)
CIPHER_GETTER(EVP_idea_cbc)
CIPHER_GETTER(EVP_seed_cbc)
CIPHER_GETTER(EVP_bf_cbc)
CIPHER_GETTER(EVP_cast5_cbc)

/* --- the lines (legacy_cbc.def) --------------------------------------------- */

#define LEGACY_CBC(id, wname, title, what, cipher, klen, block, low_needs, nb, ...)                 \
    static const cipher_def id##_def = {                                                      \
        CIPHER_LINE(title, klen, block, EVP_##cipher, id##_key, id##_legacy_loop),             \
        .evp_exported = EVP_##cipher##_exported, .kat = {__VA_ARGS__}};
#include "legacy_cbc.def"
#undef LEGACY_CBC

#define LEGACY_CBC(id, wname, title, what, cipher, klen, block, low_needs, nb, ...)                 \
    const workload wl_##id##_cbc = {                                                            \
        CIPHER_WORKLOAD_FIELDS(wname,                                                         \
                               what " CBC-encrypt one block (a multiple of " #block          \
                                    " bytes) with the key set up once; the IV carries on",    \
                               false, block, id##_def),                                       \
        .needs = {[API_LEGACY] = low_needs, CIPHER_NEEDS_EVP(EVP_##cipher)},                  \
        .available = cipher_legacy_provider_available,                                        \
        .not_built = nb,                                                                      \
    };
#include "legacy_cbc.def"
#undef LEGACY_CBC
