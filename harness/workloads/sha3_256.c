/* sha3-256: one operation = one SHA3-256 digest of one `bytes`-long block,
 * through the EVP paths of digest.c (1.1.1+); SHA-3 has no low-level API. */
#include "digest.h"

WL_GETTER(cx_EVP_MD, EVP_sha3_256)

static const digest_def sha3_256_def = {
    DIGEST_LINE("SHA3-256", "SHA3-256", 32, EVP_sha3_256),
    .kat_source = "FIPS 202 examples (NIST), 24- and 448-bit messages",
    .kat = {{"abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
            {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
             "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376"}},
};

const workload wl_sha3_256 =
    DIGEST_WORKLOAD("sha3-256", "one SHA3-256 digest of one block, from init to final", false,
                    sha3_256_def, DIGEST_NEEDS_EVP(EVP_sha3_256));
