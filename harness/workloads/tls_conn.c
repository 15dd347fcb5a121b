/* Contexts, connections and the known answer of the TLS family.  What a
 * release spells as a macro over SSL_CTX_ctrl/SSL_ctrl is called through
 * those with compat/constants.h's codes; everything else through its own
 * pointer. */
#include "tls.h"
#include "../../data/tls_certs.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Enough for a server's whole first flight (certificate, key share, the
 * TLS 1.3 tickets that follow) in one write. */
enum { HANDSHAKE_BIO_BYTES = 64 * 1024, MAX_FLIGHTS = 16 };

static const tls_cert *cert_named(const char *name)
{
    for (size_t i = 0; i < tls_cert_count; i++)
        if (strcmp(tls_certs[i].name, name) == 0)
            return &tls_certs[i];
    return NULL;
}

static const cx_SSL_METHOD *method(const crypto_lib *lib, int version)
{
    if (lib->fn.TLS_method != NULL)
        return lib->fn.TLS_method();
    if (version == CX_TLS1_2_VERSION && lib->fn.TLSv1_2_method != NULL)
        return lib->fn.TLSv1_2_method();
    return NULL;
}

static bool set_options(const crypto_lib *lib, cx_SSL_CTX *ctx, unsigned long op)
{
    if (lib->fn.SSL_CTX_set_options_u64 != NULL)
        return (lib->fn.SSL_CTX_set_options_u64(ctx, op) & op) == op;
    if (lib->fn.SSL_CTX_set_options_ulong != NULL)
        return (lib->fn.SSL_CTX_set_options_ulong(ctx, op) & op) == op;
    return ((unsigned long)lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_OPTIONS, (long)op, NULL) & op) == op;
}

/* Both sides: this protocol version only, this suite, this group. */
static bool configure(const crypto_lib *lib, const tls_def *d, cx_SSL_CTX *ctx, bool server,
                      char *why, size_t n)
{
    if (lib->fn.TLS_method != NULL &&
        (lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_MIN_PROTO_VERSION, d->version, NULL) != 1 ||
         lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_MAX_PROTO_VERSION, d->version, NULL) != 1))
        return wl_fail(lib, why, n, "cannot pin the protocol version");
    bool suite = d->version == CX_TLS1_3_VERSION
                     ? lib->fn.SSL_CTX_set_ciphersuites(ctx, d->suite) == 1
                     : lib->fn.SSL_CTX_set_cipher_list(ctx, d->suite) == 1;
    if (!suite)
        return wl_why(why, n, "the library refuses the cipher suite %s", d->suite);
    if (lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_GROUPS_LIST, 0, (void *)d->group) != 1)
        return wl_why(why, n, "the library refuses the group %s", d->group);
    /* 1.0.2 chooses an ECDHE curve only when asked to (always on from 1.1.0). */
    if (server && !crypto_lib_since(lib, R_110))
        lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_ECDH_AUTO, 1, NULL);
    /* A session outlives any run: resumption never fails on its age. */
    lib->fn.SSL_CTX_set_timeout(ctx, 7 * 24 * 3600);
    return true;
}

static bool server_cert(const crypto_lib *lib, cx_SSL_CTX *ctx, const tls_cert *c, char *why,
                        size_t n)
{
    if (lib->fn.SSL_CTX_use_certificate_ASN1(ctx, (int)c->cert_len, c->cert) != 1 ||
        lib->fn.SSL_CTX_use_PrivateKey_ASN1(c->pkey_type, ctx, c->key, (long)c->key_len) != 1 ||
        lib->fn.SSL_CTX_check_private_key(ctx) != 1)
        return wl_fail(lib, why, n, "the server refuses its certificate or key");
    return true;
}

/* The client trusts the server's self-signed certificate and verifies it. */
static bool client_trust(const crypto_lib *lib, cx_SSL_CTX *ctx, const tls_cert *c, char *why,
                         size_t n)
{
    const unsigned char *p = c->cert;
    cx_X509 *x = lib->fn.d2i_X509(NULL, &p, (long)c->cert_len);
    bool ok = x != NULL && lib->fn.X509_STORE_add_cert(lib->fn.SSL_CTX_get_cert_store(ctx), x) == 1;
    lib->fn.X509_free(x);
    if (!ok)
        return wl_fail(lib, why, n, "the client cannot trust the certificate");
    lib->fn.SSL_CTX_set_verify(ctx, CX_SSL_VERIFY_PEER, NULL);
    return true;
}

