/* chacha20: one operation = ChaCha20-encrypt one block of any length with
 * the key set up once; the block counter and key stream carry on (cipher.c:
 * evp, fetch; 1.1.0+).  No legacy path: there is no public low-level
 * ChaCha20 call.  The EVP IV is 16 bytes: the 32-bit block counter
 * (little-endian) followed by RFC 7539's 96-bit nonce. */
#include "cipher.h"

WL_GETTER(cx_EVP_CIPHER, EVP_chacha20)

/* RFC 7539 2.4.2 (counter 1, "Ladies and Gentlemen ..."), as two operations
 * of 57 bytes, so the second starts inside a 64-byte ChaCha20 block. */
static const cipher_def chacha20_def = {
    CIPHER_LINE("ChaCha20", 32, 16, EVP_chacha20, NULL, NULL),
    .kat = {"RFC 7539 2.4.2", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
            "01000000" "000000000000004a00000000",
            "4c616469657320616e642047656e746c656d656e206f662074686520636c6173"
            "73206f66202739393a204966204920636f756c64206f6666657220796f75206f"
            "6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
            "637265656e20776f756c642062652069742e",
            "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
            "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
            "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
            "5af90bbf74a35be6b40b8eedf2785e42874d"},
};

const workload wl_chacha20 = CIPHER_WORKLOAD(
    "chacha20",
    "ChaCha20-encrypt one block (any length) with the key set up once; the counter carries on",
    false, 1, chacha20_def, CIPHER_NEEDS_EVP(EVP_chacha20));
