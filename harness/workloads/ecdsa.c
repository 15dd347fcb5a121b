/* ecdsa-<curve>: the digest-signature family (sig.h) on fixed EC keys.
 * Legacy: ECDSA_sign / ECDSA_verify on the EC_KEY that d2i_ECPrivateKey
 * reads (0.9.8+).  P-256 is in the default set; P-384, P-521 and the
 * curves `openssl speed` also offers (secp160r1, the binary K-283 and
 * B-283) on request. */
#include "sig.h"

SIG_LEGACY(ecdsa, cx_EC_KEY, d2i_ECPrivateKey, EC_KEY_free, ECDSA_size, ECDSA_sign,
           ECDSA_verify)

#define ECDSA_DEF(id, title_, vector)                                                         \
    static const sig_def id = SIG_LEGACY_DEF(ecdsa, title_, CX_EVP_PKEY_EC, vector)
#define ECDSA_LEGACY_NEEDS "d2i_ECPrivateKey EC_KEY_free ECDSA_size ECDSA_sign ECDSA_verify"

ECDSA_DEF(p256, "ECDSA P-256", pkv_ecdsa_p256);
ECDSA_DEF(p384, "ECDSA P-384", pkv_ecdsa_p384);
ECDSA_DEF(p521, "ECDSA P-521", pkv_ecdsa_p521);
ECDSA_DEF(k283, "ECDSA K-283", pkv_ecdsa_k283);
ECDSA_DEF(b283, "ECDSA B-283", pkv_ecdsa_b283);
ECDSA_DEF(secp160r1, "ECDSA secp160r1", pkv_ecdsa_secp160r1);

const workload wl_ecdsa_p256 = SIG_WORKLOAD("ecdsa-p256", p256, "ECDSA P-256", true,
                                            ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_p384 = SIG_WORKLOAD("ecdsa-p384", p384, "ECDSA P-384", false,
                                            ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_p521 = SIG_WORKLOAD("ecdsa-p521", p521, "ECDSA P-521", false,
                                            ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_k283 = SIG_WORKLOAD("ecdsa-k283", k283, "ECDSA K-283 (binary curve)",
                                            false, ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_b283 = SIG_WORKLOAD("ecdsa-b283", b283, "ECDSA B-283 (binary curve)",
                                            false, ECDSA_LEGACY_NEEDS);
const workload wl_ecdsa_secp160r1 = SIG_WORKLOAD("ecdsa-secp160r1", secp160r1,
                                                 "ECDSA secp160r1", false, ECDSA_LEGACY_NEEDS);
