/* The KDF family (kdf-hkdf-sha256, kdf-pbkdf2-sha256, kdf-scrypt,
 * kdf-tls1-prf-sha256): one operation = one derivation of fixed inputs,
 * as OpenSSL perftools' evp_kdf.c times PBKDF2.  kdf.c drives the paths
 * every KDF shares:
 *   evp    EVP_PKEY_derive on an EVP_PKEY_CTX of the KDF's type, set up
 *          once (1.1.x: the ctrls its EVP_PKEY_CTX_set_* macros expand to;
 *          3.0+: EVP_PKEY_CTX_set_params, which its functions call)
 *   fetch  EVP_KDF_derive(ctx, out, len, NULL) on one EVP_KDF_CTX whose
 *          parameters were set once (3.0+)
 * and a line (kdfs.c) adds its one-shot call where the KDF has one
 * (PKCS5_PBKDF2_HMAC, EVP_PBE_scrypt). */
#ifndef HARNESS_WORKLOADS_KDF_H
#define HARNESS_WORKLOADS_KDF_H

#include "common.h"

/* The largest input and output of any line's vectors. */
#define KDF_MAX 128

/* One derivation's inputs and its answer, in hex (a text input as its
 * bytes, the text in a comment). */
typedef struct {
    const char *name;   /* "RFC 5869 A.1", for messages */
    const char *secret; /* HKDF's IKM, the password, the TLS PRF's secret */
    const char *salt;   /* the salt; the TLS PRF's seed (label + randoms) */
    const char *info;   /* HKDF's info; NULL for the others */
    uint64_t cost;      /* PBKDF2's iterations, scrypt's N; 0 for the others */
    uint64_t r, p;      /* scrypt's */
    const char *expect; /* the output, whose length is the derivation's */
} kdf_vector;

/* A vector decoded, as a state holds it. */
typedef struct {
    unsigned char secret[KDF_MAX], salt[KDF_MAX], info[KDF_MAX], expect[KDF_MAX];
    size_t secretlen, saltlen, infolen, outlen;
    uint64_t cost, r, p;
} kdf_params;

/* One input of the KDF: its OSSL_PARAM name (fetch; evp on 3.0+) and the
 * ctrl code of 1.1.x's EVP_PKEY_CTX (evp), NULL / 0 where it takes none. */
typedef struct {
    const char *key;
    int ctrl;
} kdf_field;

typedef struct {
    const char *title;      /* "HKDF-SHA256", for messages */
    const char *fetch_name; /* EVP_KDF_fetch: "HKDF" */
    int pkey_id;            /* evp: EVP_PKEY_CTX_new_id's type; 0: no evp path */
    kdf_field digest;       /* SHA-256 (EVP_sha256 for the ctrl); NULL key: none */
    kdf_field secret, salt, info;
    kdf_field cost, r, p;   /* integers: 1.1.x sets them with EVP_PKEY_CTX_ctrl_uint64 */
    workload_loop oneshot;  /* NULL: no one-shot call */
    /* The inputs of every timed operation, and their answer */
    kdf_vector timed;
    /* More published vectors, each through the loop too */
    kdf_vector kat[2];
} kdf_def;

typedef struct {
    const crypto_lib *lib;
    const kdf_def *def;
    kdf_params in;
    unsigned char out[KDF_MAX];
    const cx_EVP_MD *md;    /* oneshot and 1.1.x's evp: EVP_sha256() */
    cx_EVP_PKEY_CTX *pctx;  /* evp */
    cx_EVP_KDF *kdf;        /* fetch */
    cx_EVP_KDF_CTX *kctx;
} kdf_state;

workload_check_fn kdf_self_check;
/* 3.0+: CHECK_UNAVAILABLE where no loaded provider has the KDF */
workload_check_fn kdf_available;
workload_setup_fn kdf_setup;
workload_teardown_fn kdf_teardown;
workload_output_fn kdf_output;

extern const char *const kdf_ops[];

/* A vector's hex into params; false with the reason in why. */
bool kdf_decode(const kdf_vector *v, kdf_params *out, char *why, size_t n);

/* The fields of a KDF's table line but its `needs` and `since`. */
#define KDF_WORKLOAD_FIELDS(wname, wdoc, def)                                                \
    .name = wname, .kind = KIND_SYMMETRIC, .sized = false, .ops = kdf_ops, .doc = wdoc,      \
    .family = "kdf", .available = kdf_available, .self_check = kdf_self_check,               \
    .setup = kdf_setup,                                                                      \
    .teardown = kdf_teardown, .output = kdf_output, .data = &def

/* The `needs` of the paths kdf.c drives; INTS: the KDF has integer inputs */
#define KDF_NEEDS_EVP(INTS)                                                                  \
    "EVP_PKEY_CTX_new_id EVP_PKEY_CTX_free EVP_PKEY_derive_init EVP_PKEY_derive "           \
    "EVP_PKEY_CTX_set_params|EVP_PKEY_CTX_ctrl" INTS
#define KDF_NEEDS_FETCH                                                                      \
    "EVP_KDF_fetch EVP_KDF_free EVP_KDF_CTX_new EVP_KDF_CTX_free EVP_KDF_CTX_set_params "   \
    "EVP_KDF_derive"

#endif
