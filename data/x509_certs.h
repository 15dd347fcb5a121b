/* Fixed certificates of the x509-* workloads (data/x509_certs.c), generated
 * by tools/gen-x509-certs.sh with the system openssl CLI from keys already
 * under data/: a root, an intermediate and two leaves (RSA-2048, ECDSA
 * P-256) with a web server's usual extensions, valid 2020/2025 to 2126, and
 * the other certificates of the issuer-lookup store.  Test certificates
 * only. */
#ifndef DATA_X509_CERTS_H
#define DATA_X509_CERTS_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const unsigned char *der; /* X.509, DER */
    size_t der_len;
    const char *pem;          /* the same as PEM text (a leaf), else NULL */
    const char *subject_hex;  /* a leaf: DER of its subject Name, hex */
    const char *serial_hex;   /* a leaf: DER of its serialNumber INTEGER, hex */
} x509_cert;

extern const x509_cert x509_root, x509_intermediate, x509_leaf_rsa2048, x509_leaf_ec_p256;

/* The store's other self-signed CA certificates, DER as hex: with the
 * intermediate, as many as Debian's CA bundle holds. */
extern const char *const x509_store_certs[];
extern const size_t x509_store_cert_count;

/* The time every chain is verified at (the leaves' validity holds it). */
extern const int64_t x509_check_time;

#endif
