/* Opaque stand-ins for libcrypto's types.  osslbench never includes an
 * OpenSSL header (one runner binary must load every release), so these are
 * incomplete types: only pointers to them ever exist on our side.  The two
 * structs the legacy API makes the caller allocate get explicit, verified
 * sizes, measured with each release's headers (docs/api-ranges.md). */
#ifndef COMPAT_TYPES_H
#define COMPAT_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef struct cx_evp_md cx_EVP_MD;
typedef struct cx_evp_md_ctx cx_EVP_MD_CTX;
typedef struct cx_evp_cipher cx_EVP_CIPHER;
typedef struct cx_evp_cipher_ctx cx_EVP_CIPHER_CTX;
typedef struct cx_evp_mac cx_EVP_MAC;
typedef struct cx_evp_mac_ctx cx_EVP_MAC_CTX;
typedef struct cx_evp_pkey cx_EVP_PKEY;
typedef struct cx_evp_pkey_ctx cx_EVP_PKEY_CTX;
typedef struct cx_rsa cx_RSA;
typedef struct cx_bignum cx_BIGNUM;
typedef struct cx_engine cx_ENGINE;
typedef struct cx_lib_ctx cx_OSSL_LIB_CTX;
typedef struct cx_crypto_threadid cx_CRYPTO_THREADID;

/* OSSL_PARAM (3.0+): 40 bytes, offsets 0/8/16/24/32 in every 3.x/4.x. */
typedef struct {
    const char *key;
    unsigned int data_type;
    void *data;
    size_t data_size;
    size_t return_size;
} cx_OSSL_PARAM;

/* Caller-allocated legacy contexts.  SHA256_CTX and AES_KEY have the same
 * size in every release; HMAC_CTX is 240 bytes in 0.9.8 and 288 in 1.0.x,
 * and only exists caller-allocated up to 1.0.2. */
typedef struct { _Alignas(8) unsigned char opaque[112]; } cx_SHA256_CTX;
typedef struct { _Alignas(16) unsigned char opaque[244]; } cx_AES_KEY;
typedef struct { _Alignas(16) unsigned char opaque[512]; } cx_HMAC_CTX_LEGACY;

#endif
