/* The TLS family: a client and a server in one process over a memory BIO
 * pair (tls_conn.c: contexts, handshakes, what a handshake negotiated;
 * tls.c: the workload callbacks; tls.def: the lines). */
#ifndef HARNESS_WORKLOADS_TLS_H
#define HARNESS_WORKLOADS_TLS_H

#include "common.h"

/* What a line asks for, and what its known-answer check expects. */
typedef struct {
    int version;             /* CX_TLS1_3_VERSION, CX_TLS1_2_VERSION, CX_TLS1_VERSION */
    const char *suite;       /* TLS 1.3: SSL_CTX_set_ciphersuites; 1.2: the cipher list */
    unsigned suite_id;       /* its code point: 0x1301, 0xc02b */
    const char *group;       /* the one group both sides offer: "X25519", "P-256"; NULL:
                              * none (RSA key transport) */
    const char *group_names; /* how releases report it, space-separated */
    const char *cert;        /* data/tls_certs.h name: "ecdsa-p256" */
} tls_def;

/* A line's data (workload.data): what it negotiates, and whether it
 * measures records (else handshakes). */
typedef struct {
    tls_def def;
    bool records;
    bool shared_ctx; /* the threads of a process share one client and one server SSL_CTX */
    bool new_ctx;    /* every handshake on a new client and server SSL_CTX (perftools handshake -s) */
} tls_line;

/* Every line's known-answer check (workload.self_check). */
workload_check_fn tls_self_check;

/* A client and a server context of one line; `resume_by_id`: tickets off
 * on both sides, so a resumed session comes from the server's cache. */
typedef struct {
    const crypto_lib *lib;
    const tls_def *d;
    cx_SSL_CTX *client, *server;
    bool by_id;              /* tickets off: resumption from the server's cache */
    int cert_type;           /* the EVP_PKEY type the peer certificate must have */
    size_t bio_bytes;        /* each direction of a connection's BIO pair; 0: a handshake's */
} tls_ctxs;

bool tls_ctxs_open(tls_ctxs *t, const crypto_lib *lib, const tls_def *d, bool resume_by_id,
                   char *why, size_t n);
void tls_ctxs_close(tls_ctxs *t);

/* One connection: both SSL objects, handshake done (false + reason when
 * it failed).  `session`: offered by the client for resumption, or NULL. */
typedef struct {
    cx_SSL *client, *server;
} tls_pair;
bool tls_connect(const tls_ctxs *t, cx_SSL_SESSION *session, tls_pair *p, char *why, size_t n);
void tls_disconnect(const crypto_lib *lib, tls_pair *p);

/* The client's session after the server's tickets (TLS 1.3) are read. */
cx_SSL_SESSION *tls_session(tls_ctxs *t, char *why, size_t n);

bool tls_reused(const crypto_lib *lib, const cx_SSL *ssl);

/* The negotiated suite's code point (0 where the release has no
 * SSL_CIPHER_get_id: 0.9.8, 1.0.0) and, in *name, its OpenSSL name. */
unsigned tls_suite(const crypto_lib *lib, const cx_SSL *ssl, const char **name);

/* A key's EVP_PKEY type; 0.9.8 has no EVP_PKEY_id: RSA or 0. */
int tls_key_type(const crypto_lib *lib, cx_EVP_PKEY *key);

/* The known answer of a handshake: protocol version, cipher suite, group,
 * certificate type and its verification, and whether it resumed. */
bool tls_check_negotiated(const tls_ctxs *t, const tls_pair *p, bool resumed, char *why,
                          size_t n);

#endif
