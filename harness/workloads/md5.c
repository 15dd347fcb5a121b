/* md5: one operation = one MD5 digest of one `bytes`-long block
 * (digest.c: every API path). */
#include "digest.h"

DIGEST_LOW_LEVEL(MD5, cx_MD5_CTX)

static const cx_EVP_MD *md5_md(const crypto_lib *lib)
{
    return lib->fn.EVP_md5();
}

static const digest_def md5_def = {
    .title = "MD5",
    .fetch_name = "MD5",
    .len = 16,
    .evp_md = md5_md,
    .legacy = MD5_legacy_loop,
    .oneshot = MD5_oneshot_loop,
    .kat_source = "RFC 1321 A.5",
    .kat = {{"abc", "900150983cd24fb0d6963f7d28e17f72"},
            {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"}},
};

const workload wl_md5 =
    DIGEST_WORKLOAD("md5", "one MD5 digest of one block, from init to final", false, md5_def,
                    DIGEST_NEEDS_LOW(MD5), DIGEST_NEEDS_EVP(EVP_md5));
