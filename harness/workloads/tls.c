/* TLS handshakes and records through libssl, client and server in one
 * process over a memory BIO pair (no sockets: what perftools' handshake
 * test and the old `ssltest -time` time).  One operation:
 *   full       a new client and server connection and a full handshake
 *              (SSL_new x2, the handshake, SSL_free x2): both sides' work;
 *              the client verifies the server's certificate; the server
 *              sends what the release sends by default (TLS 1.3 tickets)
 *   resume     the same with the client offering a session got once by a
 *              full handshake, by ticket; it must resume
 *   resume-id  TLS 1.2, tickets off: resumed from the server's session cache
 *   write-read SSL_write of one block by the client, SSL_read of all of it
 *              by the server, on one established connection (B/s: both the
 *              sealing and the opening of the block's records)
 * The lines: tls.def.  The known answer (tls_check.c) is checked on each
 * operation's own connections before timing.  A handshake's cost varies
 * from one to the next (allocations, nonces, blinding) and a sample holds
 * only one or two: its rate is the median of the samples (varying_ops). */
#include "tls.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The contexts (and session) every thread of a process uses on a
 * shared_ctx line: made by the first setup, freed by the last teardown. */
typedef struct {
    const tls_line *line;
    bool by_id;
    int users;
    tls_ctxs ctxs;
    cx_SSL_SESSION *session;
} tls_shared;
static tls_shared shared_slots[4];
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

typedef struct {
    tls_shared *shared;      /* a shared_ctx line's: ctxs and session are its */
    tls_ctxs ctxs;
    cx_SSL_SESSION *session; /* resume, resume-id */
    tls_pair pair;           /* write-read */
    unsigned char *in, *out;
    int len;
} tls_state;

static const char *const handshake13_ops[] = {"full", "resume", NULL};
static const char *const handshake12_ops[] = {"full", "resume", "resume-id", NULL};
static const char *const record_ops[] = {"write-read", NULL};
static const char *const full_ops[] = {"full", NULL};

static bool connect_once(tls_state *s, cx_SSL_SESSION *session)
{
    char why[8];
    tls_pair p = {0};
    bool ok = tls_connect(&s->ctxs, session, &p, why, sizeof why) &&
              (session == NULL || tls_reused(s->ctxs.lib, p.client));
    tls_disconnect(s->ctxs.lib, &p);
    return ok;
}

/* full (no session) and resume (the session got once) */
static bool handshake_loop(void *p, uint64_t iterations)
{
    tls_state *s = p;
    for (uint64_t i = 0; i < iterations; i++)
        if (!connect_once(s, s->session))
            return false;
    return true;
}

/* full, each on a client and a server SSL_CTX made for it, as the line's
 * set-up makes them (certificate, key, trust), freed after it */
static bool new_ctx_loop(void *p, uint64_t iterations)
{
    tls_state *s = p;
    for (uint64_t i = 0; i < iterations; i++) {
        char why[8];
        tls_state one = {.ctxs = {0}};
        bool ok = tls_ctxs_open(&one.ctxs, s->ctxs.lib, s->ctxs.d, false, why, sizeof why) &&
                  connect_once(&one, NULL);
        tls_ctxs_close(&one.ctxs);
        if (!ok)
            return false;
    }
    return true;
}

static bool write_read_loop(void *p, uint64_t iterations)
{
    tls_state *s = p;
    const crypto_lib *lib = s->ctxs.lib;
    for (uint64_t i = 0; i < iterations; i++) {
        if (lib->fn.SSL_write(s->pair.client, s->in, s->len) != s->len)
            return false;
        for (int got = 0; got < s->len;) {
            int r = lib->fn.SSL_read(s->pair.server, s->out + got, s->len - got);
            if (r <= 0)
                return false;
            got += r;
        }
    }
    return true;
}

static void tls_teardown(void *p)
{
    tls_state *s = p;
    if (s == NULL)
        return;
    const crypto_lib *lib = s->ctxs.lib;
    if (lib != NULL)
        tls_disconnect(lib, &s->pair);
    tls_shared *own = s->shared;
    if (own != NULL) {
        pthread_mutex_lock(&shared_lock);
        own = --own->users == 0 ? own : NULL;
        pthread_mutex_unlock(&shared_lock);
    }
    if (own != NULL || s->shared == NULL) {
        tls_ctxs *ctxs = own != NULL ? &own->ctxs : &s->ctxs;
        cx_SSL_SESSION *session = own != NULL ? own->session : s->session;
        if (session != NULL)
            ctxs->lib->fn.SSL_SESSION_free(session);
        tls_ctxs_close(ctxs);
    }
    free(s->in);
    free(s->out);
    free(s);
}

