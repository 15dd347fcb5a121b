/* The digest family (sha256, md5, ...): one operation = the digest of one
 * `bytes`-long block.  digest.c drives every EVP path from a digest_def;
 * each algorithm's file adds its low-level loops with DIGEST_LOW_LEVEL and
 * its table line with DIGEST_WORKLOAD. */
#ifndef HARNESS_WORKLOADS_DIGEST_H
#define HARNESS_WORKLOADS_DIGEST_H

#include "common.h"

typedef struct {
    const crypto_lib *lib;
    const unsigned char *in;
    size_t len;
    unsigned char *block;     /* the input a setup() owns */
    const cx_EVP_MD *md;      /* evp, evp-ctx: the static object; fetch: the fetched one */
    cx_EVP_MD *fetched;
    cx_EVP_MD_CTX *ctx;       /* evp-ctx: one context for every operation */
    unsigned int outlen;
    size_t xof_len;           /* digest_xof_loop: the bytes to squeeze */
    unsigned char out[64];
    _Alignas(16) unsigned char low[256]; /* a low-level context (SHA256_CTX, MD5_CTX ...) */
} digest_state;

typedef struct {
    const char *msg;    /* ASCII message */
    const char *digest; /* hex */
} digest_kat;

typedef struct {
    const char *title;      /* "SHA-256", for known-answer messages */
    const char *fetch_name; /* "SHA256" */
    size_t len;             /* digest bytes */
    const cx_EVP_MD *(*evp_md)(const crypto_lib *lib); /* the static method object */
    workload_loop legacy, oneshot; /* NULL where the algorithm has no such call */
    bool in_legacy_provider; /* 3.x has it only there (digest_available) */
    const char *kat_source;
    digest_kat kat[2];
} digest_def;

/* The fields of a digest_def but its known answers: EVP_<getter> is its
 * static object (defined with WL_GETTER); DIGEST_LINE_LOW adds the loops
 * DIGEST_LOW_LEVEL(PFX, ...) defines. */
#define DIGEST_LINE(ttl, fetch, bytes, getter)                                                \
    .title = ttl, .fetch_name = fetch, .len = bytes, .evp_md = getter##_of
#define DIGEST_LINE_LOW(PFX) .legacy = PFX##_legacy_loop, .oneshot = PFX##_oneshot_loop
/* ... both, for a digest 3.x keeps in the legacy provider (DIGEST_OPTIONAL). */
#define DIGEST_LINE_LEGACY(ttl, fetch, bytes, PFX, getter)                                    \
    DIGEST_LINE(ttl, fetch, bytes, getter), DIGEST_LINE_LOW(PFX), .in_legacy_provider = true

workload_check_fn digest_self_check;
/* The EVP paths need a provider with the algorithm on 3.x (wl_evp_available). */
workload_check_fn digest_available;
workload_setup_fn digest_setup;
workload_teardown_fn digest_teardown;
workload_output_fn digest_output;
/* The EVP loops, for a line that looks its digest up by name (evp_named.c):
 * EVP_Digest with s->md; Init/Update/FinalXOF of s->xof_len on s->ctx. */
bool digest_evp_loop(void *state, uint64_t iterations);
bool digest_xof_loop(void *state, uint64_t iterations);

extern const char *const digest_ops[];

/* The `needs` of the EVP paths of a digest whose static object is EVP_<md>. */
#define DIGEST_NEEDS_EVP(getter)                                                              \
    [API_EVP] = "EVP_Digest " #getter,                                                        \
    [API_EVP_CTX] = "EVP_MD_CTX_new EVP_MD_CTX_free "    \
                    "EVP_DigestInit_ex EVP_DigestUpdate EVP_DigestFinal_ex " #getter,         \
    [API_FETCH] = "EVP_Digest EVP_MD_fetch EVP_MD_free"
/* ... and of its low-level calls PFX_Init/Update/Final and PFX(). */
#define DIGEST_NEEDS_LOW(PFX)                                                                 \
    [API_LEGACY] = #PFX "_Init " #PFX "_Update " #PFX "_Final", [API_ONESHOT] = #PFX

/* The fields of a digest's table line but its `needs`. */
#define DIGEST_WORKLOAD_FIELDS(wname, wdoc, dflt, def)                                        \
    .name = wname, .kind = KIND_SYMMETRIC, .sized = true, .ops = digest_ops, .doc = wdoc,     \
    .in_default = dflt, .self_check = digest_self_check, .setup = digest_setup,               \
    .teardown = digest_teardown, .output = digest_output, .data = &def
