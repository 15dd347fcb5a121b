/* The lines of pkeyread.def on the key-decoding engine (pkeyread.c): the
 * type-specific calls of the low-level key types, then each row's
 * pkr_line and wl_<id>. */
#include "pkeyread.h"

/* The legacy loops, public key encoder and release of low-level type T
 * (cx_T): PEM_read_bio_<PRIV>, d2i_<PRIV>, PEM_read_bio_<T>_PUBKEY,
 * d2i_<T>_PUBKEY, i2d_<T>_PUBKEY, <FREE>. */
#define PKEYREAD_LEGACY(T, CT, PRIV, FREE)                                                    \
    PKR_PEM_LOOP(T##_pem_trad, CT, PEM_read_bio_##PRIV, FREE, key)                            \
    PKR_DER_LOOP(T##_der_trad, CT, d2i_##PRIV, FREE, key)                                     \
    PKR_DER_LOOP(T##_der_pubkey, CT, d2i_##T##_PUBKEY, FREE, key)                             \
    PKR_PEM_LOOP(T##_pem_pubkey, CT, PEM_read_bio_##T##_PUBKEY, FREE, key)                    \
    static int T##_i2d_pub(const crypto_lib *lib, const void *key, unsigned char **pp)        \
    {                                                                                         \
        return lib->fn.i2d_##T##_PUBKEY(key, pp);                                             \
    }                                                                                         \
    static void T##_free(const crypto_lib *lib, void *key)                                    \
    {                                                                                         \
        lib->fn.FREE(key);                                                                    \
    }                                                                                         \
    static const pkr_legacy T##_legacy = {                                                    \
        .loop = {[PKR_PEM_TRAD] = T##_pem_trad, [PKR_DER_TRAD] = T##_der_trad,                \
                 [PKR_DER_PUBKEY] = T##_der_pubkey, [PKR_PEM_PUBKEY] = T##_pem_pubkey},       \
        .i2d_pub = T##_i2d_pub,                                                               \
        .free_key = T##_free};
PKEYREAD_LEGACY(RSA, cx_RSA, RSAPrivateKey, RSA_free)
PKEYREAD_LEGACY(EC, cx_EC_KEY, ECPrivateKey, EC_KEY_free)
PKEYREAD_LEGACY(DSA, cx_DSA, DSAPrivateKey, DSA_free)

#define PKR_NEEDS_PKCS8                                                                       \
    "BIO_new_mem_buf BIO_free PEM_read_bio_PKCS8_PRIV_KEY_INFO d2i_PKCS8_PRIV_KEY_INFO "      \
    "EVP_PKCS82PKEY PKCS8_PRIV_KEY_INFO_free EVP_PKEY_free i2d_PUBKEY"
#define PKR_NEEDS_NONE ""
#define PKR_NEEDS_RSA                                                                         \
    " PEM_read_bio_RSAPrivateKey d2i_RSAPrivateKey PEM_read_bio_RSA_PUBKEY d2i_RSA_PUBKEY "   \
    "i2d_RSA_PUBKEY RSA_free"
#define PKR_NEEDS_EC                                                                          \
    " PEM_read_bio_ECPrivateKey d2i_ECPrivateKey PEM_read_bio_EC_PUBKEY d2i_EC_PUBKEY "       \
    "i2d_EC_PUBKEY EC_KEY_free"
#define PKR_NEEDS_DSA                                                                         \
    " PEM_read_bio_DSAPrivateKey d2i_DSAPrivateKey PEM_read_bio_DSA_PUBKEY d2i_DSA_PUBKEY "   \
    "i2d_DSA_PUBKEY DSA_free"
#define PKR_LEGACY_RSA (&RSA_legacy)
#define PKR_LEGACY_EC (&EC_legacy)
#define PKR_LEGACY_DSA (&DSA_legacy)
#define PKR_LEGACY_NONE NULL

#define PKEYREAD_ROW(id, wname, ttl, k, evp_type, sn, dec_type, ops_, LEGACY, since_, what)   \
    static const pkr_line id##_line = {.title = ttl, .key = &k,                               \
                                       .spki = &k.enc[PKR_DER_PUBKEY], .type = evp_type,      \
                                       .type_sn = sn, .decoder_type = dec_type,               \
                                       .legacy = PKR_LEGACY_##LEGACY};                        \
    const workload wl_##id = {                                                                \
        .name = wname,                                                                        \
        .kind = KIND_PUBLIC_KEY,                                                              \
        .family = "loading",                                                                  \
        .ops = ops_,                                                                          \
        .doc = "decode " what " from the op's encoding, freeing the key before",              \
        .needs =                                                                              \
            {                                                                                 \
                [API_LEGACY] = PKR_NEEDS_PKCS8 PKR_NEEDS_##LEGACY,                            \
                [API_EVP] = "BIO_new_mem_buf BIO_free PEM_read_bio_PrivateKey "               \
                            "PEM_read_bio_PUBKEY d2i_PrivateKey d2i_PUBKEY EVP_PKEY_free "    \
                            "i2d_PUBKEY OBJ_sn2nid",                                         \
                [API_FETCH] = "OSSL_DECODER_CTX_new_for_pkey OSSL_DECODER_from_data "         \
                              "OSSL_DECODER_CTX_free EVP_PKEY_free i2d_PUBKEY",               \
            },                                                                                \
        .since = since_,                                                                      \
        .self_check = pkr_self_check,                                                         \
        .op_available = pkr_op_available,                                                     \
        .setup = pkr_setup,                                                                   \
        .teardown = pkr_teardown,                                                             \
        .data = &id##_line,                                                                   \
    };
#include "pkeyread.def"
#undef PKEYREAD_ROW
