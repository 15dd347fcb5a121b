/* SSL object creation through libssl: what openssl/openssl #17064, #20286
 * and #23388 found slow on 3.x (SSL_CTX_new loads and fetches much; both
 * contend under threads).  One operation:
 *   sslctx-new      server, client: SSL_CTX_new on the side's
 *                   version-flexible method + SSL_CTX_free (perftools
 *                   handshake -s makes such a pair per connection)
 *   ssl-new         new: SSL_new on the worker's own server SSL_CTX, two
 *                   memory BIOs handed to it by SSL_set_bio, SSL_free
 *                   (perftools sslnew's loop)
 *   ssl-new-shared  the same on one SSL_CTX every worker of a process
 *                   shares (sslnew's own set-up: one context, N threads)
 * Known answer: the loop runs twice; an object made its way is checked
 * (a context makes an SSL of its side; an SSL has its context and BIOs);
 * the loop fails with no method, or no context, to make one from. */
#include "ssl_new.h"

#include "shared_object.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    bool ssl;    /* SSL_new on a context made in setup (else SSL_CTX_new) */
    bool shared; /* that context is the one of every worker (shared_object.h) */
} ssl_obj_line;

typedef struct {
    const crypto_lib *lib;
    bool server;
    const cx_SSL_METHOD *method, *other; /* this side's and the other side's */
    cx_SSL_METHOD *method098;            /* 0.9.8: `method` without const */
    const cx_BIO_METHOD *mem;            /* BIO_s_mem, 1.1.0+ */
    cx_BIO_METHOD *mem102;               /* BIO_s_mem up to 1.0.2 */
    cx_SSL_CTX *ctx;                     /* ssl lines */
    bool shared;
} ssl_obj_state;

static const char shared_key[] = "ssl-new-shared";

const cx_SSL_METHOD *ssl_obj_method(const crypto_lib *lib, bool server, cx_SSL_METHOD **m098)
{
    *m098 = NULL;
    if (lib->fn.SSLv23_server_method_098 != NULL && lib->fn.SSLv23_client_method_098 != NULL)
        return *m098 = server ? lib->fn.SSLv23_server_method_098()
                              : lib->fn.SSLv23_client_method_098();
    if (lib->fn.TLS_server_method != NULL && lib->fn.TLS_client_method != NULL)
        return server ? lib->fn.TLS_server_method() : lib->fn.TLS_client_method();
    if (lib->fn.SSLv23_server_method != NULL && lib->fn.SSLv23_client_method != NULL)
        return server ? lib->fn.SSLv23_server_method() : lib->fn.SSLv23_client_method();
    return NULL;
}

cx_SSL_CTX *ssl_obj_ctx_new(const crypto_lib *lib, const cx_SSL_METHOD *m, cx_SSL_METHOD *m098)
{
    if (lib->fn.SSL_CTX_new_098 != NULL)
        return lib->fn.SSL_CTX_new_098(m098);
    return lib->fn.SSL_CTX_new(m);
}

static const char *side(bool server)
{
    return server ? "server" : "client";
}

bool ssl_obj_side_ok(const crypto_lib *lib, cx_SSL *ssl, bool server, const cx_SSL_METHOD *method,
                     const cx_SSL_METHOD *other, char *why, size_t n)
{
    if (method == other)
        return true;
    if (lib->fn.SSL_is_server != NULL) {
        bool is = lib->fn.SSL_is_server(ssl) == 1;
        return is == server ||
               wl_why(why, n, "an SSL of the %s context is a %s (SSL_is_server)", side(server), side(is));
    }
    const cx_SSL_METHOD *got = lib->fn.SSL_get_ssl_method_098 != NULL
                                   ? lib->fn.SSL_get_ssl_method_098(ssl)
                                   : lib->fn.SSL_get_ssl_method(ssl);
    return got == method ||
           wl_why(why, n, "an SSL of the %s context has another method than its context", side(server));
}

bool ssl_obj_wiring_ok(const crypto_lib *lib, const cx_SSL *ssl, const cx_SSL_CTX *ctx,
                       const cx_BIO *rbio, const cx_BIO *wbio, char *why, size_t n)
{
    if (lib->fn.SSL_get_SSL_CTX(ssl) != ctx)
        return wl_why(why, n, "the SSL is not of the context it was made from");
    if (lib->fn.SSL_get_rbio(ssl) != rbio || lib->fn.SSL_get_wbio(ssl) != wbio)
        return wl_why(why, n, "the SSL does not read and write the BIOs SSL_set_bio gave it");
    return true;
}

/* One operation of the timed loops, shared with the known answer. */
static inline cx_SSL_CTX *ctx_of(const ssl_obj_state *s)
{
    return ssl_obj_ctx_new(s->lib, s->method, s->method098);
}