/* A digest's table line; the variadic part is its `needs` (the two macros
 * above, or DIGEST_NEEDS_EVP alone for a digest with no low-level calls).
 * digest_available too: a fork may export EVP_MD_fetch without every digest
 * (BoringSSL's knows no SHA3-256), which is then unsupported, not failed. */
#define DIGEST_WORKLOAD(wname, wdoc, dflt, def, ...)                                          \
    {DIGEST_WORKLOAD_FIELDS(wname, wdoc, dflt, def), .needs = {__VA_ARGS__},                  \
     .available = digest_available}

/* A digest of openssl speed's list that a build may leave out (Configure
 * `option`, "enable-md4") and 3.x may keep in the legacy provider: every
 * path, low-level calls PFX_Init/Update/Final and PFX() (their loops and
 * the getter: DIGEST_OPTIONAL), static object EVP_<getter>; not in the
 * default set. */
#define DIGEST_OPTIONAL(PFX, CTX, DATA, ONCE, getter)                                         \
    DIGEST_LOW_LEVEL_TYPED(PFX, CTX, DATA, ONCE)                                              \
    WL_GETTER(cx_EVP_MD, getter)
#define DIGEST_OPTIONAL_WORKLOAD(wname, ttl, def, PFX, getter, option)                        \
    {DIGEST_WORKLOAD_FIELDS(wname, "one " ttl " digest of one block, from init to final",     \
                            false, def),                                                      \
     .needs = {DIGEST_NEEDS_LOW(PFX), DIGEST_NEEDS_EVP(getter)},                              \
     .available = digest_available, .not_built = option}
/* Its whole table line, wl_<id>: names, digest bytes, calls, option, and
 * the known answers' source and vectors ({msg, hex}, one or two). */
#define DIGEST_OPTIONAL_LINE(id, wname, ttl, fetch, bytes, PFX, getter, option, source, ...)  \
    static const digest_def id##_def = {DIGEST_LINE_LEGACY(ttl, fetch, bytes, PFX, getter),   \
                                        .kat_source = source, .kat = {__VA_ARGS__}};          \
    const workload wl_##id = DIGEST_OPTIONAL_WORKLOAD(wname, ttl, id##_def, PFX, getter, option);

/* The low-level loops of an algorithm: PFX_Init/Update/Final on one
 * caller-allocated CTX, and the one-shot PFX(), each called through a
 * pointer of its real type loaded once per sample: PFX_Update takes `const
 * DATA *`, PFX() `const ONCE *` (void and unsigned char for most; MD2 and
 * MDC2 update unsigned char, WHIRLPOOL() takes void). */
#define DIGEST_LOW_LEVEL(PFX, CTX) DIGEST_LOW_LEVEL_TYPED(PFX, CTX, void, unsigned char)
#define DIGEST_LOW_LEVEL_TYPED(PFX, CTX, DATA, ONCE)                                          \
    _Static_assert(sizeof(CTX) <= sizeof(((digest_state *)0)->low), #CTX " fits");           \
    static bool PFX##_legacy_loop(void *p, uint64_t iterations)                               \
    {                                                                                         \
        digest_state *s = p;                                                                  \
        int (*init)(CTX *) = s->lib->fn.PFX##_Init;                                           \
        int (*update)(CTX *, const DATA *, size_t) = s->lib->fn.PFX##_Update;                 \
        int (*final)(unsigned char *, CTX *) = s->lib->fn.PFX##_Final;                        \
        CTX *c = (CTX *)(void *)s->low;                                                       \
        const unsigned char *in = s->in;                                                      \
        size_t len = s->len;                                                                  \
        unsigned char *out = s->out;                                                          \
        for (uint64_t i = 0; i < iterations; i++)                                             \
            if (init(c) != 1 || update(c, in, len) != 1 || final(out, c) != 1)                \
                return false;                                                                 \
        return true;                                                                          \
    }                                                                                         \
    static bool PFX##_oneshot_loop(void *p, uint64_t iterations)                              \
    {                                                                                         \
        digest_state *s = p;                                                                  \
        unsigned char *(*once)(const ONCE *, size_t, unsigned char *) = s->lib->fn.PFX;       \
        const unsigned char *in = s->in;                                                      \
        size_t len = s->len;                                                                  \
        unsigned char *out = s->out;                                                          \
        for (uint64_t i = 0; i < iterations; i++)                                             \
            if (once(in, len, out) == NULL)                                                   \
                return false;                                                                 \
        return true;                                                                          \
    }

#endif
