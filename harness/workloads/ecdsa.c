/* ecdsa-<curve>: the digest-signature family (sig.h) on a fixed EC key per
 * curve of ec_curves.def (every curve of `openssl speed`'s ecdsa list).
 * Legacy: ECDSA_sign / ECDSA_verify on the EC_KEY that d2i_ECPrivateKey
 * reads (0.9.8+).  P-256 is in the default set, the others on request.
 *
 * Where the curve's order n is shorter than the digest (secp160r1, P-192,
 * P-224, K/B-163, K/B-233) the line signs the digest's leftmost
 * floor(bits(n)/8) bytes (the vector's msg): FIPS 186-3 truncates a longer
 * input to bits(n), but 0.9.8 up to 0.9.8g signs no input longer than n's
 * bytes and verifies one untruncated, and 0.9.8h-0.9.8l refuse one longer
 * than n's bits (docs/ec-curves.md), so only such an input is the same
 * standard operation on every release. */
#include "ec_curve_vectors.h"
#include "sig.h"

SIG_LEGACY(ecdsa, cx_EC_KEY, d2i_ECPrivateKey, EC_KEY_free, ECDSA_size, ECDSA_sign,
           ECDSA_verify)

#define ECDSA_LEGACY_NEEDS "d2i_ECPrivateKey EC_KEY_free ECDSA_size ECDSA_sign ECDSA_verify"

#define EC_CURVE(id, title, since_, dflt)                                                     \
    static const sig_def id = SIG_LEGACY_DEF(ecdsa, "ECDSA " title, CX_EVP_PKEY_EC,          \
                                             pkv_ecdsa_##id);                                \
    const workload wl_ecdsa_##id = {                                                          \
        SIG_WORKLOAD_DOC_FIELDS("ecdsa-" #id, id,                                             \
                                "one ECDSA " title " signature of a SHA-256 digest (its "     \
                                "leftmost whole bytes that fit the order where that is "      \
                                "shorter; fixed key) / one verification",                     \
                                dflt, ECDSA_LEGACY_NEEDS),                                    \
        .since = since_};
#include "ec_curves.def"
#undef EC_CURVE
