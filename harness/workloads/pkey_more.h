/* Fixed keys and known answers of dsa512, x448, ed448, sm2 and ffdh<bits>
 * (generated into pkey_more.c by tools/gen-pkey-more.sh). */
#ifndef HARNESS_WORKLOADS_PKEY_MORE_H
#define HARNESS_WORKLOADS_PKEY_MORE_H

#include "pkey_keys.h"

/* An FFDH line: the vector (PKCS#8 key, the peer's SubjectPublicKeyInfo,
 * the shared secret) and the peer's public value as big-endian bytes, for
 * DH_compute_key's BIGNUM. */
typedef struct {
    pkey_vector v; /* first: a pk_fixed points at it */
    const unsigned char *peer_pub;
    size_t peer_pub_len;
} ffdh_vector;

extern const pkey_vector pkv_dsa512, pkv_x448, pkv_ed448, pkv_sm2;
extern const ffdh_vector ffv_ffdh2048, ffv_ffdh3072, ffv_ffdh4096, ffv_ffdh6144, ffv_ffdh8192;

#endif