/* An established connection whose server has nothing left to say. */
static bool records_open(tls_state *s, size_t bytes, char *why, size_t n)
{
    const crypto_lib *lib = s->ctxs.lib;
    if (bytes > INT_MAX / 2)
        return wl_why(why, n, "blocks of at most %d bytes", INT_MAX / 2);
    s->len = (int)bytes;
    s->ctxs.bio_bytes = 2 * bytes + 64 * 1024;
    if ((s->in = wl_input_block(bytes, 0x715, why, n)) == NULL ||
        (s->out = wl_alloc(bytes, why, n)) == NULL ||
        !tls_connect(&s->ctxs, NULL, &s->pair, why, n))
        return false;
    unsigned char byte; /* takes in the TLS 1.3 tickets */
    int rc = lib->fn.SSL_read(s->pair.client, &byte, 1);
    return rc <= 0 || wl_why(why, n, "the server sent data nobody wrote");
}

/* The line's contexts and, for a resumption, the session to offer. */
static bool open_ctxs(tls_ctxs *ctxs, cx_SSL_SESSION **session, const crypto_lib *lib,
                      const tls_line *l, const char *op, char *why, size_t n)
{
    if (!tls_ctxs_open(ctxs, lib, &l->def, strcmp(op, "resume-id") == 0, why, n))
        return false;
    if (l->records || strcmp(op, "full") == 0)
        return true;
    return (*session = tls_session(ctxs, why, n)) != NULL;
}

/* A shared_ctx line: the slot of (line, op), made by its first user. */
static bool share_ctxs(tls_state *s, const crypto_lib *lib, const tls_line *l, const char *op,
                       char *why, size_t n)
{
    bool by_id = strcmp(op, "resume-id") == 0, fresh = strcmp(op, "full") == 0, ok = true;
    tls_shared *slot = NULL;
    pthread_mutex_lock(&shared_lock);
    for (size_t i = 0; i < sizeof shared_slots / sizeof shared_slots[0] && slot == NULL; i++)
        if (shared_slots[i].users > 0 && shared_slots[i].line == l &&
            shared_slots[i].by_id == by_id && (shared_slots[i].session == NULL) == fresh)
            slot = &shared_slots[i];
    for (size_t i = 0; i < sizeof shared_slots / sizeof shared_slots[0] && slot == NULL; i++)
        if (shared_slots[i].users == 0) {
            slot = &shared_slots[i];
            *slot = (tls_shared){.line = l, .by_id = by_id};
            ok = open_ctxs(&slot->ctxs, &slot->session, lib, l, op, why, n);
        }
    if (slot == NULL)
        ok = wl_why(why, n, "more shared TLS contexts than %zu at once",
                    sizeof shared_slots / sizeof shared_slots[0]);
    if (ok) {
        slot->users++;
        s->shared = slot;
        s->ctxs = slot->ctxs;
        s->session = slot->session;
    }
    pthread_mutex_unlock(&shared_lock);
    return ok;
}

static void *tls_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                       size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)api;
    const tls_line *l = ws->w->data;
    const char *name = ws->w->ops[op];
    tls_state *s = wl_alloc(sizeof *s, why, n);
    bool ok = s != NULL && (l->shared_ctx ? share_ctxs(s, lib, l, name, why, n)
                                          : open_ctxs(&s->ctxs, &s->session, lib, l, name, why, n));
    if (ok && l->records) {
        ok = records_open(s, bytes, why, n);
        *loop = write_read_loop;
    } else if (ok) {
        *loop = l->new_ctx ? new_ctx_loop : handshake_loop;
    }
    return wl_keep_if(ok, s, tls_teardown);
}

/* What a fork lacks is unsupported, not a failed check (an OpenSSL
 * release, whose functions say it has the line, fails its known answer
 * instead): a certificate type its TLS does not take (LibreSSL, Ed25519),
 * a handshake its defaults refuse (Ed25519 signatures in BoringSSL and
 * AWS-LC), and TLS 1.3 suites it cannot choose (BoringSSL has no
 * SSL_CTX_set_ciphersuites: only the lines of the suite it picks). */
