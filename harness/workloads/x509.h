/* The certificate family (x509-*: x509_parse.c, x509_verify.c,
 * x509_store.c) and what its lines share (x509.c).  Every call has one
 * shape from 0.9.8 to 4.0, so the lines run on the `legacy` path (the plain
 * X509 calls); x509-parse-* adds `fetch` (3.0+), the certificate made in a
 * library context first (X509_new_ex), the one call with its own 3.x shape. */
#ifndef HARNESS_WORKLOADS_X509_H
#define HARNESS_WORKLOADS_X509_H

#include "common.h"
#include "../../data/x509_certs.h"

/* A line's description (workload.data), with what its self-check expects,
 * so that a test can hand the line a copy with a wrong answer. */
typedef struct {
    const x509_cert *cert;   /* parse: the certificate; verify, store: the leaf */
    const x509_cert *issuer; /* store: the issuer it must find (its DER) */
    int chain_len;           /* verify: the chain's length */
    int missing_error;       /* verify: the error without the intermediate */
    bool shared;             /* store: one store for every worker of the point */
} x509_line;

/* The certificate of `der`, or NULL (the library's error left queued). */
cx_X509 *x509_decode(const crypto_lib *lib, const unsigned char *der, size_t len);

/* Whether an encoding the library wrote (len < 0: it failed) is the one
 * expected; else false with "<what>: wrong answer ..." in why. */
bool x509_encoding_is(const char *what, const unsigned char *got, int len,
                      const unsigned char *expect, size_t expect_len, char *why, size_t n);
bool x509_encoding_is_hex(const char *what, const unsigned char *got, int len, const char *hex,
                          char *why, size_t n);

/* A store holding the other certificates of data/x509_certs.c's store and
 * the intermediate (the 144 of Debian's CA bundle), or NULL + reason. */
cx_X509_STORE *x509_issuer_store(const crypto_lib *lib, char *why, size_t n);
/* A store holding the root, or NULL + reason. */
cx_X509_STORE *x509_root_store(const crypto_lib *lib, char *why, size_t n);

workload_check_fn x509_parse_self_check, x509_verify_self_check, x509_store_self_check;

#endif
