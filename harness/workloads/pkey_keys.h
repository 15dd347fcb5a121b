/* Fixed keys and known answers of the ECDSA, DSA, ECDH, X25519 and Ed25519
 * workloads (generated into pkey_keys.c by tools/gen-pkey-keys.sh). */
#ifndef HARNESS_WORKLOADS_PKEY_KEYS_H
#define HARNESS_WORKLOADS_PKEY_KEYS_H

#include <stddef.h>

typedef struct {
    const unsigned char *key;    /* private key, DER: SEC1 / DSAPrivateKey / PKCS#8 */
    size_t key_len;
    const unsigned char *peer;   /* key exchange: the peer's SubjectPublicKeyInfo, DER */
    size_t peer_len;
    const unsigned char *expect; /* a known-good signature / the shared secret */
    size_t expect_len;
    const unsigned char *msg;    /* what `expect` signs; NULL: rsa_test_digest */
    size_t msg_len;
} pkey_vector;

extern const pkey_vector pkv_ecdsa_p256, pkv_ecdsa_p384, pkv_ecdsa_p521, pkv_ecdsa_k283,
    pkv_ecdsa_b283, pkv_dsa1024, pkv_dsa2048, pkv_ecdh_p256, pkv_ecdh_p384,
    pkv_x25519, pkv_ed25519;

#endif