static check_result tls_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                  char *why, size_t n)
{
    (void)api;
    const tls_line *l = ws->w->data;
    /* TLS 1.0 where it is all a release has: a newer one is measured by the
     * TLS 1.2 lines (3.x would need security level 0 for 1.0 at all). */
    if (l->def.version == CX_TLS1_VERSION &&
        (lib->fn.TLS_method != NULL || lib->fn.TLSv1_2_method != NULL)) {
        snprintf(why, n, "has TLS 1.2: TLS 1.0 is measured where it is all a release has");
        return CHECK_UNAVAILABLE;
    }
    if (!crypto_lib_is_fork(lib))
        return CHECK_PASS;
    tls_ctxs t;
    char refused[200];
    if (!tls_ctxs_open(&t, lib, &l->def, false, refused, sizeof refused)) {
        snprintf(why, n, "not in %s: %s", flavor_title(lib->ver.flavor), refused);
        return CHECK_UNAVAILABLE;
    }
    tls_pair p = {0};
    unsigned id = 0;
    bool connected = tls_connect(&t, NULL, &p, refused, sizeof refused);
    const char *name;
    if (connected)
        id = tls_suite(lib, p.client, &name);
    tls_disconnect(lib, &p);
    tls_ctxs_close(&t);
    if (!connected) {
        snprintf(why, n, "not in %s: %s", flavor_title(lib->ver.flavor), refused);
        return CHECK_UNAVAILABLE;
    }
    if (id == l->def.suite_id || lib->fn.SSL_CTX_set_ciphersuites != NULL ||
        l->def.version != CX_TLS1_3_VERSION)
        return CHECK_PASS;
    snprintf(why, n, "%s cannot choose its TLS 1.3 cipher suite (no SSL_CTX_set_ciphersuites)",
             flavor_title(lib->ver.flavor));
    return CHECK_UNAVAILABLE;
}

/* A fork that gives no session to resume, or does not resume one (LibreSSL
 * has no TLS 1.3 resumption): that operation is unsupported. */
static check_result tls_op_available(const crypto_lib *lib, const workload_spec *ws,
                                     api_path api, int op, char *why, size_t n)
{
    (void)api;
    const tls_line *l = ws->w->data;
    const char *name = ws->w->ops[op];
    if (!crypto_lib_is_fork(lib) || l->records || strcmp(name, "full") == 0)
        return CHECK_PASS;
    tls_ctxs t;
    if (!tls_ctxs_open(&t, lib, &l->def, strcmp(name, "resume-id") == 0, why, n))
        return CHECK_PASS; /* the line's own checks say why */
    char fault[200] = "it did not resume";
    cx_SSL_SESSION *session = tls_session(&t, fault, sizeof fault);
    tls_pair p = {0};
    bool resumed = session != NULL && tls_connect(&t, session, &p, fault, sizeof fault) &&
                   tls_reused(lib, p.client);
    tls_disconnect(lib, &p);
    if (session != NULL)
        lib->fn.SSL_SESSION_free(session);
    tls_ctxs_close(&t);
    if (resumed)
        return CHECK_PASS;
    snprintf(why, n, "not in %s: no %s resumption (%s)", flavor_title(lib->ver.flavor),
             l->def.version == CX_TLS1_3_VERSION ? "TLS 1.3" : "TLS 1.2", fault);
    return CHECK_UNAVAILABLE;
}

/* Each operation's connection as it is timed: what it negotiated, then
 * its timed loop once; for records, the bytes come back as sent. */
check_result tls_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                            char *why, size_t n)
{
    const tls_line *l = ws->w->data;
    bool ok = true;
    for (int op = 0; ok && ws->w->ops[op] != NULL; op++) {
        if (tls_op_available(lib, ws, api, op, why, n) != CHECK_PASS)
            continue;
        workload_loop loop = NULL;
        tls_state *s = tls_setup(lib, ws, api, op, 1000, &loop, why, n);
        ok = s != NULL;
        tls_pair p = {0};
        if (ok && l->records) {
            ok = tls_check_negotiated(&s->ctxs, &s->pair, false, why, n);
            memset(s->out, 0, (size_t)s->len);
            ok = ok && (loop(s, 1) || wl_fail(lib, why, n, "SSL_write/SSL_read failed")) &&
                 (memcmp(s->in, s->out, (size_t)s->len) == 0 ||
                  wl_why(why, n, "the server read other bytes than the client wrote"));
        } else if (ok) {
            ok = tls_connect(&s->ctxs, s->session, &p, why, n) &&
                 tls_check_negotiated(&s->ctxs, &p, s->session != NULL, why, n) &&
                 (loop(s, 1) || wl_fail(lib, why, n, "the timed handshake failed"));
        }
        if (s != NULL)
            tls_disconnect(lib, &p);
        tls_teardown(s);
    }
    return wl_result(ok);
}

/* What every line calls; a handshake line also its resumption's. */
/* What every line calls (a|b: one or the other, by release or fork); TLS
 * 1.2 lines turn tickets off with SSL_CTX_ctrl or SSL_CTX_set_options,
 * whose 32-bit shape in BoringSSL and AWS-LC the table does not carry. */
