/* Opaque stand-ins for libcrypto's types.  osslbench never includes an
 * OpenSSL header (one runner binary must load every release), so these are
 * incomplete types: only pointers to them ever exist on our side.  The two
 * structs the legacy API makes the caller allocate get explicit, verified
 * sizes, measured with each release's headers (docs/api-ranges.md). */
#ifndef COMPAT_TYPES_H
#define COMPAT_TYPES_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

typedef struct cx_evp_md cx_EVP_MD;
typedef struct cx_evp_md_ctx cx_EVP_MD_CTX;
typedef struct cx_evp_cipher cx_EVP_CIPHER;
typedef struct cx_evp_cipher_ctx cx_EVP_CIPHER_CTX;
typedef struct cx_evp_mac cx_EVP_MAC;
typedef struct cx_evp_mac_ctx cx_EVP_MAC_CTX;
typedef struct cx_evp_kdf cx_EVP_KDF;
typedef struct cx_evp_kdf_ctx cx_EVP_KDF_CTX;
typedef struct cx_evp_pkey cx_EVP_PKEY;
typedef struct cx_evp_pkey_ctx cx_EVP_PKEY_CTX;
typedef struct cx_rsa cx_RSA;
typedef struct cx_dsa cx_DSA;
typedef struct cx_dh cx_DH;
typedef struct cx_ec_key cx_EC_KEY;
typedef struct cx_ec_point cx_EC_POINT;
typedef struct cx_evp_signature cx_EVP_SIGNATURE;
typedef struct cx_decoder_ctx cx_OSSL_DECODER_CTX;
typedef struct cx_bignum cx_BIGNUM;
typedef struct cx_engine cx_ENGINE;
typedef struct cx_lib_ctx cx_OSSL_LIB_CTX;
typedef struct cx_provider cx_OSSL_PROVIDER;
typedef struct cx_cmac_ctx cx_CMAC_CTX;
typedef struct cx_crypto_threadid cx_CRYPTO_THREADID;
typedef struct cx_gcm128_context cx_GCM128_CONTEXT;
typedef struct cx_ec_group cx_EC_GROUP;
typedef struct cx_bio cx_BIO;
typedef struct cx_bio_method cx_BIO_METHOD;
typedef struct cx_x509 cx_X509;
typedef struct cx_x509_store cx_X509_STORE;
typedef struct cx_pkcs8_priv_key_info cx_PKCS8_PRIV_KEY_INFO;
/* PEM_read_bio_*: the pass phrase callback (pkeyread passes none) */
typedef int cx_pem_password_cb(char *buf, int size, int rwflag, void *u);
/* the x509 family's */
typedef struct cx_x509_name cx_X509_NAME;
typedef struct cx_asn1_integer cx_ASN1_INTEGER;
typedef struct cx_x509_store_ctx cx_X509_STORE_CTX;
typedef struct cx_openssl_stack cx_OPENSSL_STACK; /* STACK_OF(X509); _STACK / STACK up to 1.0.2 */
/* issue 41 (raw keys, fetch, locks): the other 3.x method objects and
 * 1.1.0's lock */
typedef struct cx_crypto_rwlock cx_CRYPTO_RWLOCK;
typedef struct cx_evp_rand cx_EVP_RAND;
typedef struct cx_evp_kem cx_EVP_KEM;
typedef struct cx_evp_keymgmt cx_EVP_KEYMGMT;
typedef struct cx_evp_keyexch cx_EVP_KEYEXCH;
/* libssl's */
typedef struct cx_ssl_method cx_SSL_METHOD;
typedef struct cx_ssl_ctx cx_SSL_CTX;
typedef struct cx_ssl cx_SSL;
typedef struct cx_ssl_cipher cx_SSL_CIPHER;
typedef struct cx_ssl_session cx_SSL_SESSION;

/* OSSL_PARAM (3.0+): 40 bytes, offsets 0/8/16/24/32 in every 3.x/4.x. */
typedef struct {
    const char *key;
    unsigned int data_type;
    void *data;
    size_t data_size;
    size_t return_size;
} cx_OSSL_PARAM;

