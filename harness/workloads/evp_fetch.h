/* evp-fetch, evp-fetch-libctx (evp_fetch.c): one operation = one method
 * object of a class obtained by name and released, as perftools' evp_fetch
 * times it; one op per class.  The per-class known answers on one object
 * obtained the loop's way are in evp_fetch_check.c. */
#ifndef HARNESS_WORKLOADS_EVP_FETCH_H
#define HARNESS_WORKLOADS_EVP_FETCH_H

#include "common.h"

typedef struct fetch_class fetch_class;

/* A point: the class, the path, the name the loop asks for and the
 * library context it asks in. */
typedef struct {
    const crypto_lib *lib;
    const fetch_class *c;
    api_path api;
    cx_OSSL_LIB_CTX *libctx; /* evp-fetch-libctx: the worker's own; else NULL (the default) */
    const char *name;
} fetch_state;

/* Whether the object `s` obtains the loop's way does what its class says
 * `expect` is; false + reason. */
typedef bool fetch_works_fn(const fetch_state *s, const char *expect, char *why, size_t n);

struct fetch_class {
    const char *op;          /* the CSV's op: "md", "kdf" */
    const char *type;        /* "EVP_KDF", in messages */
    const char *fetch_name;  /* the fetch path's name: "SHA2-256" */
    const char *evp_name;    /* the evp path's by-name lookup; NULL: none before 3.0 */
    workload_loop fetch_loop, evp_loop;
    fetch_works_fn *works;
    const char *expect;      /* a digest's, MAC's, KDF's, cipher's output (hex); else the name is_a knows */
    long evp_since;          /* the release the evp lookup's algorithm came in (GCM: 1.0.1); 0: 0.9.8 */
};

/* A line: its classes (op == NULL ends them), in the order of its ops. */
typedef struct {
    const fetch_class *classes;
    bool own_libctx;
} fetch_def;

fetch_works_fn fetch_md_works, fetch_cipher_works, fetch_mac_works, fetch_kdf_works,
    fetch_rand_works, fetch_kem_works, fetch_signature_works, fetch_keymgmt_works,
    fetch_keyexch_works;

#endif
