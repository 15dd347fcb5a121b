#include "common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hex_encode(const unsigned char *b, size_t len, char *out, size_t cap)
{
    static const char digits[] = "0123456789abcdef";
    size_t o = 0;
    for (size_t i = 0; i < len && o + 3 <= cap; i++) {
        out[o++] = digits[b[i] >> 4];
        out[o++] = digits[b[i] & 15];
    }
    if (cap > 0)
        out[o < cap ? o : cap - 1] = '\0';
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

size_t wl_hex_decode(const char *hex, unsigned char *out, size_t cap)
{
    size_t len = strlen(hex);
    if (len % 2 != 0 || len / 2 > cap)
        return (size_t)-1;
    for (size_t i = 0; i < len / 2; i++) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return (size_t)-1;
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    return len / 2;
}

bool wl_kat_compare_bytes(const char *what, const unsigned char *got, size_t len,
                          const unsigned char *expect, size_t elen, char *why, size_t n)
{
    if (elen == len && memcmp(got, expect, len) == 0)
        return true;
    /* Show at most the first 24 bytes of each. */
    char g[49], e[49];
    hex_encode(got, len < 24 ? len : 24, g, sizeof g);
    hex_encode(expect, elen < 24 ? elen : 24, e, sizeof e);
    snprintf(why, n, "%s: wrong answer (got %s%s, %zu bytes; expected %s%s, %zu bytes)", what, g,
             len > 24 ? "..." : "", len, e, elen > 24 ? "..." : "", elen);
    return false;
}

bool wl_kat_compare(const char *what, const unsigned char *got, size_t len,
                    const char *expect_hex, char *why, size_t n)
{
    unsigned char expect[512];
    size_t elen = wl_hex_decode(expect_hex, expect, sizeof expect);
    if (elen == (size_t)-1) {
        snprintf(why, n, "%s: malformed expected value", what);
        return false;
    }
    return wl_kat_compare_bytes(what, got, len, expect, elen, why, n);
}

void wl_fill_pattern(unsigned char *buf, size_t n, uint32_t seed)
{
    uint32_t x = seed ? seed : 0x9e3779b9u;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = (unsigned char)(x >> 24);
    }
}

bool wl_why(char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    return false;
}

bool wl_fail(const crypto_lib *lib, char *why, size_t n, const char *what)
{
    const char *err = crypto_lib_last_error(lib);
    if (err[0] != '\0')
        snprintf(why, n, "%s: %s", what, err);
    else
        snprintf(why, n, "%s", what);
    return false;
}

check_result wl_refused(const crypto_lib *lib, char *why, size_t n, const char *what)
{
    check_result r = crypto_lib_is_fork(lib) ? CHECK_UNAVAILABLE : CHECK_FAIL;
    wl_fail(lib, why, n, what);
    return r;
}

check_result wl_evp_available(const crypto_lib *lib, api_path api, wl_algo_kind kind,
                              const char *fetch_name, bool in_legacy_provider, char *why,
                              size_t n)
{
    if (api == API_LEGACY || api == API_ONESHOT)
        return CHECK_PASS;
    bool found;
    if (kind == WL_CIPHER && lib->fn.EVP_CIPHER_fetch != NULL) {
        cx_EVP_CIPHER *c = lib->fn.EVP_CIPHER_fetch(NULL, fetch_name, NULL);
        found = c != NULL;
        if (found)
            lib->fn.EVP_CIPHER_free(c);
    } else if (kind == WL_DIGEST && lib->fn.EVP_MD_fetch != NULL) {
        cx_EVP_MD *md = lib->fn.EVP_MD_fetch(NULL, fetch_name, NULL);
        found = md != NULL;
        if (found)
            lib->fn.EVP_MD_free(md);
    } else {
        return CHECK_PASS; /* before 3.0 the getter's symbol is the algorithm */
    }
    if (found)
        return CHECK_PASS;
    crypto_lib_last_error(lib); /* drop the failed fetch's error */
    if (crypto_lib_is_fork(lib)) /* a fork's fetch (BoringSSL's) is a name look-up: no providers */
        wl_why(why, n, "%s not in %s (its %s does not know it)", fetch_name,
               flavor_title(lib->ver.flavor), kind == WL_CIPHER ? "EVP_CIPHER_fetch" : "EVP_MD_fetch");
    else if (in_legacy_provider)
        wl_why(why, n, WL_IN_LEGACY_PROVIDER);
    else
        /* no provider has it, or the run's --propquery excludes every one */
        wl_why(why, n, "%s(%s) found no implementation in the loaded providers",
               kind == WL_CIPHER ? "EVP_CIPHER_fetch" : "EVP_MD_fetch", fetch_name);
    return CHECK_UNAVAILABLE;
}

cx_EVP_MD_CTX *wl_md_ctx_new(const crypto_lib *lib)
{
    return lib->fn.EVP_MD_CTX_new != NULL ? lib->fn.EVP_MD_CTX_new() : NULL;
}

void wl_md_ctx_free(const crypto_lib *lib, cx_EVP_MD_CTX *ctx)
{
    if (ctx != NULL && lib->fn.EVP_MD_CTX_free != NULL)
        lib->fn.EVP_MD_CTX_free(ctx);
}

void wl_utf8_params(cx_OSSL_PARAM params[2], const char *key, const char *value)
{
    params[0] = (cx_OSSL_PARAM){.key = key,
                                .data_type = CX_OSSL_PARAM_UTF8_STRING,
                                .data = (void *)value,
                                .data_size = strlen(value),
                                .return_size = (size_t)-1};
    params[1] = (cx_OSSL_PARAM){0};
}

void wl_digest_params(cx_OSSL_PARAM params[2], const char *name)
{
    wl_utf8_params(params, "digest", name);
}

unsigned char *wl_input_block(size_t bytes, uint32_t seed, char *why, size_t n)
{
    unsigned char *b = malloc(bytes ? bytes : 1);
    if (b == NULL)
        snprintf(why, n, "out of memory for a %zu-byte block", bytes);
    else
        wl_fill_pattern(b, bytes, seed);
    return b;
}

void *wl_keep_if(bool ok, void *state, void (*teardown)(void *state))
{
    if (ok)
        return state;
    teardown(state);
    return NULL;
}

void *wl_alloc(size_t size, char *why, size_t n)
{
    void *p = calloc(1, size);
    if (p == NULL)
        snprintf(why, n, "out of memory");
    return p;
}
