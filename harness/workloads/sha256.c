/* sha256: one operation = one SHA-256 digest of one `bytes`-long block
 * (digest.c: every API path). */
#include "digest.h"

DIGEST_LOW_LEVEL(SHA256, cx_SHA256_CTX)
WL_GETTER(cx_EVP_MD, EVP_sha256)

static const digest_def sha256_def = {
    DIGEST_LINE("SHA-256", "SHA256", 32, EVP_sha256), DIGEST_LINE_LOW(SHA256),
    .kat_source = "FIPS 180-2 B.1, B.2",
    .kat = {{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
            {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
             "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"}},
};

const workload wl_sha256 =
    DIGEST_WORKLOAD("sha256", "one SHA-256 digest of one block, from init to final", true,
                    sha256_def, DIGEST_NEEDS_LOW(SHA256), DIGEST_NEEDS_EVP(EVP_sha256));
