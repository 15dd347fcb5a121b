/* Fixed RSA test keys for rsa512/1024/1536/2048/3072/4096 (generated into rsa_keys.c
 * by tools/gen-rsa-keys.sh with the system openssl CLI). */
#ifndef HARNESS_WORKLOADS_RSA_KEYS_H
#define HARNESS_WORKLOADS_RSA_KEYS_H

#include <stddef.h>

typedef struct {
    int bits;
    const unsigned char *der; /* RSAPrivateKey (PKCS#1), DER */
    size_t der_len;
    const unsigned char *sig; /* PKCS#1 v1.5 SHA-256 signature of rsa_test_msg */
    size_t sig_len;
} rsa_test_key;

extern const char rsa_test_msg[];
extern const size_t rsa_test_msg_len;
extern const unsigned char rsa_test_digest[32]; /* SHA-256(rsa_test_msg) */

extern const rsa_test_key rsa_test_keys[];
extern const size_t rsa_test_key_count;

#endif
