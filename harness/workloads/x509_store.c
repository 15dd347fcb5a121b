/* x509-store-issuer, x509-store-issuer-shared: one operation =
 * X509_STORE_CTX_get1_issuer on an X509_STORE_CTX initialised once per
 * worker (+ X509_free of the issuer found), as perftools'
 * source/x509storeissuer.c times it:
 *   issuer  the RSA leaf's issuer, the intermediate, found among the 144
 *           certificates of the store
 *   miss    the root's issuer (itself), which the store does not hold:
 *           the call returns 0, the result perftools' loop expects
 * perftools' store is X509_STORE_set_default_paths: on Debian the 144
 * certificates of the CA bundle (cert.pem, read into the store) and the
 * hashed directory, which its certificate's issuer is in neither of, so it
 * times a miss in memory plus a stat() in /etc/ssl/certs per call.  Here
 * the store holds as many certificates, made from data/x509_certs.c (the
 * intermediate and 143 self-signed CAs of distinct names), and no
 * directory, so no file system is timed: the lookup by name in the store's
 * objects under its lock (openssl/openssl#20286; 3.x sorts them under a
 * write lock or, from #20952, a read lock) and the issuer check.
 *   x509-store-issuer         one store per worker
 *   x509-store-issuer-shared  one store for every worker thread
 *                             (shared_object.h), perftools' only mode
 * `legacy` only: every call has one shape in every release.
 * Known answer: the issuer found re-encodes (i2d_X509) to the
 * intermediate's DER, twice; the miss finds nothing, twice. */
#include "x509.h"
#include "shared_object.h"

#include <stdlib.h>

typedef struct {
    const crypto_lib *lib;
    const x509_line *line;
    cx_X509_STORE *store;
    bool shared;             /* the store is the line's shared one */
    cx_X509 *target;         /* whose issuer is looked up */
    cx_X509_STORE_CTX *ctx;
    cx_X509 *issuer;         /* the last issuer found */
} store_state;

enum { OP_ISSUER, OP_MISS };

static bool issuer_loop(void *p, uint64_t iterations)
{
    store_state *s = p;
    int (*get1_issuer)(cx_X509 **, cx_X509_STORE_CTX *, cx_X509 *) = s->lib->fn.X509_STORE_CTX_get1_issuer;
    void (*x509_free)(cx_X509 *) = s->lib->fn.X509_free;
    for (uint64_t i = 0; i < iterations; i++) {
        if (s->issuer != NULL)
            x509_free(s->issuer);
        s->issuer = NULL;
        if (get1_issuer(&s->issuer, s->ctx, s->target) != 1)
            return false;
    }
    return true;
}

static bool miss_loop(void *p, uint64_t iterations)
{
    store_state *s = p;
    int (*get1_issuer)(cx_X509 **, cx_X509_STORE_CTX *, cx_X509 *) = s->lib->fn.X509_STORE_CTX_get1_issuer;
    for (uint64_t i = 0; i < iterations; i++)
        if (get1_issuer(&s->issuer, s->ctx, s->target) != 0)
            return false; /* s->issuer: what it found, for the teardown */
    return true;
}

/* The shared store and the library that frees it. */
typedef struct {
    const crypto_lib *lib;
    cx_X509_STORE *store;
} shared_store;

static void *shared_make(void *arg, char *why, size_t n)
{
    const crypto_lib *lib = arg;
    shared_store *sh = wl_alloc(sizeof *sh, why, n);
    if (sh != NULL && (sh->store = x509_issuer_store(lib, why, n)) == NULL) {
        free(sh);
        return NULL;
    }
    if (sh != NULL)
        sh->lib = lib;
    return sh;
}

static void shared_free(void *object)
{
    shared_store *sh = object;
    sh->lib->fn.X509_STORE_free(sh->store);
    free(sh);
}

static const char shared_key[] = "x509-store-issuer-shared";

static void store_teardown(void *p)
{
    store_state *s = p;
    if (s == NULL)
        return;
    const crypto_fns *f = &s->lib->fn;
    if (s->issuer != NULL)
        f->X509_free(s->issuer);
    if (s->ctx != NULL)
        f->X509_STORE_CTX_free(s->ctx);
    if (s->target != NULL)
        f->X509_free(s->target);
    if (s->shared)
        wl_shared_put(shared_key, shared_free);
    else if (s->store != NULL)
        f->X509_STORE_free(s->store);
    free(s);
}

