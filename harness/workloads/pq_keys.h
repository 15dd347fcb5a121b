/* Fixed keys and known answers of ml-kem-768 and ml-dsa-65, as hex text
 * (generated into pq_keys.c by tools/gen-pq-vectors.sh). */
#ifndef HARNESS_WORKLOADS_PQ_KEYS_H
#define HARNESS_WORKLOADS_PQ_KEYS_H

/* FIPS 203 decapsulation key, encapsulation randomness m, ciphertext, secret */
extern const char mlkem768_dk[], mlkem768_m[], mlkem768_c[], mlkem768_k[];
/* FIPS 204 private key, message, context string, deterministic signature */
extern const char mldsa65_sk[], mldsa65_msg[], mldsa65_ctx[], mldsa65_sig[];

#endif
