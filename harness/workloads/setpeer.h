/* evp-setpeer-<alg> (setpeer.c): a line's fixed key pair and the key of
 * another type whose public key its context must refuse as a peer. */
#ifndef HARNESS_WORKLOADS_SETPEER_H
#define HARNESS_WORKLOADS_SETPEER_H

#include "pkey.h"

typedef struct {
    pk_fixed fixed;            /* first, for pk_fixed_available */
    const pkey_vector *wrong;  /* its peer: a public key of another type */
    long wrong_since;          /* the series that first has that type (X25519: 1.1.0) */
} setpeer_def;

workload_check_fn setpeer_self_check;

#endif