static store_state *store_open(const crypto_lib *lib, const x509_line *line, int op,
                               workload_loop *loop, char *why, size_t n)
{
    if (op != OP_ISSUER && op != OP_MISS)
        return wl_why(why, n, "no operation %d", op), NULL;
    *loop = op == OP_ISSUER ? issuer_loop : miss_loop;
    store_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    *s = (store_state){.lib = lib, .line = line};
    bool ok;
    if (line->shared) {
        shared_store *sh = wl_shared_get(shared_key, shared_make, (void *)lib, why, n);
        s->shared = sh != NULL;
        ok = sh != NULL && (s->store = sh->store) != NULL;
    } else {
        ok = (s->store = x509_issuer_store(lib, why, n)) != NULL;
    }
    const x509_cert *target = op == OP_ISSUER ? line->cert : &x509_root;
    const crypto_fns *f = &lib->fn;
    ok = ok && (((s->target = x509_decode(lib, target->der, target->der_len)) &&
                 (s->ctx = f->X509_STORE_CTX_new()) && f->X509_STORE_CTX_init(s->ctx, s->store, s->target, NULL) == 1) ||
                wl_fail(lib, why, n, "cannot set up an X509_STORE_CTX for the lookup"));
    /* X509_STORE_CTX_get1_issuer prefers an issuer valid at the context's time */
    if (ok)
        f->X509_STORE_CTX_set_time(s->ctx, 0, (time_t)x509_check_time);
    return wl_keep_if(ok, s, store_teardown);
}

check_result x509_store_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                   char *why, size_t n)
{
    (void)api;
    const x509_line *line = ws->w->data;
    bool ok = true;
    for (int op = OP_ISSUER; op <= OP_MISS && ok; op++) {
        workload_loop loop;
        store_state *s = store_open(lib, line, op, &loop, why, n);
        ok = s != NULL;
        for (int round = 0; round < 2 && ok; round++) {
            ok = loop(s, (uint64_t)round + 1) ||
                 wl_fail(lib, why, n, op == OP_ISSUER ? "the issuer is not found in the store"
                                                       : "the root's issuer is found in the store");
            if (ok && op == OP_ISSUER) {
                unsigned char der[2048], *p = der;
                int len = lib->fn.i2d_X509(s->issuer, NULL) <= (int)sizeof der ? lib->fn.i2d_X509(s->issuer, &p) : -1;
                ok = x509_encoding_is("the issuer found", der, len, line->issuer->der,
                                      line->issuer->der_len, why, n);
            }
        }
        store_teardown(s);
    }
    return wl_result(ok);
}

static void *store_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                         size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)api, (void)bytes;
    store_state *s = store_open(lib, ws->w->data, op, loop, why, n);
    /* The first lookup sorts the store's objects (every release): a
     * one-time cost, which would otherwise land in calibration's first
     * sample. */
    bool ok = s == NULL || (*loop)(s, 1) || wl_fail(lib, why, n, "the first lookup failed");
    return wl_keep_if(ok, s, store_teardown);
}

static const char *const store_ops[] = {"issuer", "miss", NULL};
static const x509_line store_line = {.cert = &x509_leaf_rsa2048, .issuer = &x509_intermediate};
static const x509_line shared_line = {
    .cert = &x509_leaf_rsa2048, .issuer = &x509_intermediate, .shared = true};

#define STORE_NEEDS                                                                           \
    "d2i_X509 X509_free X509_STORE_new X509_STORE_add_cert X509_STORE_free X509_STORE_CTX_new " \
    "X509_STORE_CTX_init X509_STORE_CTX_set_time X509_STORE_CTX_get1_issuer "                 \
    "X509_STORE_CTX_free i2d_X509"
#define X509_STORE_LINE(ID, NAME, DOC, LINE)                                                  \
    const workload ID = {                                                                     \
        .name = NAME,                                                                         \
        .kind = KIND_PUBLIC_KEY,                                                              \
        .family = "x509",                                                                     \
        .ops = store_ops,                                                                     \
        .doc = DOC,                                                                           \
        .needs = {[API_LEGACY] = STORE_NEEDS},                                                \
        .self_check = x509_store_self_check,                                                  \
        .setup = store_setup,                                                                 \
        .teardown = store_teardown,                                                           \
        .data = &LINE,                                                                        \
    };

X509_STORE_LINE(wl_x509_store_issuer, "x509-store-issuer",
                "X509_STORE_CTX_get1_issuer in a store of 144 certificates, one store per "
                "worker (issuer: found; miss: not there, as perftools x509storeissuer)",
                store_line)
X509_STORE_LINE(wl_x509_store_issuer_shared, "x509-store-issuer-shared",
                "as x509-store-issuer, with one store shared by every worker thread",
                shared_line)
