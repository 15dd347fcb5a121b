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

/* A context of TLS_method (pinned to the version by configure), else of
 * the version's own method; 0.9.8's getters and SSL_CTX_new take no const. */
static cx_SSL_CTX *new_ctx(const crypto_lib *lib, int version)
{
    if (lib->fn.SSL_CTX_new_098 != NULL)
        return version == CX_TLS1_VERSION && lib->fn.TLSv1_method_098 != NULL
                   ? lib->fn.SSL_CTX_new_098(lib->fn.TLSv1_method_098())
                   : NULL;
    const cx_SSL_METHOD *m = NULL;
    if (lib->fn.TLS_method != NULL)
        m = lib->fn.TLS_method();
    else if (version == CX_TLS1_2_VERSION && lib->fn.TLSv1_2_method != NULL)
        m = lib->fn.TLSv1_2_method();
    else if (version == CX_TLS1_VERSION && lib->fn.TLSv1_method != NULL)
        m = lib->fn.TLSv1_method();
    return m != NULL ? lib->fn.SSL_CTX_new(m) : NULL;
}

int tls_key_type(const crypto_lib *lib, cx_EVP_PKEY *key)
{
    if (key == NULL)
        return 0;
    if (lib->fn.EVP_PKEY_get_id != NULL)
        return lib->fn.EVP_PKEY_get_id(key);
    cx_RSA *rsa = lib->fn.EVP_PKEY_get1_RSA(key);
    lib->fn.RSA_free(rsa);
    return rsa != NULL ? CX_EVP_PKEY_RSA : 0;
}

unsigned tls_suite(const crypto_lib *lib, const cx_SSL *ssl, const char **name)
{
    const cx_SSL_CIPHER *c = lib->fn.SSL_get_current_cipher_098 != NULL
                                 ? lib->fn.SSL_get_current_cipher_098(ssl)
                                 : lib->fn.SSL_get_current_cipher(ssl);
    *name = c != NULL ? lib->fn.SSL_CIPHER_get_name(c) : NULL;
    if (c == NULL || lib->fn.SSL_CIPHER_get_id == NULL)
        return 0;
    return (unsigned)(lib->fn.SSL_CIPHER_get_id(c) & 0xffff);
}

static bool set_options(const crypto_lib *lib, cx_SSL_CTX *ctx, unsigned long op)
{
    if (lib->fn.SSL_CTX_set_options_u64 != NULL)
        return (lib->fn.SSL_CTX_set_options_u64(ctx, op) & op) == op;
    if (lib->fn.SSL_CTX_set_options_ulong != NULL)
        return (lib->fn.SSL_CTX_set_options_ulong(ctx, op) & op) == op;
    return ((unsigned long)lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_OPTIONS, (long)op, NULL) & op) == op;
}

/* TLS_method's minimum and maximum: a fork's own function, else the ctrl. */
static bool pin_version(const crypto_lib *lib, cx_SSL_CTX *ctx, int version)
{
    if (lib->fn.SSL_CTX_set_min_proto_version != NULL)
        return lib->fn.SSL_CTX_set_min_proto_version(ctx, (uint16_t)version) == 1 &&
               lib->fn.SSL_CTX_set_max_proto_version(ctx, (uint16_t)version) == 1;
    return lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_MIN_PROTO_VERSION, version, NULL) == 1 &&
           lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_MAX_PROTO_VERSION, version, NULL) == 1;
}

static bool set_groups(const crypto_lib *lib, cx_SSL_CTX *ctx, const char *groups)
{
    if (lib->fn.SSL_CTX_set1_groups_list != NULL)
        return lib->fn.SSL_CTX_set1_groups_list(ctx, groups) == 1;
    return lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_GROUPS_LIST, 0, (void *)groups) == 1;
}

/* Both sides: this protocol version only, this suite, this group.  A
 * library that cannot choose its TLS 1.3 suites (BoringSSL) keeps its own
 * order; tls_available says whether that gives the line's suite. */
