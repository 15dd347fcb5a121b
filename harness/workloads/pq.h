/* What the KEM (pqkem.c) and signature-scheme (pqsig.c) families of 3.5+
 * share: their known-answer vectors (generated data files, each by a script
 * in tools/) and the key-generation loop `openssl speed` of 3.5 times. */
#ifndef HARNESS_WORKLOADS_PQ_H
#define HARNESS_WORKLOADS_PQ_H

#include "pkey.h"

/* A KEM vector: the recipient's raw private key dk (ML-KEM's FIPS 203
 * decapsulation key, X25519's) or, for DHKEM, the input its key is derived
 * from (ikm, "dhkem-ikm"), the encapsulation randomness m ("ikme"), the
 * ciphertext c, the shared secret k; all hex. */
typedef struct {
    const char *dk, *m, *c, *k;
    const char *source; /* where it was published, for messages */
    const char *ikm;    /* when dk is NULL */
} pq_kem_vector;

extern const pq_kem_vector pq_mlkem512_vector, pq_mlkem1024_vector;
extern const pq_kem_vector pq_dhkem_x25519_vector, pq_dhkem_p256_vector;

/* A deterministic signature: the raw private key, message, context string
 * (may be ""), and either the signature itself or its SHA-256 (large
 * signatures are stored as their digest); hex.  internal: signed with
 * "message-encoding" = 0 (the ACVP internal interface, FIPS 205 sign
 * internal), else the pure external interface. */
typedef struct {
    const char *alg, *key, *msg, *ctx, *sig, *sig_sha256;
    bool internal;
    const char *source;
} pq_sig_vector;

/* NULL-terminated: the vectors of pq_mldsa_vectors.c and
 * pq_slhdsa_vectors.c; pq_sig_vector_for finds an algorithm's (NULL if
 * none). */
extern const pq_sig_vector *const pq_mldsa_vectors[], *const pq_slhdsa_vectors[];
const pq_sig_vector *pq_sig_vector_for(const char *alg);

/* The known-answer checks of a vector, through the timed loops of the
 * family's path (the workloads' self-checks run them on their own vector;
 * tests on a tampered copy).  ML-KEM: the encapsulation with m gives c and
 * k, decapsulation of c gives k, a tampered c another secret.  Signatures:
 * the deterministic signature is the vector's, then pk_check_signatures. */
check_result pq_mlkem_vector_check(const crypto_lib *lib, const char *alg, size_t ct_cap,
                                   const pq_kem_vector *v, char *why, size_t n);
check_result pq_sig_vector_check(const crypto_lib *lib, api_path api, const pq_sig_vector *v,
                                 size_t sig_cap, char *why, size_t n);

/* A key-generation context for `keytype` (EVP_PKEY_CTX_new_from_name),
 * initialised; `params` (may be NULL) set after the init (an EC group).
 * In s->pctx; false + reason. */
bool pq_keygen_open(pk_state *s, const char *keytype, const cx_OSSL_PARAM *params, char *why,
                    size_t n);
/* One fresh key per operation on s->pctx, freed at once (as speed's
 * KEM_keygen_loop / SIG_keygen_loop). */
bool pq_keygen_loop(void *state, uint64_t iterations);
/* One key made on s->pctx (a pq_keygen_open state), or NULL + reason. */
cx_EVP_PKEY *pq_keygen_one(pk_state *s, char *why, size_t n);

#endif
