/* sha512: one operation = one SHA-512 digest of one `bytes`-long block
 * (digest.c: every API path). */
#include "digest.h"

DIGEST_LOW_LEVEL(SHA512, cx_SHA512_CTX)
WL_GETTER(cx_EVP_MD, EVP_sha512)

static const digest_def sha512_def = {
    DIGEST_LINE("SHA-512", "SHA512", 64, EVP_sha512), DIGEST_LINE_LOW(SHA512),
    .kat_source = "FIPS 180-2 C.1, C.2",
    .kat = {{"abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                    "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
            {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
             "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
             "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
             "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"}},
};

const workload wl_sha512 =
    DIGEST_WORKLOAD("sha512", "one SHA-512 digest of one block, from init to final", false,
                    sha512_def, DIGEST_NEEDS_LOW(SHA512), DIGEST_NEEDS_EVP(EVP_sha512));
