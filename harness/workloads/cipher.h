/* The cipher family (aes-128-cbc, ...): one operation = encrypt one
 * `bytes`-long block on a key or context set up once, the IV state carrying
 * on from one operation to the next, as `openssl speed <cipher>` and
 * `speed -evp <cipher>` do.  cipher.c drives the EVP paths from a
 * cipher_def; an algorithm's file adds its low-level key set-up and loop. */
#ifndef HARNESS_WORKLOADS_CIPHER_H
#define HARNESS_WORKLOADS_CIPHER_H

#include "cipher_ctx.h"

typedef struct {
    const crypto_lib *lib;
    const unsigned char *in;
    unsigned char *out;
    size_t len;
    cipher_ctx evp;                /* evp, fetch; the buffers of a setup() */
    unsigned char iv[16];
    _Alignas(16) unsigned char low[1056]; /* a low-level key schedule (AES_KEY, RC4_KEY ...) */
} cipher_state;

/* A known answer: where it is from; key, iv, plaintext, ciphertext (hex),
 * encrypted as two operations of half the text each, so chaining across
 * operations counts. */
typedef struct {
    const char *source, *key, *iv, *pt, *ct;
} cipher_kat;

typedef struct {
    const char *title;      /* "AES-128-CBC" for messages */
    const char *fetch_name; /* "AES-128-CBC" */
    size_t keylen, ivlen;
    const cx_EVP_CIPHER *(*evp_cipher)(const crypto_lib *lib); /* the static object */
    /* low-level: the key schedule of `keylen` bytes into s->low, and the
     * timed loop (NULL: none) */
    bool (*legacy_key)(cipher_state *s, const unsigned char *key, size_t keylen, char *why,
                       size_t n);
    workload_loop legacy;
    cipher_kat kat;
} cipher_def;

/* The fields of a cipher_def but its known answer: `name` is its title and
 * the name EVP_CIPHER_fetch takes, EVP_<getter> its static object (defined
 * with WL_GETTER), `key` and `loop` the low-level ones (NULL: none). */
#define CIPHER_LINE(name, klen, ivl, getter, key, loop)                                       \
    .title = name, .fetch_name = name, .keylen = klen, .ivlen = ivl, .evp_cipher = getter##_of, \
    .legacy_key = key, .legacy = loop

workload_check_fn cipher_self_check;
workload_setup_fn cipher_setup;
workload_teardown_fn cipher_teardown;
workload_output_fn cipher_output;
/* EVP_EncryptUpdate of s->len bytes on s->evp.ctx (evp_named.c uses it too). */
bool cipher_evp_loop(void *state, uint64_t iterations);

extern const char *const cipher_ops[];

/* The `needs` of the EVP paths of a cipher whose static object is EVP_<c>. */
#define CIPHER_NEEDS_EVP(getter)                                                              \
    [API_EVP] = "EVP_CIPHER_CTX_new EVP_CIPHER_CTX_free EVP_EncryptInit_ex EVP_EncryptUpdate " \
                "EVP_CIPHER_CTX_set_padding " #getter,                                        \
    [API_FETCH] = "EVP_CIPHER_CTX_new EVP_CIPHER_CTX_free EVP_EncryptInit_ex "                \
                  "EVP_EncryptUpdate EVP_CIPHER_CTX_set_padding EVP_CIPHER_fetch EVP_CIPHER_free"

/* A cipher's table line; the variadic part is its `needs` ([API_LEGACY] =
 * its low-level calls, CIPHER_NEEDS_EVP(getter)).  CIPHER_WORKLOAD_FIELDS:
 * the fields but `needs`, for a line that adds its own (`available`). */
#define CIPHER_WORKLOAD(wname, wdoc, dflt, multiple, def, ...)                                \
    {CIPHER_WORKLOAD_FIELDS(wname, wdoc, dflt, multiple, def), .needs = {__VA_ARGS__}}
#define CIPHER_WORKLOAD_FIELDS(wname, wdoc, dflt, multiple, def)                              \
    .name = wname, .kind = KIND_SYMMETRIC, .sized = true, .ops = cipher_ops, .doc = wdoc,     \
    .in_default = dflt, .block_multiple = multiple, .self_check = cipher_self_check,          \
    .setup = cipher_setup, .teardown = cipher_teardown, .output = cipher_output, .data = &def

#endif
