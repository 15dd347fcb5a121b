/* md4: one operation = one MD4 digest of one `bytes`-long block (digest.c:
 * every API path; 3.x: the legacy provider). */
#include "digest.h"

DIGEST_OPTIONAL(MD4, cx_MD4_CTX, void, unsigned char, EVP_md4)

DIGEST_OPTIONAL_LINE(md4, "md4", "MD4", "MD4", 16, MD4, EVP_md4, "enable-md4", "RFC 1320 A.5",
                     {"abc", "a448017aaf21d8525fc10ae87aa6729d"},
                     {"message digest", "d9130a8164549fe818874806e1c7014b"})
