/* What the cipher and AEAD families' EVP paths share: one context keyed once
 * on the path's cipher object (the static EVP_<c>() on evp, one fetched by
 * name on fetch), and the input block and output buffer of a sized point.
 * The families' states hold one; their timed loops read its context. */
#ifndef HARNESS_WORKLOADS_CIPHER_CTX_H
#define HARNESS_WORKLOADS_CIPHER_CTX_H

#include "common.h"

typedef struct {
    cx_EVP_CIPHER_CTX *ctx;
    cx_EVP_CIPHER *fetched;        /* fetch: the object ctx is keyed on */
    unsigned char *block, *outbuf; /* what a setup() owns */
} cipher_ctx;

/* c->ctx keyed with `key` and `iv` (NULL: the AEAD sets its nonce per
 * operation) on the object of `api` (API_EVP or API_FETCH), padding off
 * when asked.  false + reason ("cannot set up the <what> context"); what was
 * made stays in c for cipher_ctx_free. */
bool cipher_ctx_open(const crypto_lib *lib, cipher_ctx *c, api_path api,
                     const cx_EVP_CIPHER *(*evp_cipher)(const crypto_lib *lib),
                     const char *fetch_name, const unsigned char *key, const unsigned char *iv,
                     bool padding_off, const char *what, char *why, size_t n);

/* The input block of `bytes` (pattern from `seed`) and an output buffer with
 * room for a final block; false + reason. */
bool cipher_ctx_buffers(cipher_ctx *c, size_t bytes, uint32_t seed, char *why, size_t n);

void cipher_ctx_free(const crypto_lib *lib, cipher_ctx *c);

#endif
