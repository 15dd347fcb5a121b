/* The MAC family's shared paths (mac.h); the legacy and oneshot loops are
 * the algorithm's own (hmac.c, cmac.c). */
#include "mac.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const mac_ops[] = {"mac", NULL};

static bool evp_loop(void *p, uint64_t iterations)
{
    mac_state *s = p;
    int (*init)(cx_EVP_MD_CTX *, cx_EVP_PKEY_CTX **, const cx_EVP_MD *, cx_ENGINE *,
                cx_EVP_PKEY *) = s->lib->fn.EVP_DigestSignInit;
    int (*update)(cx_EVP_MD_CTX *, const void *, size_t) = s->lib->fn.EVP_DigestUpdate;
    int (*final)(cx_EVP_MD_CTX *, unsigned char *, size_t *) = s->lib->fn.EVP_DigestSignFinal;
    cx_EVP_MD_CTX *ctx = s->mctx;
    cx_EVP_PKEY *pkey = s->pkey;
    const cx_EVP_MD *md = s->md;
    const unsigned char *in = s->in;
    size_t len = s->len, outl = 0;
    unsigned char *out = s->out;
    for (uint64_t i = 0; i < iterations; i++) {
        outl = sizeof s->out;
        if (init(ctx, NULL, md, NULL, pkey) != 1 || update(ctx, in, len) != 1 ||
            final(ctx, out, &outl) != 1)
            return false;
    }
    s->outlen = outl;
    return true;
}

static bool fetch_loop(void *p, uint64_t iterations)
{
    mac_state *s = p;
    int (*init)(cx_EVP_MAC_CTX *, const unsigned char *, size_t, const cx_OSSL_PARAM *) =
        s->lib->fn.EVP_MAC_init;
    int (*update)(cx_EVP_MAC_CTX *, const unsigned char *, size_t) = s->lib->fn.EVP_MAC_update;
    int (*final)(cx_EVP_MAC_CTX *, unsigned char *, size_t *, size_t) = s->lib->fn.EVP_MAC_final;
    cx_EVP_MAC_CTX *ctx = s->macctx;
    const unsigned char *in = s->in;
    size_t len = s->len, outl = 0;
    unsigned char *out = s->out;
    for (uint64_t i = 0; i < iterations; i++)
        if (init(ctx, NULL, 0, NULL) != 1 || update(ctx, in, len) != 1 ||
            final(ctx, out, &outl, sizeof s->out) != 1)
            return false;
    s->outlen = outl;
    return true;
}

void mac_teardown(void *p)
{
    mac_state *s = p;
    if (s == NULL)
        return;
    const crypto_lib *lib = s->lib;
    if (s->low != NULL)
        s->def->low_close(s);
    wl_md_ctx_free(lib, s->mctx);
    if (s->pkey != NULL)
        lib->fn.EVP_PKEY_free(s->pkey);
    if (s->macctx != NULL)
        lib->fn.EVP_MAC_CTX_free(s->macctx);
    if (s->mac != NULL)
        lib->fn.EVP_MAC_free(s->mac);
    free(s->block);
    free(s);
}

static bool fetch_open(mac_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    const mac_def *d = s->def;
    cx_OSSL_PARAM params[3] = {{0}};
    size_t np = 0;
    if (d->param_name != NULL) {
        wl_utf8_params(params, d->param_name, d->param_value);
        np++;
    }
    if (s->custom != NULL) /* an octet string (KMAC), the terminator stays */
        params[np] = (cx_OSSL_PARAM){.key = "custom",
                                     .data_type = CX_OSSL_PARAM_OCTET_STRING,
                                     .data = (void *)s->custom,
                                     .data_size = strlen(s->custom),
                                     .return_size = (size_t)-1};
    char what[96];
    if ((s->mac = lib->fn.EVP_MAC_fetch(NULL, d->mac_name, NULL)) == NULL) {
        snprintf(what, sizeof what, "EVP_MAC_fetch(%s) failed", d->mac_name);
        return wl_fail(lib, why, n, what);
    }
    if ((s->macctx = lib->fn.EVP_MAC_CTX_new(s->mac)) == NULL)
        return wl_fail(lib, why, n, "EVP_MAC_CTX_new failed");
    if (lib->fn.EVP_MAC_init(s->macctx, s->key, s->keylen, params) != 1) {
        snprintf(what, sizeof what, "EVP_MAC_init(key, %s) failed",
                 d->param_value != NULL ? d->param_value : d->mac_name);
        return wl_fail(lib, why, n, what);
    }
    return true;
}

