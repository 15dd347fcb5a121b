/* The KDF family's shared paths (kdf.h); the one-shot loops are the
 * lines' own (kdfs.c). */
#include "kdf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const kdf_ops[] = {"derive", NULL};

static bool evp_loop(void *p, uint64_t iterations)
{
    kdf_state *s = p;
    int (*derive)(cx_EVP_PKEY_CTX *, unsigned char *, size_t *) = s->lib->fn.EVP_PKEY_derive;
    cx_EVP_PKEY_CTX *ctx = s->pctx;
    unsigned char *out = s->out;
    size_t want = s->in.outlen;
    for (uint64_t i = 0; i < iterations; i++) {
        size_t len = want;
        if (derive(ctx, out, &len) != 1 || len != want)
            return false;
    }
    return true;
}

static bool fetch_loop(void *p, uint64_t iterations)
{
    kdf_state *s = p;
    int (*derive)(cx_EVP_KDF_CTX *, unsigned char *, size_t, const cx_OSSL_PARAM *) =
        s->lib->fn.EVP_KDF_derive;
    cx_EVP_KDF_CTX *ctx = s->kctx;
    unsigned char *out = s->out;
    size_t len = s->in.outlen;
    for (uint64_t i = 0; i < iterations; i++)
        if (derive(ctx, out, len, NULL) != 1)
            return false;
    return true;
}

bool kdf_decode(const kdf_vector *v, kdf_params *out, char *why, size_t n)
{
    *out = (kdf_params){.cost = v->cost, .r = v->r, .p = v->p};
    out->secretlen = wl_hex_decode(v->secret, out->secret, sizeof out->secret);
    out->saltlen = wl_hex_decode(v->salt, out->salt, sizeof out->salt);
    out->infolen = v->info != NULL ? wl_hex_decode(v->info, out->info, sizeof out->info) : 0;
    out->outlen = wl_hex_decode(v->expect, out->expect, sizeof out->expect);
    if (out->secretlen == (size_t)-1 || out->saltlen == (size_t)-1 ||
        out->infolen == (size_t)-1 || out->outlen == (size_t)-1 || out->outlen == 0)
        return wl_why(why, n, "%s: malformed known-answer vector", v->name);
    return true;
}

/* The inputs as OSSL_PARAMs (3.0+), pointing into the state, which must
 * outlive them; the integers as 64-bit unsigned (OSSL_PARAM_get_uint32
 * takes those too: scrypt's r and p). */
static void params_of(kdf_state *s, cx_OSSL_PARAM out[8])
{
    const kdf_def *d = s->def;
    kdf_params *k = &s->in;
    const kdf_field *octets[3] = {&d->secret, &d->salt, &d->info};
    unsigned char *data[3] = {k->secret, k->salt, k->info};
    size_t len[3] = {k->secretlen, k->saltlen, k->infolen};
    const kdf_field *ints[3] = {&d->cost, &d->r, &d->p};
    uint64_t *value[3] = {&k->cost, &k->r, &k->p};
    size_t np = 0;
    if (d->digest.key != NULL)
        wl_utf8_params(&out[np++], d->digest.key, "SHA256");
    for (int i = 0; i < 3; i++)
        if (octets[i]->key != NULL)
            out[np++] = (cx_OSSL_PARAM){.key = octets[i]->key,
                                        .data_type = CX_OSSL_PARAM_OCTET_STRING,
                                        .data = data[i],
                                        .data_size = len[i],
                                        .return_size = (size_t)-1};
    for (int i = 0; i < 3; i++)
        if (ints[i]->key != NULL)
            out[np++] = (cx_OSSL_PARAM){.key = ints[i]->key,
                                        .data_type = CX_OSSL_PARAM_UNSIGNED_INTEGER,
                                        .data = value[i],
                                        .data_size = sizeof *value[i],
                                        .return_size = (size_t)-1};
    out[np] = (cx_OSSL_PARAM){0};
}

/* 1.1.x: what its EVP_PKEY_CTX_set_* macros expand to.  A buffer is never
 * NULL, even when empty: 1.1.1's scrypt takes a NULL password for none. */
