/* x509-verify: one operation = X509_verify_cert of the RSA-2048 leaf up to
 * the root, as a server verifying a client certificate: a fresh
 * X509_STORE_CTX (X509_STORE_CTX_new + init with the store holding the
 * root, the leaf, the intermediate as the untrusted chain), checked at the
 * fixed time of data/x509_certs.c (X509_STORE_CTX_set_time), so no clock
 * ever expires it; the context of the operation before is freed first.
 * Two RSA signatures are checked (the leaf's by the intermediate's 2048-bit
 * key, the intermediate's by the root's 4096-bit key), the chain built from
 * the store (its lock: openssl/openssl#20286) and the untrusted stack, and
 * the extensions of all three cached on first use.  Not everywhere: the
 * same X509 objects are verified again, and 0.9.8-1.0.2 mark a certificate
 * whose signature checked once (X509.valid, gone in 1.1.0) and skip it
 * after, LibreSSL keeps verified issuer/subject pairs in a process-wide
 * cache (x509_issuer_cache): there the op is the chain walk without the
 * signatures (docs/beyond-speed.md).
 * `legacy` only: X509_STORE_CTX_new_ex(NULL, NULL) is what 3.x's
 * X509_STORE_CTX_new calls, and a library context of its own would time
 * the providers' set-up, not the verification.
 * Known answer: X509_verify_cert returns 1 and the chain has 3
 * certificates, twice; without the intermediate it fails with
 * X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY. */
#include "x509.h"

#include <stdlib.h>

typedef struct {
    const crypto_lib *lib;
    cx_X509_STORE *store;     /* the root */
    cx_X509 *leaf, *intermediate;
    cx_OPENSSL_STACK *chain;  /* STACK_OF(X509): the intermediate, or NULL */
    time_t when;
    cx_X509_STORE_CTX *ctx;   /* the last operation's */
} verify_state;

static bool verify_loop(void *p, uint64_t iterations)
{
    verify_state *s = p;
    cx_X509_STORE_CTX *(*ctx_new)(void) = s->lib->fn.X509_STORE_CTX_new;
    int (*init)(cx_X509_STORE_CTX *, cx_X509_STORE *, cx_X509 *, cx_OPENSSL_STACK *) =
        s->lib->fn.X509_STORE_CTX_init;
    void (*set_time)(cx_X509_STORE_CTX *, unsigned long, time_t) = s->lib->fn.X509_STORE_CTX_set_time;
    int (*verify)(cx_X509_STORE_CTX *) = s->lib->fn.X509_verify_cert;
    void (*ctx_free)(cx_X509_STORE_CTX *) = s->lib->fn.X509_STORE_CTX_free;
    for (uint64_t i = 0; i < iterations; i++) {
        if (s->ctx != NULL)
            ctx_free(s->ctx);
        if ((s->ctx = ctx_new()) == NULL || init(s->ctx, s->store, s->leaf, s->chain) != 1)
            return false;
        set_time(s->ctx, 0, s->when);
        if (verify(s->ctx) != 1)
            return false;
    }
    return true;
}

static void verify_teardown(void *p)
{
    verify_state *s = p;
    if (s == NULL)
        return;
    const crypto_fns *f = &s->lib->fn;
    if (s->ctx != NULL)
        f->X509_STORE_CTX_free(s->ctx);
    if (s->chain != NULL)
        f->OPENSSL_sk_free(s->chain); /* the stack only: the certificates are ours */
    if (s->intermediate != NULL)
        f->X509_free(s->intermediate);
    if (s->leaf != NULL)
        f->X509_free(s->leaf);
    if (s->store != NULL)
        f->X509_STORE_free(s->store);
    free(s);
}