/* The key set up once for one path, in *out (NULL unless CHECK_PASS); the
 * loop to time. */
static check_result mac_open(const crypto_lib *lib, const mac_def *d, api_path api,
                             const unsigned char *key, size_t keylen, const char *custom,
                             workload_loop *loop, mac_state **out, char *why, size_t n)
{
    mac_state *s = *out = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return CHECK_FAIL;
    s->lib = lib;
    s->def = d;
    memcpy(s->keybuf, key, keylen);
    s->key = s->keybuf;
    s->keylen = keylen;
    s->custom = custom;
    if (api != API_FETCH && d->evp_md != NULL)
        s->md = d->evp_md(lib);
    bool ok = api == API_FETCH || d->evp_md == NULL || s->md != NULL ||
              wl_fail(lib, why, n, "no static EVP_MD object");
    *loop = api == API_LEGACY    ? d->legacy
            : api == API_ONESHOT ? d->oneshot
            : api == API_EVP     ? evp_loop
            : api == API_FETCH   ? fetch_loop
                                 : NULL;
    if (ok && *loop == NULL)
        ok = wl_why(why, n, "%s has no %s call", d->title, api_name(api));
    else if (ok && api == API_LEGACY)
        ok = d->low_open(s, why, n);
    else if (ok && api == API_EVP)
        ok = (s->mctx = wl_md_ctx_new(lib)) != NULL ||
             wl_fail(lib, why, n, "cannot allocate an EVP_MD_CTX");
    else if (ok && api == API_FETCH)
        ok = fetch_open(s, why, n);
    check_result r = ok && api == API_EVP ? d->evp_key(s, why, n) : wl_result(ok);
    *out = wl_keep_if(r == CHECK_PASS, s, mac_teardown);
    return r;
}

void mac_output(const void *p, workload_output *o)
{
    const mac_state *s = p;
    *o = (workload_output){.part = {s->out}, .len = {s->outlen}};
}

check_result mac_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                            char *why, size_t n)
{
    const mac_def *d = ws->w->data;
    for (size_t k = 0; k < sizeof d->kat / sizeof d->kat[0] && d->kat[k].name != NULL; k++) {
        const mac_kat *v = &d->kat[k];
        unsigned char key[64], msg[256];
        size_t keylen = wl_hex_decode(v->key, key, sizeof key);
        size_t len = wl_hex_decode(v->msg, msg, sizeof msg);
        if (keylen == (size_t)-1 || len == (size_t)-1)
            return wl_result(wl_why(why, n, "%s: malformed known-answer vector", v->name));
        workload_loop loop;
        mac_state *s;
        check_result r = mac_open(lib, d, api, key, keylen, d->kat_custom[k], &loop, &s, why, n);
        if (r != CHECK_PASS)
            return r;
        s->in = msg;
        s->len = len;
        bool ok = true;
        /* Twice: the second operation re-initialises with the same key. */
        for (int round = 0; round < 2 && ok; round++) {
            memset(s->out, 0, sizeof s->out);
            s->outlen = 0;
            if (!loop(s, 1))
                ok = wl_fail(lib, why, n, "MAC failed");
            else
                ok = wl_kat_compare(v->name, s->out, s->outlen, v->mac, why, n);
        }
        mac_teardown(s);
        if (!ok)
            return CHECK_FAIL;
    }
    return CHECK_PASS;
}

void *mac_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op; /* one operation: mac */
    const mac_def *d = ws->w->data;
    unsigned char key[64];
    wl_fill_pattern(key, d->keylen, 0x484d4143u);
    mac_state *s;
    if (mac_open(lib, d, api, key, d->keylen, NULL, loop, &s, why, n) != CHECK_PASS)
        return NULL;
    s->in = s->block = wl_input_block(bytes, 0x48444154u, why, n);
    s->len = bytes;
    return wl_keep_if(s->block != NULL, s, mac_teardown);
}