static bool ctrls_1x(kdf_state *s)
{
    const crypto_fns *f = &s->lib->fn;
    const kdf_def *d = s->def;
    kdf_params *k = &s->in;
    const kdf_field *octets[3] = {&d->secret, &d->salt, &d->info};
    unsigned char *data[3] = {k->secret, k->salt, k->info};
    size_t len[3] = {k->secretlen, k->saltlen, k->infolen};
    const kdf_field *ints[3] = {&d->cost, &d->r, &d->p};
    uint64_t value[3] = {k->cost, k->r, k->p};
    const int op = CX_EVP_PKEY_OP_DERIVE_1X;
    bool ok = d->digest.ctrl == 0 ||
              f->EVP_PKEY_CTX_ctrl(s->pctx, -1, op, d->digest.ctrl, 0, (void *)s->md) > 0;
    for (int i = 0; i < 3 && ok; i++)
        ok = octets[i]->ctrl == 0 ||
             f->EVP_PKEY_CTX_ctrl(s->pctx, -1, op, octets[i]->ctrl, (int)len[i], data[i]) > 0;
    for (int i = 0; i < 3 && ok; i++)
        ok = ints[i]->ctrl == 0 || (f->EVP_PKEY_CTX_ctrl_uint64 != NULL &&
                                    f->EVP_PKEY_CTX_ctrl_uint64(s->pctx, -1, op, ints[i]->ctrl,
                                                                value[i]) > 0);
    return ok;
}

/* A fork may export EVP_PKEY_derive with no such KDF behind it: refused. */
static check_result evp_open(kdf_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    char what[96];
    s->pctx = lib->fn.EVP_PKEY_CTX_new_id(s->def->pkey_id, NULL);
    if (s->pctx == NULL || lib->fn.EVP_PKEY_derive_init(s->pctx) != 1) {
        snprintf(what, sizeof what, "cannot make an EVP_PKEY_CTX for %s", s->def->title);
        return wl_refused(lib, why, n, what);
    }
    bool ok;
    if (lib->fn.EVP_PKEY_CTX_set_params != NULL) { /* 3.0+: the EVP_PKEY_OP_* bits moved */
        cx_OSSL_PARAM params[8];
        params_of(s, params);
        ok = lib->fn.EVP_PKEY_CTX_set_params(s->pctx, params) == 1;
    } else {
        ok = ctrls_1x(s);
    }
    if (ok)
        return CHECK_PASS;
    snprintf(what, sizeof what, "cannot set the %s inputs on an EVP_PKEY_CTX", s->def->title);
    return wl_refused(lib, why, n, what);
}

static bool fetch_open(kdf_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    char what[96];
    if ((s->kdf = lib->fn.EVP_KDF_fetch(NULL, s->def->fetch_name, NULL)) == NULL) {
        snprintf(what, sizeof what, "EVP_KDF_fetch(%s) failed", s->def->fetch_name);
        return wl_fail(lib, why, n, what);
    }
    if ((s->kctx = lib->fn.EVP_KDF_CTX_new(s->kdf)) == NULL)
        return wl_fail(lib, why, n, "EVP_KDF_CTX_new failed");
    cx_OSSL_PARAM params[8];
    params_of(s, params);
    if (lib->fn.EVP_KDF_CTX_set_params(s->kctx, params) != 1) {
        snprintf(what, sizeof what, "cannot set the %s inputs on its EVP_KDF_CTX", s->def->title);
        return wl_fail(lib, why, n, what);
    }
    return true;
}

void kdf_teardown(void *p)
{
    kdf_state *s = p;
    if (s == NULL)
        return;
    const crypto_lib *lib = s->lib;
    if (s->pctx != NULL)
        lib->fn.EVP_PKEY_CTX_free(s->pctx);
    if (s->kctx != NULL)
        lib->fn.EVP_KDF_CTX_free(s->kctx);
    if (s->kdf != NULL)
        lib->fn.EVP_KDF_free(s->kdf);
    free(s);
}

/* A state deriving `in` on one path, in *out (NULL unless CHECK_PASS);
 * the loop to time. */
