/* mdc2: one operation = one MDC-2 (DES-based, ISO/IEC 10118-2) digest of one
 * `bytes`-long block (digest.c: every API path; 3.x: the legacy provider). */
#include "digest.h"

DIGEST_OPTIONAL(MDC2, cx_MDC2_CTX, unsigned char, unsigned char, EVP_mdc2)

/* OpenSSL's own test/mdc2test.c vector (ISO/IEC 10118-2, padding 1). */
DIGEST_OPTIONAL_LINE(mdc2, "mdc2", "MDC2", "MDC2", 16, MDC2, EVP_mdc2, "enable-mdc2",
                     "ISO/IEC 10118-2, as test/mdc2test.c",
                     {"Now is the time for all ", "42e50cd224baceba760bdd2bd409281a"})
