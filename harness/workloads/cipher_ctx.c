#include "cipher_ctx.h"

#include <stdio.h>
#include <stdlib.h>

bool cipher_ctx_open(const crypto_lib *lib, cipher_ctx *c, api_path api,
                     const cx_EVP_CIPHER *(*evp_cipher)(const crypto_lib *lib),
                     const char *fetch_name, const unsigned char *key, const unsigned char *iv,
                     bool padding_off, const char *what, char *why, size_t n)
{
    const cx_EVP_CIPHER *cipher =
        api == API_EVP ? evp_cipher(lib)
                       : (c->fetched = lib->fn.EVP_CIPHER_fetch(NULL, fetch_name, NULL));
    if (cipher == NULL)
        return wl_fail(lib, why, n, "no cipher object");
    if ((c->ctx = lib->fn.EVP_CIPHER_CTX_new()) == NULL ||
        lib->fn.EVP_EncryptInit_ex(c->ctx, cipher, NULL, key, iv) != 1 ||
        (padding_off && lib->fn.EVP_CIPHER_CTX_set_padding(c->ctx, 0) != 1)) {
        char step[64];
        snprintf(step, sizeof step, "cannot set up the %s context", what);
        return wl_fail(lib, why, n, step);
    }
    return true;
}

bool cipher_ctx_buffers(cipher_ctx *c, size_t bytes, uint32_t seed, char *why, size_t n)
{
    return (c->block = wl_input_block(bytes, seed, why, n)) != NULL &&
           (c->outbuf = wl_alloc(bytes + 64, why, n)) != NULL;
}

void cipher_ctx_free(const crypto_lib *lib, cipher_ctx *c)
{
    if (c->ctx != NULL)
        lib->fn.EVP_CIPHER_CTX_free(c->ctx);
    if (c->fetched != NULL)
        lib->fn.EVP_CIPHER_free(c->fetched);
    free(c->block);
    free(c->outbuf);
}