static bool configure(const crypto_lib *lib, const tls_def *d, cx_SSL_CTX *ctx, bool server,
                      char *why, size_t n)
{
    if (lib->fn.TLS_method != NULL && !pin_version(lib, ctx, d->version))
        return wl_fail(lib, why, n, "cannot pin the protocol version");
    bool suite = d->version == CX_TLS1_3_VERSION
                     ? lib->fn.SSL_CTX_set_ciphersuites == NULL ||
                           lib->fn.SSL_CTX_set_ciphersuites(ctx, d->suite) == 1
                     : lib->fn.SSL_CTX_set_cipher_list(ctx, d->suite) == 1;
    if (!suite)
        return wl_why(why, n, "the library refuses the cipher suite %s", d->suite);
    if (d->group != NULL && !set_groups(lib, ctx, d->group))
        return wl_why(why, n, "the library refuses the group %s", d->group);
    /* 1.0.2 chooses an ECDHE curve only when asked to (always on from 1.1.0). */
    if (server && d->group != NULL && !crypto_lib_since(lib, R_110) &&
        lib->fn.SSL_CTX_ctrl != NULL)
        lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_ECDH_AUTO, 1, NULL);
    /* A session outlives any run: resumption never fails on its age. */
    lib->fn.SSL_CTX_set_timeout(ctx, 7 * 24 * 3600);
    return true;
}

/* The key through d2i_AutoPrivateKey (PKCS#8, read from 0.9.8 on): the
 * EVP_PKEY type numbers of BoringSSL and AWS-LC are not OpenSSL's (Ed25519:
 * 949, not 1087). */
static bool server_cert(const crypto_lib *lib, cx_SSL_CTX *ctx, const tls_cert *c, char *why,
                        size_t n)
{
    const unsigned char *p = c->key;
    cx_EVP_PKEY *key = lib->fn.d2i_AutoPrivateKey(NULL, &p, (long)c->key_len);
    bool ok = key != NULL &&
              lib->fn.SSL_CTX_use_certificate_ASN1(ctx, (int)c->cert_len, c->cert) == 1 &&
              lib->fn.SSL_CTX_use_PrivateKey(ctx, key) == 1 &&
              lib->fn.SSL_CTX_check_private_key(ctx) == 1;
    lib->fn.EVP_PKEY_free(key);
    return ok || wl_fail(lib, why, n, "the server refuses its certificate or key");
}

/* The client trusts the server's self-signed certificate and verifies it;
 * the peer's certificate must then have its key's type. */
static bool client_trust(tls_ctxs *t, cx_SSL_CTX *ctx, const tls_cert *c, char *why, size_t n)
{
    const crypto_lib *lib = t->lib;
    const unsigned char *p = c->cert;
    cx_X509 *x = lib->fn.d2i_X509(NULL, &p, (long)c->cert_len);
    cx_EVP_PKEY *k = x != NULL ? lib->fn.X509_get_pubkey(x) : NULL;
    t->cert_type = tls_key_type(lib, k);
    lib->fn.EVP_PKEY_free(k);
    bool ok = k != NULL &&
              lib->fn.X509_STORE_add_cert(lib->fn.SSL_CTX_get_cert_store(ctx), x) == 1;
    lib->fn.X509_free(x);
    if (!ok)
        return wl_fail(lib, why, n, "the client cannot trust the certificate");
    lib->fn.SSL_CTX_set_verify(ctx, CX_SSL_VERIFY_PEER, NULL);
    return true;
}

/* A session to resume, taken from a probe client's new-session callback:
 * the one way BoringSSL and AWS-LC hand out a TLS 1.3 ticket's session
 * (their SSL_get1_session keeps the handshake's, which has none).  The
 * probe has the client session cache the callback needs, which in OpenSSL
 * also makes a TLS 1.3 ticket single-use: the timed client has none and
 * resumes the same session every time, as SSL_get1_session's would. */
static _Thread_local bool capture_armed;
static _Thread_local cx_SSL_SESSION *captured;

static int new_session(cx_SSL *ssl, cx_SSL_SESSION *session)
{
    (void)ssl;
    if (!capture_armed || captured != NULL)
        return 0;
    captured = session;
    return 1; /* the reference is ours */
}

static bool client_sessions(const crypto_lib *lib, cx_SSL_CTX *ctx)
{
    int mode = CX_SSL_SESS_CACHE_CLIENT | CX_SSL_SESS_CACHE_NO_INTERNAL_STORE;
    lib->fn.SSL_CTX_sess_set_new_cb(ctx, new_session);
    if (lib->fn.SSL_CTX_set_session_cache_mode != NULL)
        return lib->fn.SSL_CTX_set_session_cache_mode(ctx, mode) >= 0;
    return lib->fn.SSL_CTX_ctrl(ctx, CX_SSL_CTRL_SET_SESS_CACHE_MODE, mode, NULL) >= 0;
}

