/* Helpers shared by the workload families (not part of the runner's
 * interface, which is harness/workload.h). */
#ifndef HARNESS_WORKLOADS_COMMON_H
#define HARNESS_WORKLOADS_COMMON_H

#include "../workload.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Known-answer comparison: true when got[0..len) equals the hex string
 * `expect_hex` (2*len digits); else false with "<what>: got <hex>, expected
 * <hex>" in why. */
bool wl_kat_compare(const char *what, const unsigned char *got, size_t len,
                    const char *expect_hex, char *why, size_t n);

bool wl_kat_compare_bytes(const char *what, const unsigned char *got, size_t len,
                          const unsigned char *expect, size_t elen, char *why, size_t n);

/* Hex text -> bytes; returns the byte count, or (size_t)-1 when the text is
 * not an even run of hex digits or does not fit in `cap`. */
size_t wl_hex_decode(const char *hex, unsigned char *out, size_t cap);

/* A deterministic, non-trivial input pattern (xorshift stream from seed). */
void wl_fill_pattern(unsigned char *buf, size_t n, uint32_t seed);

/* false, with the formatted reason in why. */
bool wl_why(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* false + "<fmt>" (+ the library's queued error, if any) in why. */
bool wl_fail(const crypto_lib *lib, char *why, size_t n, const char *what);
/* The library refused to make the algorithm's key or context: "<what>"
 * (+ its error) in why, and CHECK_UNAVAILABLE on a fork, which may lack an
 * algorithm behind an API it exports (BoringSSL has no DSA or CMAC behind
 * EVP_PKEY); on an OpenSSL release, which the symbol table says has it,
 * CHECK_FAIL. */
check_result wl_refused(const crypto_lib *lib, char *why, size_t n, const char *what);

/* Whether a cipher or digest is there for an EVP path.  On 3.x the static
 * getters (EVP_bf_cbc, EVP_md4) still return an object for an algorithm no
 * loaded provider has, and only its init fails, so the name is fetched once
 * (with the providers and properties the run set up).  The legacy path calls
 * the algorithm's own functions and needs no provider.  `in_legacy_provider`:
 * 3.x keeps the algorithm in the legacy provider, and the reason then says
 * how to load it.  CHECK_PASS, or CHECK_UNAVAILABLE with the reason in why. */
typedef enum { WL_CIPHER, WL_DIGEST } wl_algo_kind;
check_result wl_evp_available(const crypto_lib *lib, api_path api, wl_algo_kind kind,
                              const char *fetch_name, bool in_legacy_provider, char *why,
                              size_t n);
/* The reason an algorithm of 3.x's legacy provider is not there. */
#define WL_IN_LEGACY_PROVIDER "in the legacy provider on 3.x: --provider legacy"

/* The end of a check made of bool steps (each false with its reason). */
static inline check_result wl_result(bool ok)
{
    return ok ? CHECK_PASS : CHECK_FAIL;
}

/* An EVP_MD_CTX (NULL when the library cannot make one) and its release,
 * which does nothing with NULL; EVP_MD_CTX_new/free are the one pointer of
 * either name (_create/_destroy up to 1.0.2: symbols.def RENAMED). */
cx_EVP_MD_CTX *wl_md_ctx_new(const crypto_lib *lib);
void wl_md_ctx_free(const crypto_lib *lib, cx_EVP_MD_CTX *ctx);

/* An OSSL_PARAM list {key = value} (a UTF-8 string) for EVP_MAC_init and
 * the like (3.0+), filled by hand rather than via OSSL_PARAM_construct_*
 * (which return structs by value).  The strings must outlive `params`. */
void wl_utf8_params(cx_OSSL_PARAM params[2], const char *key, const char *value);
/* {"digest" = name} */
void wl_digest_params(cx_OSSL_PARAM params[2], const char *name);

/* Frees the RSA keys generated for non-fixed sizes (cached per process). */
void wl_rsa_cache_release(void);

/* The input block of a sized point (a deterministic pattern), or NULL +
 * reason when it cannot be allocated. */
unsigned char *wl_input_block(size_t bytes, uint32_t seed, char *why, size_t n);

/* The state a family allocates for a point, or NULL + "out of memory". */
void *wl_alloc(size_t size, char *why, size_t n);

/* The end of a family's open(): `state` when ok, else NULL after `teardown`
 * freed what was made of it (why already says what failed). */
void *wl_keep_if(bool ok, void *state, void (*teardown)(void *state));

/* The getter of a static method object a family's line names
 * (EVP_aes_128_cbc, EVP_sha256): `static const TYPE *SYM_of(const crypto_lib
 * *)` calling lib->fn.SYM(), so the object is got on the path that uses it
 * and no algorithm writes the function out. */
#define WL_GETTER(TYPE, SYM)                                                                  \
    static const TYPE *SYM##_of(const crypto_lib *lib)                                        \
    {                                                                                         \
        return lib->fn.SYM();                                                                 \
    }

#endif
