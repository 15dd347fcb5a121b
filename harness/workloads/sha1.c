/* sha1: one operation = one SHA-1 digest of one `bytes`-long block
 * (digest.c: every API path). */
#include "digest.h"

DIGEST_LOW_LEVEL(SHA1, cx_SHA_CTX)
WL_GETTER(cx_EVP_MD, EVP_sha1)

static const digest_def sha1_def = {
    DIGEST_LINE("SHA-1", "SHA1", 20, EVP_sha1), DIGEST_LINE_LOW(SHA1),
    .kat_source = "FIPS 180-2 A.1, A.2",
    .kat = {{"abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
            {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
             "84983e441c3bd26ebaae4aa1f95129e5e54670f1"}},
};

const workload wl_sha1 =
    DIGEST_WORKLOAD("sha1", "one SHA-1 digest of one block, from init to final", false, sha1_def,
                    DIGEST_NEEDS_LOW(SHA1), DIGEST_NEEDS_EVP(EVP_sha1));