static bool no_tickets(const crypto_lib *lib, cx_SSL_CTX *ctx, char *why, size_t n)
{
    return set_options(lib, ctx, CX_SSL_OP_NO_TICKET) ||
           wl_fail(lib, why, n, "cannot turn session tickets off");
}

/* A client context of the line (NULL + reason on failure); `probe`: one
 * that hands out its sessions (new_session). */
static cx_SSL_CTX *client_ctx(tls_ctxs *t, bool probe, char *why, size_t n)
{
    const crypto_lib *lib = t->lib;
    cx_SSL_CTX *ctx = new_ctx(lib, t->d->version);
    bool ok = (ctx != NULL || wl_fail(lib, why, n, "SSL_CTX_new failed")) &&
              configure(lib, t->d, ctx, false, why, n) &&
              client_trust(t, ctx, cert_named(t->d->cert), why, n) &&
              (!t->by_id || no_tickets(lib, ctx, why, n)) &&
              (!probe || client_sessions(lib, ctx) ||
               wl_fail(lib, why, n, "no client session cache"));
    if (!ok && ctx != NULL) {
        lib->fn.SSL_CTX_free(ctx);
        ctx = NULL;
    }
    return ctx;
}

bool tls_ctxs_open(tls_ctxs *t, const crypto_lib *lib, const tls_def *d, bool resume_by_id,
                   char *why, size_t n)
{
    *t = (tls_ctxs){.lib = lib, .d = d, .by_id = resume_by_id};
    const tls_cert *c = cert_named(d->cert);
    if (c == NULL)
        return wl_why(why, n, "no certificate %s", d->cert);
    t->server = new_ctx(lib, d->version);
    bool ok = (t->server != NULL || wl_fail(lib, why, n, "SSL_CTX_new failed")) &&
              configure(lib, d, t->server, true, why, n) &&
              server_cert(lib, t->server, c, why, n) &&
              (!resume_by_id || no_tickets(lib, t->server, why, n)) &&
              (t->client = client_ctx(t, false, why, n)) != NULL;
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

static bool connect_from(const tls_ctxs *t, cx_SSL_CTX *client, cx_SSL_SESSION *session,
                         tls_pair *p, char *why, size_t n)
{
    const crypto_lib *lib = t->lib;
    cx_BIO *a = NULL, *b = NULL;
    p->client = lib->fn.SSL_new(client);
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

bool tls_connect(const tls_ctxs *t, cx_SSL_SESSION *session, tls_pair *p, char *why, size_t n)
{
    return connect_from(t, t->client, session, p, why, n);
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

cx_SSL_SESSION *tls_session(tls_ctxs *t, char *why, size_t n)
{
    const crypto_lib *lib = t->lib;
    tls_pair p = {0};
    cx_SSL_CTX *probe = client_ctx(t, true, why, n);
    if (probe == NULL)
        return NULL;
    capture_armed = true;
    captured = NULL;
    if (connect_from(t, probe, NULL, &p, why, n)) {
        /* TLS 1.3 tickets arrive after the handshake: a read takes them in.
         * BoringSSL's server sends them with its next write: an empty one. */
        unsigned char byte = 0;
        (void)lib->fn.SSL_write(p.server, &byte, 0);
        (void)crypto_lib_last_error(lib);
        int rc = lib->fn.SSL_read(p.client, &byte, 1);
        if (rc <= 0 && !wants_more(lib, p.client, rc))
            wl_fail(lib, why, n, "reading the server's tickets failed");
        else if (captured == NULL)
            wl_why(why, n, "the client got no session to resume");
    }
    capture_armed = false;
    cx_SSL_SESSION *s = captured;
    captured = NULL;
    tls_disconnect(lib, &p);
    lib->fn.SSL_CTX_free(probe);
    return s;
}

bool tls_reused(const crypto_lib *lib, const cx_SSL *ssl)
{
    if (lib->fn.SSL_session_reused != NULL)
        return lib->fn.SSL_session_reused(ssl) == 1;
    return lib->fn.SSL_ctrl((cx_SSL *)ssl, CX_SSL_CTRL_GET_SESSION_REUSED, 0, NULL) == 1;
}
