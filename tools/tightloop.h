/* tightloop's modes: the state a mode's loop runs on, and the table of
 * modes (tightloop_modes.c); tightloop.c sets them up and times them. */
#ifndef TOOLS_TIGHTLOOP_H
#define TOOLS_TIGHTLOOP_H

#include "../compat/libcrypto.h"

#include <stddef.h>
#include <stdint.h>

enum { CTRL_AEAD_SET_IVLEN = 0x9, CTRL_AEAD_GET_TAG = 0x10, AAD_BYTES = 13 };

typedef struct {
    crypto_lib lib;
    size_t bytes;
    unsigned char *in, *out, key[32], iv[16], tag[16], aad[AAD_BYTES];
    cx_SHA256_CTX *sha;
    cx_AES_KEY *aes;
    const cx_EVP_MD *md_obj;
    cx_EVP_MD_CTX *mctx;
    const cx_EVP_CIPHER *cipher;
    cx_EVP_CIPHER_CTX *cctx;
    cx_EVP_MAC_CTX *hctx;
    cx_GCM128_CONTEXT *gcm;
} st;

/* n operations of one mode; false when one fails. */
typedef bool (*loop_fn)(st *s, uint64_t n);

/* What a mode sets up before timing. */
typedef enum { K_NONE, K_SHA_STATIC, K_SHA_FETCH, K_AES, K_CBC_STATIC, K_CBC_FETCH,
               K_GCM_STATIC, K_GCM_FETCH, K_GCM128, K_HMAC_FETCH } kit;

struct mode {
    const char *name;
    loop_fn loop;
    kit setup;
    const char *what;
};
extern const struct mode modes[];
extern const size_t n_modes;

/* Modes that need a function some releases lack (checked before setup). */
bool tl_loop_needs_sha256(loop_fn loop);
bool tl_loop_needs_cipherinit(loop_fn loop);

#endif