/* Caller-allocated legacy contexts.  The digest contexts and AES_KEY have
 * the same size in every release (MD5_CTX 92, SHA_CTX 96, SHA256_CTX 112,
 * SHA512_CTX 216 bytes); HMAC_CTX is 240 bytes in 0.9.8 and 288 in 1.0.x,
 * and only exists caller-allocated up to 1.0.2. */
typedef struct { _Alignas(8) unsigned char opaque[92]; } cx_MD5_CTX;
typedef struct { _Alignas(8) unsigned char opaque[96]; } cx_SHA_CTX;
typedef struct { _Alignas(8) unsigned char opaque[112]; } cx_SHA256_CTX;
typedef struct { _Alignas(8) unsigned char opaque[216]; } cx_SHA512_CTX;
typedef struct { _Alignas(16) unsigned char opaque[244]; } cx_AES_KEY;
/* The digests of openssl speed's list (x86_64): MD4_CTX 92 and RIPEMD160_CTX
 * 96 bytes like MD5's; MDC2_CTX 32; WHIRLPOOL_CTX 168 (64 + 64 + 4, padded,
 * + 32 of bit count).  MD2_CTX is 52 bytes from 1.1.0 (MD2_INT unsigned
 * char) and 148 before (unsigned int): the larger serves both. */
typedef struct { _Alignas(8) unsigned char opaque[148]; } cx_MD2_CTX;
typedef struct { _Alignas(8) unsigned char opaque[32]; } cx_MDC2_CTX;
typedef struct { _Alignas(8) unsigned char opaque[92]; } cx_MD4_CTX;
typedef struct { _Alignas(8) unsigned char opaque[96]; } cx_RIPEMD160_CTX;
typedef struct { _Alignas(8) unsigned char opaque[168]; } cx_WHIRLPOOL_CTX;
typedef struct { _Alignas(16) unsigned char opaque[512]; } cx_HMAC_CTX_LEGACY;
/* DES_key_schedule: 16 x 8 bytes (DES_LONG is unsigned int on x86_64 in
 * every release).  RC4_KEY: x, y and data[256] of RC4_INT, unsigned int on
 * x86_64 (1032 bytes; a build with RC4_INT unsigned char needs less). */
typedef struct { _Alignas(8) unsigned char opaque[128]; } cx_DES_key_schedule;
typedef struct { _Alignas(8) unsigned char opaque[1032]; } cx_RC4_KEY;
/* The key schedules of the other block ciphers of `openssl speed`, their
 * x86_64 sizes in every release that has them (headers of 1.1.1w and 3.5.7):
 * CAMELLIA_KEY 272-byte table + rounds, 8-aligned (280); IDEA_KEY_SCHEDULE
 * 9 x 6 IDEA_INT (unsigned int, 216); SEED_KEY_SCHEDULE 32 words, unsigned
 * long under SEED_LONG (256); RC2_KEY 64 x RC2_INT (256); RC5_32_KEY rounds
 * + 34 words (140); BF_KEY P[18] + S[1024] of BF_LONG (4168); CAST_KEY 32
 * words + short_key (132). */
typedef struct { _Alignas(8) unsigned char opaque[280]; } cx_CAMELLIA_KEY;
typedef struct { _Alignas(8) unsigned char opaque[216]; } cx_IDEA_KEY_SCHEDULE;
typedef struct { _Alignas(8) unsigned char opaque[256]; } cx_SEED_KEY_SCHEDULE;
typedef struct { _Alignas(8) unsigned char opaque[256]; } cx_RC2_KEY;
typedef struct { _Alignas(8) unsigned char opaque[140]; } cx_RC5_32_KEY;
typedef struct { _Alignas(8) unsigned char opaque[4168]; } cx_BF_KEY;
typedef struct { _Alignas(8) unsigned char opaque[132]; } cx_CAST_KEY;

#endif