static verify_state *verify_open(const crypto_lib *lib, const x509_line *line, bool untrusted,
                                 char *why, size_t n)
{
    verify_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    const crypto_fns *f = &lib->fn;
    *s = (verify_state){.lib = lib, .when = (time_t)x509_check_time};
    bool ok = (s->store = x509_root_store(lib, why, n)) != NULL;
    ok = ok && ((s->leaf = x509_decode(lib, line->cert->der, line->cert->der_len)) != NULL ||
                wl_fail(lib, why, n, "cannot parse the leaf certificate"));
    if (ok && untrusted)
        ok = ((s->intermediate = x509_decode(lib, x509_intermediate.der, x509_intermediate.der_len)) &&
              (s->chain = f->OPENSSL_sk_new_null()) && f->OPENSSL_sk_push(s->chain, s->intermediate) > 0) ||
             wl_fail(lib, why, n, "cannot make the untrusted chain");
    return wl_keep_if(ok, s, verify_teardown);
}

check_result x509_verify_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                    char *why, size_t n)
{
    (void)api;
    const x509_line *line = ws->w->data;
    const crypto_fns *f = &lib->fn;
    verify_state *s = verify_open(lib, line, true, why, n);
    bool ok = s != NULL;
    for (int round = 0; round < 2 && ok; round++) {
        ok = verify_loop(s, (uint64_t)round + 1) ||
             (s->ctx != NULL ? wl_why(why, n, "the chain does not verify: error %d",
                                      f->X509_STORE_CTX_get_error(s->ctx))
                             : wl_fail(lib, why, n, "cannot make an X509_STORE_CTX"));
        cx_OPENSSL_STACK *chain = ok ? f->X509_STORE_CTX_get0_chain(s->ctx) : NULL;
        int len = chain != NULL ? f->OPENSSL_sk_num(chain) : -1;
        if (ok && len != line->chain_len)
            ok = wl_why(why, n, "the verified chain has %d certificates, expected %d", len,
                        line->chain_len);
    }
    verify_teardown(s);
    crypto_lib_last_error(lib);
    s = ok ? verify_open(lib, line, false, why, n) : NULL;
    if (s != NULL) {
        if (verify_loop(s, 1))
            ok = wl_why(why, n, "the leaf verifies without the intermediate");
        else if (s->ctx == NULL || f->X509_STORE_CTX_get_error(s->ctx) != line->missing_error)
            ok = wl_why(why, n, "without the intermediate: error %d, expected %d",
                        s->ctx != NULL ? f->X509_STORE_CTX_get_error(s->ctx) : -1, line->missing_error);
        crypto_lib_last_error(lib);
        verify_teardown(s);
    } else {
        ok = false;
    }
    return wl_result(ok);
}

static void *verify_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                          size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)api, (void)op, (void)bytes;
    *loop = verify_loop;
    return verify_open(lib, ws->w->data, true, why, n);
}

static const char *const verify_ops[] = {"verify", NULL};
static const x509_line verify_line = {
    .cert = &x509_leaf_rsa2048,
    .chain_len = 3,
    .missing_error = CX_X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
};

const workload wl_x509_verify = {
    .name = "x509-verify",
    .kind = KIND_PUBLIC_KEY,
    .family = "x509",
    .ops = verify_ops,
    .doc = "X509_verify_cert of leaf <- intermediate <- root on a fresh X509_STORE_CTX (the root "
           "in the store, the intermediate untrusted), at a fixed time",
    .needs = {[API_LEGACY] = "d2i_X509 X509_free X509_STORE_new X509_STORE_add_cert X509_STORE_free "
                             "X509_STORE_CTX_new X509_STORE_CTX_init X509_STORE_CTX_set_time "
                             "X509_verify_cert X509_STORE_CTX_free X509_STORE_CTX_get_error "
                             "X509_STORE_CTX_get0_chain OPENSSL_sk_new_null OPENSSL_sk_push "
                             "OPENSSL_sk_num OPENSSL_sk_free"},
    .self_check = x509_verify_self_check,
    .setup = verify_setup,
    .teardown = verify_teardown,
    .data = &verify_line,
};