static inline cx_BIO *mem_bio(const ssl_obj_state *s)
{
    return s->mem != NULL ? s->lib->fn.BIO_new(s->mem) : s->lib->fn.BIO_new_102(s->mem102);
}

/* An SSL of the state's context reading `*rbio` and writing `*wbio`, as
 * sslnew makes it; NULL (nothing left allocated) when a call fails. */
static inline cx_SSL *ssl_of(const ssl_obj_state *s, cx_BIO **rbio, cx_BIO **wbio)
{
    const crypto_lib *lib = s->lib;
    cx_SSL *ssl = lib->fn.SSL_new(s->ctx);
    *rbio = mem_bio(s);
    *wbio = mem_bio(s);
    if (ssl == NULL || *rbio == NULL || *wbio == NULL) {
        if (*rbio != NULL)
            lib->fn.BIO_free(*rbio);
        if (*wbio != NULL)
            lib->fn.BIO_free(*wbio);
        lib->fn.SSL_free(ssl);
        return NULL;
    }
    lib->fn.SSL_set_bio(ssl, *rbio, *wbio); /* the SSL frees both */
    return ssl;
}

static bool ctx_new_loop(void *p, uint64_t iterations)
{
    ssl_obj_state *s = p;
    void (*ctx_free)(cx_SSL_CTX *) = s->lib->fn.SSL_CTX_free;
    for (uint64_t i = 0; i < iterations; i++) {
        cx_SSL_CTX *ctx = ctx_of(s);
        if (ctx == NULL)
            return false;
        ctx_free(ctx);
    }
    return true;
}

static bool ssl_new_loop(void *p, uint64_t iterations)
{
    ssl_obj_state *s = p;
    void (*ssl_free)(cx_SSL *) = s->lib->fn.SSL_free;
    for (uint64_t i = 0; i < iterations; i++) {
        cx_BIO *rbio, *wbio;
        cx_SSL *ssl = ssl_of(s, &rbio, &wbio);
        if (ssl == NULL)
            return false;
        ssl_free(ssl);
    }
    return true;
}

/* The context all workers share: kept with its library, which frees it. */
typedef struct {
    const crypto_lib *lib;
    cx_SSL_CTX *ctx;
} shared_ctx;

static void *shared_make(void *arg, char *why, size_t n)
{
    const ssl_obj_state *s = arg;
    shared_ctx *sc = wl_alloc(sizeof *sc, why, n);
    if (sc == NULL)
        return NULL;
    sc->lib = s->lib;
    if ((sc->ctx = ctx_of(s)) == NULL) {
        wl_fail(s->lib, why, n, "SSL_CTX_new failed");
        free(sc);
        return NULL;
    }
    return sc;
}

static void shared_free(void *object)
{
    shared_ctx *sc = object;
    sc->lib->fn.SSL_CTX_free(sc->ctx);
    free(sc);
}

static void ssl_obj_teardown(void *p)
{
    ssl_obj_state *s = p;
    if (s == NULL)
        return;
    if (s->shared)
        wl_shared_put(shared_key, shared_free);
    else if (s->ctx != NULL)
        s->lib->fn.SSL_CTX_free(s->ctx);
    free(s);
}

/* The methods of the op's side (sslctx-new: "server", "client"; an SSL
 * line's context is a server's, as sslnew's), the memory BIO method, and
 * an SSL line's context, its own or the shared one. */
static bool ssl_obj_open(ssl_obj_state *s, const ssl_obj_line *l, const char *op, char *why,
                         size_t n)
{
    const crypto_lib *lib = s->lib;
    cx_SSL_METHOD *other098;
    s->server = strcmp(op, "client") != 0;
    s->method = ssl_obj_method(lib, s->server, &s->method098);
    s->other = ssl_obj_method(lib, !s->server, &other098);
    if (s->method == NULL || s->other == NULL)
        return wl_fail(lib, why, n, "no TLS method");
    if (!l->ssl)
        return true;
    if (lib->fn.BIO_s_mem != NULL)
        s->mem = lib->fn.BIO_s_mem();
    else
        s->mem102 = lib->fn.BIO_s_mem_102();
    if (s->mem == NULL && s->mem102 == NULL)
        return wl_fail(lib, why, n, "no memory BIO method");
    if (l->shared) {
        shared_ctx *sc = wl_shared_get(shared_key, shared_make, s, why, n);
        s->shared = sc != NULL;
        s->ctx = sc != NULL ? sc->ctx : NULL;
        return s->shared;
    }
    return (s->ctx = ctx_of(s)) != NULL || wl_fail(lib, why, n, "SSL_CTX_new failed");
}

static void *ssl_obj_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                           size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)api, (void)bytes;
    const ssl_obj_line *l = ws->w->data;
    ssl_obj_state *s = wl_alloc(sizeof *s, why, n);
    if (s != NULL)
        s->lib = lib;
    *loop = l->ssl ? ssl_new_loop : ctx_new_loop;
    return wl_keep_if(s != NULL && ssl_obj_open(s, l, ws->w->ops[op], why, n), s, ssl_obj_teardown);
}

