/* What the public-key families (ECDSA/DSA, ECDH/X25519, Ed25519/ML-DSA,
 * ML-KEM) share: one state per point, the EVP_PKEY timed loops, key
 * loading and the known-answer steps.  Each family adds its legacy loops
 * and its table lines. */
#ifndef HARNESS_WORKLOADS_PKEY_H
#define HARNESS_WORKLOADS_PKEY_H

#include "common.h"
#include "pkey_keys.h"

/* What a context is initialised for (and which loop times it). */
typedef enum { PK_SIGN, PK_VERIFY, PK_DERIVE, PK_ENCAPS, PK_DECAPS } pk_op;

typedef struct pk_state pk_state;
struct pk_state {
    const crypto_lib *lib;
    api_path api;
    cx_EVP_PKEY *pkey, *peer;   /* evp, fetch */
    cx_EVP_PKEY_CTX *pctx;      /* set up once for every operation */
    cx_EVP_MD_CTX *mctx;        /* EVP_DigestSign/Verify (EdDSA) */
    cx_EVP_SIGNATURE *alg;      /* EVP_PKEY_sign/verify_message_init */
    void *key, *peer_key;       /* legacy: EC_KEY / DSA, the ECDH peer's EC_KEY */
    const cx_EC_POINT *peer_point; /* legacy ECDH: the peer's public point */
    void (*free_keys)(pk_state *s); /* the family's: frees key, peer_key */
    const unsigned char *in;    /* message / digest / ciphertext to decapsulate */
    size_t in_len;
    unsigned char *out;         /* signature (made, or to verify) / secret / ciphertext */
    size_t out_cap, out_len;
    unsigned char *secret;      /* encapsulation: the shared secret */
    size_t secret_cap, secret_len;
    unsigned char *owned;       /* a heap copy of `in` the state owns */
};

/* What a line on a fixed key (sig.h, kex.h) says about its key, as the first
 * member of its def: the shared key loading and workload.available read it
 * from there. */
typedef struct {
    const char *title;      /* "ECDSA P-256", in messages */
    int type;               /* d2i_PrivateKey type; 0: PKCS#8 via d2i_AutoPrivateKey */
    const pkey_vector *vec; /* the key (a key exchange's: and the peer's), a known answer */
    size_t out_cap;         /* the state's output: a signature, a shared secret */
    /* legacy (NULL: no legacy call): s->key and s->free_keys (ECDH: the peer's) */
    bool (*legacy_open)(pk_state *s, const pkey_vector *v, char *why, size_t n);
} pk_fixed;

/* A state holding the line's key as `api` reads it (evp, fetch: and the
 * peer's public key where the vector has one), `in` borrowed. */
pk_state *pk_fixed_keys(const crypto_lib *lib, const pk_fixed *f, api_path api,
                        const unsigned char *in, size_t in_len, char *why, size_t n);
/* workload.available of such a line (its data a def whose first member is
 * its pk_fixed): the release exports the calls; whether this build knows the
 * curve / algorithm shows when the key is read. */
workload_check_fn pk_fixed_available;

/* A state for `lib`/`api` with an output buffer of `out_cap` bytes (and
 * `secret_cap` for the secret), `in` borrowed.  NULL + reason. */
pk_state *pk_new(const crypto_lib *lib, api_path api, const unsigned char *in, size_t in_len,
                 size_t out_cap, size_t secret_cap, char *why, size_t n);
void pk_free(void *state);

/* Private key from DER: d2i_PrivateKey(type) (type-specific encodings), or
 * d2i_AutoPrivateKey when type is 0 (PKCS#8).  Public: d2i_PUBKEY. */
cx_EVP_PKEY *pk_private_der(const crypto_lib *lib, int type, const unsigned char *der,
                            size_t len, char *why, size_t n);
cx_EVP_PKEY *pk_public_der(const crypto_lib *lib, const unsigned char *der, size_t len,
                           char *why, size_t n);

/* A private key imported from the hex of its raw bytes with
 * EVP_PKEY_new_raw_private_key_ex(`alg`) (3.5+: ML-KEM, ML-DSA); NULL +
 * "cannot import the fixed <alg> key". */
cx_EVP_PKEY *pk_raw_private_key(const crypto_lib *lib, const char *alg, const char *hex,
                                char *why, size_t n);
/* workload.available of a line whose key `k` was loaded to see whether this
 * build has its algorithm: frees it; pk_algorithm_check on k != NULL. */
check_result pk_key_available(const crypto_lib *lib, cx_EVP_PKEY *k, const char *what,
                              char *why, size_t n);

/* The context for s->pkey (EVP_PKEY_CTX_new on evp, _new_from_pkey on
 * fetch), initialised for `op` (derive: with s->peer set; encaps/decaps
 * with `params`, may be NULL).  A fork that refuses to make the context
 * lacks the algorithm behind the API: CHECK_UNAVAILABLE (wl_refused). */
check_result pk_ctx_open(pk_state *s, pk_op op, const cx_OSSL_PARAM *params, char *why,
                         size_t n);
/* The same through EVP_PKEY_sign/verify_message_init with the fetched
 * signature algorithm `name` (3.4+). */
bool pk_message_ctx_open(pk_state *s, const char *name, pk_op op, const cx_OSSL_PARAM *params,
                         char *why, size_t n);

/* Timed loops on s->pctx / s->mctx */
bool pk_sign_loop(void *state, uint64_t iterations);     /* EVP_PKEY_sign(in) -> out */
bool pk_verify_loop(void *state, uint64_t iterations);   /* EVP_PKEY_verify(out, in) */
bool pk_derive_loop(void *state, uint64_t iterations);   /* EVP_PKEY_derive -> out */
bool pk_encaps_loop(void *state, uint64_t iterations);   /* -> out (ciphertext), secret */
bool pk_decaps_loop(void *state, uint64_t iterations);   /* in (ciphertext) -> out */
bool pk_digestsign_loop(void *state, uint64_t iterations);   /* init + EVP_DigestSign */
bool pk_digestverify_loop(void *state, uint64_t iterations); /* init + EVP_DigestVerify */

/* The signature checks every signing workload makes, through its own loops:
 * the known-good signature `known` verifies (twice), a copy with one bit
 * flipped does not, then two fresh signatures from `signer` verify and a
 * flipped one does not.  verifier->in must be the message signer->in is. */
bool pk_check_signatures(pk_state *signer, workload_loop sign, pk_state *verifier,
                         workload_loop verify, const unsigned char *known, size_t known_len,
                         const char *what, char *why, size_t n);

/* Whether this build has the algorithm (the release does: the workload's
 * `since` and `needs` said so): `usable` is the result of loading its key;
 * else CHECK_UNAVAILABLE and "<what> is not provided by this build". */
check_result pk_algorithm_check(const crypto_lib *lib, bool usable, const char *what,
                                char *why, size_t n);

/* OSSL_PARAM helpers: an octet string / int entry, the terminator. */
cx_OSSL_PARAM pk_param_octets(const char *key, const void *data, size_t len);
cx_OSSL_PARAM pk_param_int(const char *key, int *value);

/* Hex text of a compiled-in vector, decoded into a new buffer (*len). */
unsigned char *pk_unhex(const char *hex, size_t *len, char *why, size_t n);

#endif
