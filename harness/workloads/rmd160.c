/* rmd160: one operation = one RIPEMD-160 digest of one `bytes`-long block
 * (digest.c: every API path).  3.x had it only in the legacy provider up
 * to 3.0.6; from 3.0.7 the default provider has it too, and the fetch
 * then finds it. */
#include "digest.h"

DIGEST_OPTIONAL(RIPEMD160, cx_RIPEMD160_CTX, void, unsigned char, EVP_ripemd160)

/* Dobbertin, Bosselaers, Preneel, "RIPEMD-160: A Strengthened Version of
 * RIPEMD", test values. */
DIGEST_OPTIONAL_LINE(rmd160, "rmd160", "RIPEMD-160", "RIPEMD160", 20, RIPEMD160, EVP_ripemd160,
                     "enable-rmd160", "the RIPEMD-160 paper's test values",
                     {"abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"},
                     {"message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"})