/* What one operation makes, checked: a context makes an SSL of its side;
 * an SSL has its context, its BIOs and the server's side. */
static bool made_ok(const ssl_obj_state *s, bool ssl_line, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    cx_SSL_CTX *ctx = ssl_line ? s->ctx : ctx_of(s);
    cx_BIO *rbio = NULL, *wbio = NULL;
    cx_SSL *ssl = NULL;
    if (ctx == NULL)
        return wl_fail(lib, why, n, "SSL_CTX_new failed");
    if (ssl_line)
        ssl = ssl_of(s, &rbio, &wbio);
    else
        ssl = lib->fn.SSL_new(ctx); /* no BIOs: SSL_get_rbio gives NULL */
    bool ok = (ssl != NULL || wl_fail(lib, why, n, "SSL_new failed")) &&
              ssl_obj_wiring_ok(lib, ssl, ctx, rbio, wbio, why, n) &&
              ssl_obj_side_ok(lib, ssl, s->server, s->method, s->other, why, n);
    lib->fn.SSL_free(ssl);
    if (!ssl_line)
        lib->fn.SSL_CTX_free(ctx);
    return ok;
}

/* The timed loop with nothing to make an object from must fail: a loop
 * that ignored a failed call would time nothing. */
static bool refuses_nothing(const ssl_obj_state *s, workload_loop loop, char *why, size_t n)
{
    ssl_obj_state none = *s;
    none.method = NULL;
    none.method098 = NULL;
    none.ctx = NULL;
    bool made = loop(&none, 1);
    (void)crypto_lib_last_error(s->lib); /* the refusal's error, expected */
    return !made || wl_why(why, n, "the timed loop succeeds with no %s to make from",
                           loop == ssl_new_loop ? "SSL_CTX" : "method");
}

static check_result ssl_obj_self_check(const crypto_lib *lib, const workload_spec *ws,
                                       api_path api, char *why, size_t n)
{
    const ssl_obj_line *l = ws->w->data;
    bool ok = true;
    for (int op = 0; ok && ws->w->ops[op] != NULL; op++) {
        workload_loop loop = NULL;
        ssl_obj_state *s = ssl_obj_setup(lib, ws, api, op, 0, &loop, why, n);
        ok = s != NULL && (loop(s, 2) || wl_fail(lib, why, n, "the timed loop failed")) &&
             made_ok(s, l->ssl, why, n) && refuses_nothing(s, loop, why, n);
        ssl_obj_teardown(s);
    }
    return wl_result(ok);
}

#define SSL_OBJ_NEEDS                                                                         \
    "SSL_CTX_new SSL_CTX_free TLS_server_method|SSLv23_server_method "                        \
    "TLS_client_method|SSLv23_client_method SSL_new SSL_free SSL_get_SSL_CTX SSL_get_rbio "   \
    "SSL_get_wbio SSL_is_server|SSL_get_ssl_method"
#define SSL_NEW_NEEDS SSL_OBJ_NEEDS " BIO_s_mem BIO_new BIO_free SSL_set_bio"

static const char *const ctx_ops[] = {"server", "client", NULL};
static const char *const ssl_ops[] = {"new", NULL};
static const ssl_obj_line ctx_line = {.ssl = false};
static const ssl_obj_line ssl_line = {.ssl = true};
static const ssl_obj_line ssl_shared_line = {.ssl = true, .shared = true};

#define SSL_OBJ_WORKLOAD(id, name_, ops_, line_, needs_, doc_)                                \
    const workload id = {                                                                     \
        .name = name_, .kind = KIND_TLS, .ops = ops_, .doc = doc_, .family = "context",       \
        .needs = {[API_SSL] = needs_}, .self_check = ssl_obj_self_check,                      \
        .setup = ssl_obj_setup, .teardown = ssl_obj_teardown, .data = &line_,                 \
    };
SSL_OBJ_WORKLOAD(wl_sslctx_new, "sslctx-new", ctx_ops, ctx_line, SSL_OBJ_NEEDS,
                 "SSL_CTX_new on TLS_server_method / TLS_client_method (SSLv23_* up to 1.0.2) "
                 "+ SSL_CTX_free")
SSL_OBJ_WORKLOAD(wl_ssl_new, "ssl-new", ssl_ops, ssl_line, SSL_NEW_NEEDS,
                 "SSL_new on the worker's own server SSL_CTX, two memory BIOs (SSL_set_bio), "
                 "SSL_free (perftools sslnew)")
SSL_OBJ_WORKLOAD(wl_ssl_new_shared, "ssl-new-shared", ssl_ops, ssl_shared_line, SSL_NEW_NEEDS,
                 "as ssl-new, on one server SSL_CTX shared by every worker thread of a process "
                 "(sslnew's default)")
