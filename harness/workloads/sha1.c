/* sha1: one operation = one SHA-1 digest of one `bytes`-long block
 * (digest.c: every API path). */
#include "digest.h"

DIGEST_LOW_LEVEL(SHA1, cx_SHA_CTX)

static const cx_EVP_MD *sha1_md(const crypto_lib *lib)
{
    return lib->fn.EVP_sha1();
}

static const digest_def sha1_def = {
    .title = "SHA-1",
    .fetch_name = "SHA1",
    .len = 20,
    .evp_md = sha1_md,
    .legacy = SHA1_legacy_loop,
    .oneshot = SHA1_oneshot_loop,
    .kat_source = "FIPS 180-2 A.1, A.2",
    .kat = {{"abc", "a9993e364706816aba3e25717850c26c9cd0d89d"},
            {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
             "84983e441c3bd26ebaae4aa1f95129e5e54670f1"}},
};

const workload wl_sha1 =
    DIGEST_WORKLOAD("sha1", "one SHA-1 digest of one block, from init to final", false, sha1_def,
                    DIGEST_NEEDS_LOW(SHA1), DIGEST_NEEDS_EVP(EVP_sha1));
