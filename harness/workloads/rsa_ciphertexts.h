/* rsa_test_digest encrypted under each fixed RSA key (generated into
 * rsa_ciphertexts.c by tools/gen-rsa-ciphertexts.sh). */
#ifndef HARNESS_WORKLOADS_RSA_CIPHERTEXTS_H
#define HARNESS_WORKLOADS_RSA_CIPHERTEXTS_H

#include <stddef.h>

enum { RSA_CT_PKCS1, RSA_CT_OAEP };

typedef struct {
    int bits;
    const unsigned char *ct[2]; /* [RSA_CT_PKCS1], [RSA_CT_OAEP] */
    size_t len[2];
} rsa_test_ciphertext;

extern const rsa_test_ciphertext rsa_test_ciphertexts[];
extern const size_t rsa_test_ciphertext_count;

#endif
