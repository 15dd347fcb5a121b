/* md5: one operation = one MD5 digest of one `bytes`-long block
 * (digest.c: every API path). */
#include "digest.h"

DIGEST_LOW_LEVEL(MD5, cx_MD5_CTX)
WL_GETTER(cx_EVP_MD, EVP_md5)

static const digest_def md5_def = {
    DIGEST_LINE("MD5", "MD5", 16, EVP_md5), DIGEST_LINE_LOW(MD5),
    .kat_source = "RFC 1321 A.5",
    .kat = {{"abc", "900150983cd24fb0d6963f7d28e17f72"},
            {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"}},
};

const workload wl_md5 =
    DIGEST_WORKLOAD("md5", "one MD5 digest of one block, from init to final", false, md5_def,
                    DIGEST_NEEDS_LOW(MD5), DIGEST_NEEDS_EVP(EVP_md5));
