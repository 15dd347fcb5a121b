/* The cipher family (aes-128-cbc, ...): one operation = encrypt one
 * `bytes`-long block on a key or context set up once, the IV state carrying
 * on from one operation to the next, as `openssl speed <cipher>` and
 * `speed -evp <cipher>` do.  cipher.c drives the EVP paths from a
 * cipher_def; a line is a row of ciphers.def, and ciphers.c adds the
 * low-level key set-up and loop the row names. */
#ifndef HARNESS_WORKLOADS_CIPHER_H
#define HARNESS_WORKLOADS_CIPHER_H

#include "cipher_ctx.h"

typedef struct {
    const crypto_lib *lib;
    const unsigned char *in;
    unsigned char *out;
    size_t len;
    cipher_ctx evp;                /* evp, fetch; the buffers of a setup() */
    unsigned char iv[32];          /* IGE's is two blocks */
    _Alignas(16) unsigned char low[4176]; /* a low-level key schedule (AES_KEY ... BF_KEY) */
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
    /* whether the library exports that object's getter (CIPHER_GETTER);
     * NULL: not asked (a line whose `needs` already say so on every path) */
    bool (*evp_exported)(const crypto_lib *lib);
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

/* The doc of a CBC line: `what` ("Camellia ", "" for AES) and the block. */
#define CIPHER_CBC_DOC(what, block)                                                           \
    what "CBC-encrypt one block (a multiple of " #block " bytes) with the key set up once; "  \
         "the IV carries on"

/* The getter of a cipher a build may leave out (WL_GETTER) and whether it
 * is exported, for a line's `evp_exported`. */
#define CIPHER_GETTER(getter)                                                                 \
    WL_GETTER(cx_EVP_CIPHER, getter)                                                          \
    static bool getter##_exported(const crypto_lib *lib)                                      \
    {                                                                                         \
        return lib->fn.getter != NULL;                                                        \
    }

/* A key set-up that cannot fail: `call` keys the schedule `ks` (a
 * `key_type` in s->low) from `key` and `keylen`. */
#define CIPHER_KEY(fname, key_type, call)                                                     \
    static bool fname(cipher_state *s, const unsigned char *key, size_t keylen, char *why,    \
                      size_t n)                                                               \
    {                                                                                         \
        (void)keylen, (void)why, (void)n;                                                     \
        key_type *ks = (key_type *)(void *)s->low;                                            \
        call;                                                                                 \
        return true;                                                                          \
    }

/* The low-level CBC loop of a cipher whose call is `member(in, out, len,
 * key, iv, 1)`: `key_type` is its key schedule's type as the call takes it
 * (`const cx_BF_KEY`), `len_type` its length's (long, size_t). */
#define CIPHER_CBC_LOOP(loop, member, key_type, len_type)                                     \
    static bool loop(void *p, uint64_t iterations)                                            \
    {                                                                                         \
        cipher_state *s = p;                                                                  \
        void (*cbc)(const unsigned char *, unsigned char *, len_type, key_type *,             \
                    unsigned char *, int) = s->lib->fn.member;                                \
        key_type *key = (key_type *)(void *)s->low;                                           \
        const unsigned char *in = s->in;                                                      \
        unsigned char *out = s->out, *iv = s->iv;                                             \
        len_type len = (len_type)s->len;                                                      \
        for (uint64_t i = 0; i < iterations; i++)                                             \
            cbc(in, out, len, key, iv, 1);                                                    \
        return true;                                                                          \
    }

/* `available` of a cipher that 3.x keeps in the legacy provider: on the
 * EVP paths, a build without it ("DES-CBC is not in this build"), else
 * wl_evp_available. */
workload_check_fn cipher_legacy_provider_available;

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
