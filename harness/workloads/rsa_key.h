/* The RSA key of a point: the fixed test key of that size (rsa_keys.c), or
 * one generated at first use and kept for the process. */
#ifndef HARNESS_WORKLOADS_RSA_KEY_H
#define HARNESS_WORKLOADS_RSA_KEY_H

#include "common.h"
#include "../../data/rsa_keys.h"

/* The fixed key of `bits`, or NULL. */
const rsa_test_key *rsa_fixed_key(int bits);

/* A key of `bits` for this library: parsed from the fixed DER (*owned =
 * true: the caller frees it) or generated once and cached (*owned = false).
 * NULL + reason on failure. */
cx_RSA *rsa_key_for(const crypto_lib *lib, int bits, bool *owned, char *why, size_t n);
/* ... and the functions it calls (the start of a path's `needs`). */
#define RSA_KEY_NEEDS                                                                         \
    "RSA_free RSA_size d2i_RSAPrivateKey RSA_new BN_new BN_set_word BN_free "                 \
    "RSA_generate_key_ex "

/* workload.available of the families on rsa_key_for's keys (rsa<bits>,
 * rsa-enc<bits>, rsa-oaep<bits>): the sizes a key is made for. */
workload_check_fn rsa_key_available;

#endif
