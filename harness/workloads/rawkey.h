/* newrawkey-<alg> (rawkey.c): a line's key type and the RFC's raw keys. */
#ifndef HARNESS_WORKLOADS_RAWKEY_H
#define HARNESS_WORKLOADS_RAWKEY_H

#include "common.h"

typedef struct {
    const char *title;    /* the fetch path's key type name, in messages */
    int nid;              /* the EVP_PKEY type of OpenSSL and LibreSSL */
    int nid_boring;       /* BoringSSL's and AWS-LC's (Ed25519: 949, not 1087); 0: none */
    const char *priv_hex; /* the RFC's private key */
    const char *pub_hex;  /* the RFC's public key, which the private one gives */
} rawkey_def;

workload_check_fn rawkey_self_check;

#endif
