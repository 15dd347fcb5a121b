/* md2: one operation = one MD2 digest of one `bytes`-long block (digest.c:
 * every API path).  OpenSSL builds leave MD2 out unless configured with
 * enable-md2 (then 3.x has it in the legacy provider). */
#include "digest.h"

DIGEST_OPTIONAL(MD2, cx_MD2_CTX, unsigned char, unsigned char, EVP_md2)

DIGEST_OPTIONAL_LINE(md2, "md2", "MD2", "MD2", 16, MD2, EVP_md2, "enable-md2", "RFC 1319 A.5",
                     {"abc", "da853b0d3f88d99b30283a69e6ded6bb"},
                     {"message digest", "ab4f496bfb2a530b219ff33031fe06b0"})
