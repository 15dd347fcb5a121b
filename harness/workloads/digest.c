/* The digest family's paths:
 *   legacy   PFX_Init/Update/Final on one caller-allocated context
 *   oneshot  PFX(in, len, out)  (3.x: EVP_Q_digest, a fetch per call)
 *   evp      EVP_Digest(in, len, out, NULL, EVP_<md>(), NULL): a context
 *            made and freed per call, as `openssl speed -evp` on 1.x
 *   evp-ctx  EVP_DigestInit_ex(ctx, EVP_<md>(), NULL) + Update + Final_ex
 *            on one reused context (3.x: an implicit fetch per init)
 *   fetch    EVP_Digest with a digest fetched once, as `speed -evp` on 3.x */
#include "digest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const digest_ops[] = {"digest", NULL};

bool digest_evp_loop(void *p, uint64_t iterations)
{
    digest_state *s = p;
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const cx_EVP_MD *,
                  cx_ENGINE *) = s->lib->fn.EVP_Digest;
    const cx_EVP_MD *md = s->md;
    const unsigned char *in = s->in;
    size_t len = s->len;
    unsigned char *out = s->out;
    unsigned int *outlen = &s->outlen;
    for (uint64_t i = 0; i < iterations; i++)
        if (digest(in, len, out, outlen, md, NULL) != 1)
            return false;
    return true;
}

/* Init + Update + a final on one reused context: EVP_DigestFinal_ex, or for
 * an XOF EVP_DigestFinalXOF of s->xof_len bytes; FINAL's last parameter is
 * of type LEN_T and gets LEN. */
#define CTX_LOOP(DECL, FINAL, LEN_T, LEN)                                                      \
    DECL(void *p, uint64_t iterations)                                                         \
    {                                                                                          \
        digest_state *s = p;                                                                   \
        int (*init)(cx_EVP_MD_CTX *, const cx_EVP_MD *, cx_ENGINE *) = s->lib->fn.EVP_DigestInit_ex; \
        int (*update)(cx_EVP_MD_CTX *, const void *, size_t) = s->lib->fn.EVP_DigestUpdate;    \
        int (*final)(cx_EVP_MD_CTX *, unsigned char *, LEN_T) = s->lib->fn.FINAL;              \
        cx_EVP_MD_CTX *ctx = s->ctx;                                                           \
        const cx_EVP_MD *md = s->md;                                                           \
        const unsigned char *in = s->in;                                                       \
        size_t len = s->len;                                                                   \
        unsigned char *out = s->out;                                                           \
        LEN_T last = LEN;                                                                      \
        for (uint64_t i = 0; i < iterations; i++)                                              \
            if (init(ctx, md, NULL) != 1 || update(ctx, in, len) != 1 ||                      \
                final(ctx, out, last) != 1)                                                    \
                return false;                                                                  \
        return true;                                                                           \
    }
#define STATIC_LOOP(name) static bool name
#define EXTERN_LOOP(name) bool name
CTX_LOOP(STATIC_LOOP(evp_ctx_loop), EVP_DigestFinal_ex, unsigned int *, &s->outlen)
CTX_LOOP(EXTERN_LOOP(digest_xof_loop), EVP_DigestFinalXOF, size_t, s->xof_len)

void digest_teardown(void *p)
{
    digest_state *s = p;
    if (s == NULL)
        return;
    wl_md_ctx_free(s->lib, s->ctx);
    if (s->fetched != NULL)
        s->lib->fn.EVP_MD_free(s->fetched);
    free(s->block);
    free(s);
}

/* The state of one path over `in`, and its loop. */
static digest_state *digest_open(const crypto_lib *lib, const digest_def *d, api_path api,
                                 const unsigned char *in, size_t len, workload_loop *loop,
                                 char *why, size_t n)
{
    digest_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    s->in = in;
    s->len = len;
    s->outlen = (unsigned int)d->len;
    bool ok = true;
    switch (api) {
    case API_LEGACY:
        *loop = d->legacy;
        break;
    case API_ONESHOT:
        *loop = d->oneshot;
        break;
    case API_EVP:
    case API_EVP_CTX:
        *loop = api == API_EVP ? digest_evp_loop : evp_ctx_loop;
        if ((s->md = d->evp_md(lib)) == NULL)
            ok = wl_fail(lib, why, n, "no static EVP_MD object");
        else if (api == API_EVP_CTX && (s->ctx = wl_md_ctx_new(lib)) == NULL)
            ok = wl_fail(lib, why, n, "cannot allocate an EVP_MD_CTX");
        break;
    case API_FETCH:
        *loop = digest_evp_loop;
        s->md = s->fetched = lib->fn.EVP_MD_fetch(NULL, d->fetch_name, NULL);
        if (s->md == NULL) {
            char what[64];
            snprintf(what, sizeof what, "EVP_MD_fetch(%s) failed", d->fetch_name);
            ok = wl_fail(lib, why, n, what);
        }
        break;
    default:
        *loop = NULL;
    }
    if (ok && *loop == NULL)
        ok = wl_why(why, n, "%s has no %s call", d->title, api_name(api));
    return wl_keep_if(ok, s, digest_teardown);
}

check_result digest_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                              char *why, size_t n)
{
    const digest_def *d = ws->w->data;
    return wl_evp_available(lib, api, WL_DIGEST, d->fetch_name, d->in_legacy_provider, why, n);
}

void digest_output(const void *p, workload_output *o)
{
    const digest_state *s = p;
    *o = (workload_output){.part = {s->out}, .len = {s->outlen}};
}

check_result digest_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                               char *why, size_t n)
{
    const digest_def *d = ws->w->data;
    for (size_t k = 0; k < sizeof d->kat / sizeof d->kat[0] && d->kat[k].msg != NULL; k++) {
        workload_loop loop;
        digest_state *s = digest_open(lib, d, api, (const unsigned char *)d->kat[k].msg,
                                      strlen(d->kat[k].msg), &loop, why, n);
        if (s == NULL)
            return CHECK_FAIL;
        char what[96];
        snprintf(what, sizeof what, "%s (%s, vector %zu)", d->title, d->kat_source, k + 1);
        bool ok = true;
        /* Twice through the timed loop: nothing carried over may change the answer. */
        for (int round = 0; round < 2 && ok; round++) {
            memset(s->out, 0, sizeof s->out);
            if (!loop(s, 1))
                ok = wl_fail(lib, why, n, "digest failed");
            else if (s->outlen != d->len)
                ok = wl_why(why, n, "%s: %u-byte digest", what, s->outlen);
            else
                ok = wl_kat_compare(what, s->out, d->len, d->kat[k].digest, why, n);
        }
        digest_teardown(s);
        if (!ok)
            return CHECK_FAIL;
    }
    return CHECK_PASS;
}

void *digest_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                   size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op; /* one operation: digest */
    unsigned char *block = wl_input_block(bytes, 0x53484132u, why, n);
    if (block == NULL)
        return NULL;
    digest_state *s = digest_open(lib, ws->w->data, api, block, bytes, loop, why, n);
    if (s == NULL) {
        free(block);
        return NULL;
    }
    s->block = block;
    return s;
}