#define TLS_NEEDS                                                                             \
    "SSL_CTX_new SSL_CTX_use_certificate_ASN1 SSL_CTX_use_PrivateKey d2i_AutoPrivateKey "    \
    "SSL_CTX_check_private_key d2i_X509 X509_STORE_add_cert SSL_CTX_set_verify SSL_new "     \
    "SSL_set_shutdown BIO_new_bio_pair SSL_set_bio SSL_do_handshake SSL_get_error "          \
    "SSL_version SSL_get_current_cipher SSL_CIPHER_get_id|SSL_CIPHER_get_name "              \
    "SSL_get1_peer_certificate X509_get_pubkey EVP_PKEY_get_id|EVP_PKEY_get1_RSA "           \
    "SSL_get_verify_result SSL_read SSL_write "                                              \
    "SSL_CTX_sess_set_new_cb SSL_CTX_ctrl|SSL_CTX_set_session_cache_mode "                    \
    "SSL_CTX_ctrl|SSL_CTX_set1_groups_list SSL_session_reused|SSL_ctrl "                     \
    "SSL_group_to_name|SSL_get_curve_id|SSL_ctrl"
#define TLS13_NEEDS TLS_NEEDS " TLS_method"
#define TLS12_NEEDS TLS_NEEDS " TLS_method|TLSv1_2_method SSL_CTX_set_cipher_list SSL_CTX_ctrl"
#define TLS10_NEEDS TLS_NEEDS " TLS_method|TLSv1_method SSL_CTX_set_cipher_list SSL_CTX_ctrl"

#define TLS_LINE_(id, wname, version_, suite_, suite_id_, group_, names_, cert_, since_, doc_,  \
                  records_, shared_, new_ctx_, ops_, needs_)                                  \
    static const tls_line id##_line = {                                                       \
        .def = {.version = version_, .suite = suite_, .suite_id = suite_id_, .group = group_,  \
                .group_names = names_, .cert = cert_},                                        \
        .records = records_, .shared_ctx = shared_, .new_ctx = new_ctx_};                     \
    const workload wl_##id = {                                                                \
        .name = wname, .kind = KIND_TLS, .sized = records_, .ops = ops_,                      \
        .doc = records_ ? (version_ == CX_TLS1_3_VERSION ? "TLS 1.3 records: " doc_           \
                                                         : "TLS 1.2 records: " doc_)          \
                : version_ == CX_TLS1_3_VERSION ? "TLS 1.3 handshakes: " doc_                 \
                : version_ == CX_TLS1_2_VERSION ? "TLS 1.2 handshakes: " doc_                 \
                                                : "TLS 1.0 handshakes: " doc_,                \
        .since = version_ == CX_TLS1_3_VERSION && since_ < R_111 ? R_111 : since_,             \
        .varying_ops = records_ ? NULL : "full resume resume-id",                              \
        .needs = {[API_SSL] = needs_}, .available = tls_available,                            \
        .op_available = tls_op_available, .self_check = tls_self_check,                       \
        .setup = tls_setup, .teardown = tls_teardown, .data = &id##_line,                     \
    };
#define TLS_HS_(id, wname, version_, ...)                                                     \
    TLS_LINE_(id, wname, version_, __VA_ARGS__, false, false, false,                          \
              version_ == CX_TLS1_3_VERSION ? handshake13_ops : handshake12_ops,              \
              version_ == CX_TLS1_3_VERSION   ? TLS13_NEEDS                                   \
              : version_ == CX_TLS1_2_VERSION ? TLS12_NEEDS                                   \
                                              : TLS10_NEEDS)
#define TLS_REC_(id, wname, version_, ...)                                                    \
    TLS_LINE_(id, wname, version_, __VA_ARGS__, true, false, false, record_ops,               \
              version_ == CX_TLS1_3_VERSION ? TLS13_NEEDS : TLS12_NEEDS)
/* Through one more macro, so that a line's two-value shorthands (a suite
 * and its code point, a group and its names) become two arguments. */
#define TLS_SHARED_(id, wname, version_, ...)                                                 \
    TLS_LINE_(id, wname, version_, __VA_ARGS__, false, true, false, handshake13_ops, TLS13_NEEDS)
#define TLS_NEW_CTX_(id, wname, version_, ...)                                                \
    TLS_LINE_(id, wname, version_, __VA_ARGS__, false, false, true, full_ops, TLS13_NEEDS)
#define TLS_HANDSHAKE(...) TLS_HS_(__VA_ARGS__)
#define TLS_RECORDS(...) TLS_REC_(__VA_ARGS__)
#define TLS_HANDSHAKE_SHARED_CTX(...) TLS_SHARED_(__VA_ARGS__)
#define TLS_HANDSHAKE_NEW_CTX(...) TLS_NEW_CTX_(__VA_ARGS__)
#include "tls.def"
#undef TLS_HANDSHAKE
#undef TLS_RECORDS
#undef TLS_HANDSHAKE_SHARED_CTX
#undef TLS_HANDSHAKE_NEW_CTX
