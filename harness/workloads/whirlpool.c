/* whirlpool: one operation = one Whirlpool digest of one `bytes`-long block
 * (digest.c: every API path, 1.0.0+; 3.x: the legacy provider). */
#include "digest.h"

DIGEST_OPTIONAL(WHIRLPOOL, cx_WHIRLPOOL_CTX, void, void, EVP_whirlpool)

/* ISO/IEC 10118-3:2004 Whirlpool, the NESSIE test vectors. */
DIGEST_OPTIONAL_LINE(whirlpool, "whirlpool", "Whirlpool", "WHIRLPOOL", 64, WHIRLPOOL,
                     EVP_whirlpool, "enable-whirlpool", "ISO/IEC 10118-3, NESSIE vectors",
                     {"abc", "4e2448a4c6f486bb16b6562c73b4020bf3043e3a731bce721ae1b303d97e6d4c"
                             "7181eebdb6c57e277d0e34957114cbd6c797fc9d95d8b582d225292076d4eef5"},
                     {"message digest",
                      "378c84a4126e2dc6e56dcc7458377aac838d00032230f53ce1f5700c0ffb4d3b"
                      "8421557659ef55c106b4b52ac5a4aaa692ed920052838f3362e86dbd37a8903e"})
