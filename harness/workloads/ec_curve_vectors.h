/* Fixed keys and known answers of every ECDSA and ECDH curve in
 * ec_curves.def: P-256, P-384, P-521, K-283, B-283 (ECDSA) and P-256, P-384
 * (ECDH) from tools/gen-pkey-keys.sh (pkey_keys.c), the others from
 * tools/gen-ec-curve-vectors.sh (ec_{ecdsa,ecdh}_{prime,binary}_vectors.c). */
#ifndef HARNESS_WORKLOADS_EC_CURVE_VECTORS_H
#define HARNESS_WORKLOADS_EC_CURVE_VECTORS_H

#include "pkey_keys.h"

#define EC_CURVE(id, title, since, dflt) extern const pkey_vector pkv_ecdsa_##id, pkv_ecdh_##id;
#include "ec_curves.def"
#undef EC_CURVE

#endif