bool tls_ctxs_open(tls_ctxs *t, const crypto_lib *lib, const tls_def *d, bool resume_by_id,
                   char *why, size_t n)
{
    *t = (tls_ctxs){.lib = lib, .d = d};
    const tls_cert *c = cert_named(d->cert);
    const cx_SSL_METHOD *m = method(lib, d->version);
    if (c == NULL || m == NULL)
        return wl_why(why, n, "no %s", c == NULL ? "such certificate" : "method for this version");
    t->cert_type = c->pkey_type;
    t->client = lib->fn.SSL_CTX_new(m);
    t->server = lib->fn.SSL_CTX_new(m);
    bool ok = (t->client != NULL && t->server != NULL) || wl_fail(lib, why, n, "SSL_CTX_new failed");
    ok = ok && configure(lib, d, t->client, false, why, n) &&
         configure(lib, d, t->server, true, why, n) && server_cert(lib, t->server, c, why, n) &&
         client_trust(lib, t->client, c, why, n);
    if (ok && resume_by_id)
        ok = (set_options(lib, t->client, CX_SSL_OP_NO_TICKET) &&
              set_options(lib, t->server, CX_SSL_OP_NO_TICKET)) ||
             wl_fail(lib, why, n, "cannot turn session tickets off");
    if (!ok)
        tls_ctxs_close(t);
    return ok;
}

void tls_ctxs_close(tls_ctxs *t)
{
    if (t->lib == NULL)
        return;
    t->lib->fn.SSL_CTX_free(t->client);
    t->lib->fn.SSL_CTX_free(t->server);
    t->client = t->server = NULL;
}

static bool wants_more(const crypto_lib *lib, cx_SSL *ssl, int rc)
{
    int e = lib->fn.SSL_get_error(ssl, rc);
    return e == CX_SSL_ERROR_WANT_READ || e == CX_SSL_ERROR_WANT_WRITE;
}

bool tls_connect(const tls_ctxs *t, cx_SSL_SESSION *session, tls_pair *p, char *why, size_t n)
{
    const crypto_lib *lib = t->lib;
    cx_BIO *a = NULL, *b = NULL;
    p->client = lib->fn.SSL_new(t->client);
    p->server = lib->fn.SSL_new(t->server);
    size_t size = t->bio_bytes > 0 ? t->bio_bytes : HANDSHAKE_BIO_BYTES;
    if (p->client == NULL || p->server == NULL || lib->fn.BIO_new_bio_pair(&a, size, &b, size) != 1)
        return wl_fail(lib, why, n, "cannot make the connection");
    lib->fn.SSL_set_bio(p->client, a, a);
    lib->fn.SSL_set_bio(p->server, b, b);
    lib->fn.SSL_set_connect_state(p->client);
    lib->fn.SSL_set_accept_state(p->server);
    if (session != NULL && lib->fn.SSL_set_session(p->client, session) != 1)
        return wl_fail(lib, why, n, "the client refuses the session");
    for (int i = 0; i < MAX_FLIGHTS; i++) {
        int rc = lib->fn.SSL_do_handshake(p->client);
        int rs = lib->fn.SSL_do_handshake(p->server);
        if (rc == 1 && rs == 1)
            return true;
        if ((rc != 1 && !wants_more(lib, p->client, rc)) ||
            (rs != 1 && !wants_more(lib, p->server, rs)))
            return wl_fail(lib, why, n, "handshake failed");
    }
    return wl_why(why, n, "the handshake did not end after %d flights", MAX_FLIGHTS);
}

/* Closed as if both close_notify alerts had crossed (none is sent): an
 * SSL_free without it marks the session bad, and the server's cache drops
 * it. */
static void closed(const crypto_lib *lib, cx_SSL *ssl)
{
    if (ssl != NULL)
        lib->fn.SSL_set_shutdown(ssl, CX_SSL_SENT_SHUTDOWN | CX_SSL_RECEIVED_SHUTDOWN);
}

void tls_disconnect(const crypto_lib *lib, tls_pair *p)
{
    closed(lib, p->client);
    closed(lib, p->server);
    lib->fn.SSL_free(p->client); /* each frees its end of the BIO pair */
    lib->fn.SSL_free(p->server);
    p->client = p->server = NULL;
}

cx_SSL_SESSION *tls_session(const tls_ctxs *t, char *why, size_t n)
{
    const crypto_lib *lib = t->lib;
    tls_pair p = {0};
    cx_SSL_SESSION *s = NULL;
    if (tls_connect(t, NULL, &p, why, n)) {
        /* TLS 1.3 tickets arrive after the handshake: a read takes them in. */
        unsigned char byte;
        int rc = lib->fn.SSL_read(p.client, &byte, 1);
        if (rc > 0 || wants_more(lib, p.client, rc))
            s = lib->fn.SSL_get1_session(p.client);
        if (s == NULL)
            wl_fail(lib, why, n, "the client got no session to resume");
    }
    tls_disconnect(lib, &p);
    return s;
}

bool tls_reused(const crypto_lib *lib, const cx_SSL *ssl)
{
    if (lib->fn.SSL_session_reused != NULL)
        return lib->fn.SSL_session_reused(ssl) == 1;
    return lib->fn.SSL_ctrl((cx_SSL *)ssl, CX_SSL_CTRL_GET_SESSION_REUSED, 0, NULL) == 1;
}
