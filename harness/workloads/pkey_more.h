/* Fixed keys and known answers of dsa512, x448, ed448, sm2 and ffdh<bits>
 * (generated into pkey_more.c by tools/gen-pkey-more.sh). */
#ifndef HARNESS_WORKLOADS_PKEY_MORE_H
#define HARNESS_WORKLOADS_PKEY_MORE_H

#include "pkey_keys.h"

extern const pkey_vector pkv_dsa512, pkv_x448, pkv_ed448, pkv_sm2;
/* FFDH: PKCS#8 key, the peer's SubjectPublicKeyInfo, the shared secret, and
 * as `msg` (a key exchange signs nothing) the peer's public value as
 * big-endian bytes, for DH_compute_key's BIGNUM. */
extern const pkey_vector pkv_ffdh2048, pkv_ffdh3072, pkv_ffdh4096, pkv_ffdh6144, pkv_ffdh8192;

#endif
