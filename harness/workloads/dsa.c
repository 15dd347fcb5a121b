/* dsa512, dsa1024, dsa2048: the digest-signature family (sig.h) on fixed DSA
 * keys (512- and 1024-bit p with a 160-bit q, 2048-bit p with a 256-bit q;
 * dsa512's in pkey_more.c: `openssl speed dsa512` up to 3.0).  Legacy:
 * DSA_sign / DSA_verify on the DSA that d2i_DSAPrivateKey reads.  On
 * request only. */
#include "pkey_more.h"
#include "sig.h"

SIG_LEGACY(dsa, cx_DSA, d2i_DSAPrivateKey, DSA_free, DSA_size, DSA_sign, DSA_verify)

#define DSA_LEGACY_NEEDS "d2i_DSAPrivateKey DSA_free DSA_size DSA_sign DSA_verify"

static const sig_def dsa512 = SIG_LEGACY_DEF(dsa, "DSA-512", CX_EVP_PKEY_DSA, pkv_dsa512);
static const sig_def dsa1024 = SIG_LEGACY_DEF(dsa, "DSA-1024", CX_EVP_PKEY_DSA, pkv_dsa1024);
static const sig_def dsa2048 = SIG_LEGACY_DEF(dsa, "DSA-2048", CX_EVP_PKEY_DSA, pkv_dsa2048);

const workload wl_dsa512 = SIG_WORKLOAD("dsa512", dsa512, "DSA-512", false, DSA_LEGACY_NEEDS);
const workload wl_dsa1024 = SIG_WORKLOAD("dsa1024", dsa1024, "DSA-1024", false,
                                         DSA_LEGACY_NEEDS);
/* A 256-bit q (FIPS 186-3) needs 1.0.0: 0.9.8 verifies only 160-bit ones. */
const workload wl_dsa2048 = {
    SIG_WORKLOAD_FIELDS("dsa2048", dsa2048, "DSA-2048", false, DSA_LEGACY_NEEDS),
    .since = R_100,
};
