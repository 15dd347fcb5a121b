/* The AEAD family (aes-128-gcm, chacha20-poly1305, ...): one operation, on a
 * context keyed once, is what `openssl speed -aead` times: set the nonce,
 * add 13 bytes of AAD (a TLS record header), encrypt one `bytes`-long
 * block, final, read the 16-byte tag.  aead.c drives the EVP paths. */
#ifndef HARNESS_WORKLOADS_AEAD_H
#define HARNESS_WORKLOADS_AEAD_H

#include "cipher_ctx.h"

enum { AEAD_AAD_BYTES = 13, AEAD_TAG_BYTES = 16 };

typedef struct {
    const crypto_lib *lib;
    const unsigned char *in, *aad;
    unsigned char *out;
    size_t len, aadlen;
    cipher_ctx evp;                /* the context; the buffers of a setup() */
    unsigned char iv[12];
    const unsigned char *nonce; /* set per operation: iv; NULL for a mode with none (SIV) */
    const unsigned char *rekey; /* NULL; SIV: the key, set again per operation */
    bool announce_len;          /* CCM: the text length is given before the AAD */
    unsigned char tag[AEAD_TAG_BYTES];
    unsigned char aadbuf[AEAD_AAD_BYTES];
} aead_state;

typedef struct {
    const char *name; /* "GCM spec test case 4" */
    const char *key, *iv, *aad, *pt, *ct, *tag; /* hex; aad may be "" */
} aead_kat;

typedef struct {
    const char *title, *fetch_name;
    size_t keylen;
    const cx_EVP_CIPHER *(*evp_cipher)(const crypto_lib *lib);
    aead_kat kat[3];
} aead_def;

/* The fields of an aead_def but its known answers: `name` is its title and
 * the name EVP_CIPHER_fetch takes, EVP_<getter> its static object (defined
 * with WL_GETTER). */
#define AEAD_LINE(name, klen, getter)                                                         \
    .title = name, .fetch_name = name, .keylen = klen, .evp_cipher = getter##_of

workload_check_fn aead_self_check;
workload_setup_fn aead_setup;
workload_teardown_fn aead_teardown;
workload_output_fn aead_output;
/* One AEAD operation on s->evp.ctx (evp_named.c uses it too). */
bool aead_evp_loop(void *state, uint64_t iterations);

extern const char *const aead_ops[];

#define AEAD_NEEDS_CTX                                                                        \
    "EVP_CIPHER_CTX_new EVP_CIPHER_CTX_free EVP_EncryptInit_ex EVP_EncryptUpdate "            \
    "EVP_EncryptFinal_ex EVP_CIPHER_CTX_ctrl "
#define AEAD_NEEDS_EVP(getter)                                                                \
    [API_EVP] = AEAD_NEEDS_CTX #getter,                                                       \
    [API_FETCH] = AEAD_NEEDS_CTX "EVP_CIPHER_fetch EVP_CIPHER_free"

/* An AEAD's table line: EVP paths only, the static object EVP_<getter>. */
#define AEAD_WORKLOAD(wname, dflt, def, getter)                                               \
    {                                                                                         \
        .name = wname, .kind = KIND_SYMMETRIC, .sized = true, .ops = aead_ops,                \
        .doc = "set the 96-bit nonce, 13 bytes of AAD, encrypt one block, final, read the "   \
               "16-byte tag (as openssl speed -aead)",                                        \
        .in_default = dflt, .needs = {AEAD_NEEDS_EVP(getter)},                                \
        .self_check = aead_self_check, .setup = aead_setup, .teardown = aead_teardown,        \
        .output = aead_output, .data = &def,                                                  \
    }

#endif
