/* newrawkey-<alg> (rawkey.c): a line's key type and the RFC's raw keys. */
#ifndef HARNESS_WORKLOADS_RAWKEY_H
#define HARNESS_WORKLOADS_RAWKEY_H

#include "common.h"

typedef struct {
    /* The key type's short name: the fetch path's name, and the evp path's
     * type through OBJ_sn2nid (BoringSSL's Ed25519 is 949, not 1087). */
    const char *title;
    const char *priv_hex; /* the RFC's private key */
    const char *pub_hex;  /* the RFC's public key, which the private one gives */
} rawkey_def;

workload_check_fn rawkey_self_check;

#endif
