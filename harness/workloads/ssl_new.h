/* SSL object creation (ssl_new.c): the checks its known answers make, for
 * the unit test that proves each one rejects a wrong object. */
#ifndef HARNESS_WORKLOADS_SSL_NEW_H
#define HARNESS_WORKLOADS_SSL_NEW_H

#include "common.h"

/* The version-flexible method of a side: TLS_server_method (1.1.0+),
 * SSLv23_server_method before; NULL when the library has neither.  0.9.8's
 * getters return the object without const: *m098 is that one (else NULL),
 * which its SSL_CTX_new takes. */
const cx_SSL_METHOD *ssl_obj_method(const crypto_lib *lib, bool server, cx_SSL_METHOD **m098);

/* A context of the method (SSL_CTX_new's shape of the release), or NULL. */
cx_SSL_CTX *ssl_obj_ctx_new(const crypto_lib *lib, const cx_SSL_METHOD *m, cx_SSL_METHOD *m098);

/* Whether `ssl`, made from a context of `method`, is on the side asked for:
 * SSL_is_server (1.0.2+), else its method is `method`.  Where both sides'
 * methods are one object (`other`: BoringSSL's are TLS_method) the side is
 * set per connection and nothing tells it here: true.  false + reason. */
bool ssl_obj_side_ok(const crypto_lib *lib, cx_SSL *ssl, bool server, const cx_SSL_METHOD *method,
                     const cx_SSL_METHOD *other, char *why, size_t n);

/* Whether `ssl` belongs to `ctx` and reads from `rbio`, writes to `wbio`. */
bool ssl_obj_wiring_ok(const crypto_lib *lib, const cx_SSL *ssl, const cx_SSL_CTX *ctx,
                       const cx_BIO *rbio, const cx_BIO *wbio, char *why, size_t n);

#endif
