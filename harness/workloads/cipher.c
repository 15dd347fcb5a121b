/* The cipher family's EVP paths: EVP_EncryptInit_ex once (padding off),
 * then EVP_EncryptUpdate per operation; `evp` with the static object,
 * `fetch` with one fetched once. */
#include "cipher.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const cipher_ops[] = {"encrypt", NULL};

bool cipher_evp_loop(void *p, uint64_t iterations)
{
    cipher_state *s = p;
    int (*update)(cx_EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int) =
        s->lib->fn.EVP_EncryptUpdate;
    cx_EVP_CIPHER_CTX *ctx = s->evp.ctx;
    const unsigned char *in = s->in;
    unsigned char *out = s->out;
    int len = (int)s->len, outl;
    for (uint64_t i = 0; i < iterations; i++)
        if (update(ctx, out, &outl, in, len) != 1 || outl != len)
            return false;
    return true;
}

void cipher_teardown(void *p)
{
    cipher_state *s = p;
    if (s == NULL)
        return;
    cipher_ctx_free(s->lib, &s->evp);
    free(s);
}

/* Key and IV set up once for one path; the loop to time. */
static cipher_state *cipher_open(const crypto_lib *lib, const cipher_def *d, api_path api,
                                 const unsigned char *key, const unsigned char *iv,
                                 workload_loop *loop, char *why, size_t n)
{
    cipher_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    memcpy(s->iv, iv, d->ivlen);
    bool ok = true;
    if (api == API_LEGACY && d->legacy != NULL) {
        *loop = d->legacy;
        ok = d->legacy_key(s, key, d->keylen, why, n);
    } else if (api == API_EVP || api == API_FETCH) {
        *loop = cipher_evp_loop;
        ok = cipher_ctx_open(lib, &s->evp, api, d->evp_cipher, d->fetch_name, key, iv, true,
                             "cipher", why, n);
    } else {
        ok = wl_why(why, n, "%s has no %s call", d->title, api_name(api));
    }
    return wl_keep_if(ok, s, cipher_teardown);
}

void cipher_output(const void *p, workload_output *o)
{
    const cipher_state *s = p;
    *o = (workload_output){.part = {s->out}, .len = {s->len}};
}

check_result cipher_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                               char *why, size_t n)
{
    const cipher_def *d = ws->w->data;
    unsigned char key[64], iv[32], pt[256], ct[256];
    size_t klen = wl_hex_decode(d->kat.key, key, sizeof key);
    size_t ivlen = wl_hex_decode(d->kat.iv, iv, sizeof iv);
    size_t len = wl_hex_decode(d->kat.pt, pt, sizeof pt);
    if (klen != d->keylen || ivlen != d->ivlen || len == (size_t)-1 || len % 2 != 0)
        return wl_result(wl_why(why, n, "%s: malformed known-answer vector", d->title));
    workload_loop loop;
    cipher_state *s = cipher_open(lib, d, api, key, iv, &loop, why, n);
    if (s == NULL)
        return CHECK_FAIL;
    /* Two operations of half the text: the second continues the first. */
    bool ok = true;
    s->len = len / 2;
    for (size_t half = 0; half < 2 && ok; half++) {
        s->in = pt + half * s->len;
        s->out = ct + half * s->len;
        ok = loop(s, 1) || wl_fail(lib, why, n, "encryption failed");
    }
    char what[96];
    snprintf(what, sizeof what, "%s (%s)", d->title, d->kat.source);
    ok = ok && wl_kat_compare(what, ct, len, d->kat.ct, why, n);
    cipher_teardown(s);
    return wl_result(ok);
}

void *cipher_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                   size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op; /* one operation: encrypt */
    const cipher_def *d = ws->w->data;
    if (bytes > INT_MAX - 64)
        return wl_why(why, n, "block size %zu is too large for EVP_EncryptUpdate", bytes), NULL;
    unsigned char key[64], iv[32];
    wl_fill_pattern(key, sizeof key, 0x4b455921u);
    wl_fill_pattern(iv, sizeof iv, 0x49562121u);
    cipher_state *s = cipher_open(lib, d, api, key, iv, loop, why, n);
    if (s == NULL)
        return NULL;
    s->len = bytes;
    bool ok = cipher_ctx_buffers(&s->evp, bytes, 0x43424321u, why, n);
    s->in = s->evp.block;
    s->out = s->evp.outbuf;
    return wl_keep_if(ok, s, cipher_teardown);
}

check_result cipher_legacy_provider_available(const crypto_lib *lib, const workload_spec *ws,
                                              api_path api, char *why, size_t n)
{
    const cipher_def *d = ws->w->data;
    /* (a line with `not_built` never gets here without its getter:
     * support.c says "not built: enable-rc5" first, on evp and fetch) */
    if (api != API_LEGACY && d->evp_exported != NULL && !d->evp_exported(lib)) {
        wl_why(why, n, "%s is not in this build", d->title);
        return CHECK_UNAVAILABLE;
    }
    return wl_evp_available(lib, api, WL_CIPHER, d->fetch_name, true, why, n);
}