static check_result kdf_open(const crypto_lib *lib, const kdf_def *d, api_path api,
                             const kdf_params *in, workload_loop *loop, kdf_state **out,
                             char *why, size_t n)
{
    kdf_state *s = *out = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return CHECK_FAIL;
    s->lib = lib;
    s->def = d;
    s->in = *in;
    *loop = api == API_ONESHOT                    ? d->oneshot
            : api == API_EVP && d->pkey_id != 0   ? evp_loop
            : api == API_FETCH                    ? fetch_loop
                                                  : NULL;
    check_result r;
    if (*loop == NULL)
        r = wl_result(wl_why(why, n, "%s has no %s call", d->title, api_name(api)));
    else if (api == API_FETCH)
        r = wl_result(fetch_open(s, why, n));
    else if (d->digest.key != NULL && (s->md = lib->fn.EVP_sha256()) == NULL)
        r = wl_result(wl_fail(lib, why, n, "no static EVP_MD object"));
    else
        r = api == API_EVP ? evp_open(s, why, n) : CHECK_PASS;
    *out = wl_keep_if(r == CHECK_PASS, s, kdf_teardown);
    return r;
}

void kdf_output(const void *p, workload_output *o)
{
    const kdf_state *s = p;
    *o = (workload_output){.part = {s->out}, .len = {s->in.outlen}};
}

/* `k` derived twice through the loop of one state: its answer both times,
 * or (changed) an output other than that answer. */
static check_result check_params(const crypto_lib *lib, const kdf_def *d, api_path api,
                                 const kdf_params *k, const char *name, bool changed, char *why,
                                 size_t n)
{
    workload_loop loop;
    kdf_state *s;
    check_result r = kdf_open(lib, d, api, k, &loop, &s, why, n);
    if (r != CHECK_PASS)
        return r;
    bool ok = true;
    for (int round = 0; round < (changed ? 1 : 2) && ok; round++) {
        memset(s->out, 0, sizeof s->out);
        char what[128];
        snprintf(what, sizeof what, "%s: the derivation failed", name);
        if (!loop(s, 1))
            ok = wl_fail(lib, why, n, what);
        else if (changed)
            ok = memcmp(s->out, k->expect, k->outlen) != 0 ||
                 wl_why(why, n, "%s: a changed secret gives the same output", name);
        else
            ok = wl_kat_compare_bytes(name, s->out, k->outlen, k->expect, k->outlen, why, n);
    }
    kdf_teardown(s);
    return wl_result(ok);
}

check_result kdf_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                            char *why, size_t n)
{
    const kdf_def *d = ws->w->data;
    const kdf_vector *all[] = {&d->timed, &d->kat[0], &d->kat[1]};
    kdf_params k;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (all[i]->name == NULL)
            continue;
        if (!kdf_decode(all[i], &k, why, n))
            return CHECK_FAIL;
        check_result r = check_params(lib, d, api, &k, all[i]->name, false, why, n);
        if (r != CHECK_PASS)
            return r;
    }
    /* The timed inputs with one bit of the secret flipped (the salt where
     * the secret is empty) must not give the timed answer. */
    if (!kdf_decode(&d->timed, &k, why, n))
        return CHECK_FAIL;
    if (k.secretlen > 0)
        k.secret[k.secretlen / 2] ^= 0x01;
    else
        k.salt[k.saltlen / 2] ^= 0x01;
    return check_params(lib, d, api, &k, d->timed.name, true, why, n);
}

check_result kdf_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                           char *why, size_t n)
{
    const kdf_def *d = ws->w->data;
    /* 3.0+: both paths take the KDF from a provider, which a run's
     * --provider / --propquery may leave out (scrypt is not in the FIPS
     * provider). */
    if (lib->fn.EVP_KDF_fetch == NULL || api == API_ONESHOT)
        return CHECK_PASS;
    cx_EVP_KDF *kdf = lib->fn.EVP_KDF_fetch(NULL, d->fetch_name, NULL);
    if (kdf == NULL)
        return wl_why(why, n, "%s is not provided (EVP_KDF_fetch)", d->fetch_name),
               CHECK_UNAVAILABLE;
    lib->fn.EVP_KDF_free(kdf);
    return CHECK_PASS;
}

void *kdf_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op, (void)bytes; /* one operation: derive, of fixed inputs */
    const kdf_def *d = ws->w->data;
    kdf_params k;
    kdf_state *s = NULL;
    if (kdf_decode(&d->timed, &k, why, n))
        kdf_open(lib, d, api, &k, loop, &s, why, n);
    return s;
}
