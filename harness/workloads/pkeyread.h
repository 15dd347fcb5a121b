/* The key-decoding family pkeyread-* (perftools' pkeyread, issue 41): one
 * engine (pkeyread.c) and one row per key type (pkeyread.def, expanded by
 * pkeyread_lines.c), which differ only in their key's encodings and in the
 * type-specific calls of the legacy path. */
#ifndef HARNESS_WORKLOADS_PKEYREAD_H
#define HARNESS_WORKLOADS_PKEYREAD_H

#include "common.h"
#include "../../data/pkeyread_keys.h"

/* A point: the input it decodes and the last key decoded, which the next
 * operation frees first (as an application replacing its key does). */
typedef struct {
    const crypto_lib *lib;
    const struct pkr_line *line;
    const unsigned char *in;
    size_t len;
    int type;                 /* evp: d2i_PrivateKey's */
    cx_EVP_PKEY *pkey;        /* evp, fetch (the decoder writes here), legacy PKCS#8 */
    void *key;                /* legacy: the RSA / EC_KEY / DSA */
    cx_OSSL_DECODER_CTX *dctx; /* fetch: made once per state */
} pkr_state;

/* The type-specific calls of a low-level key type (RSA, EC_KEY, DSA). */
typedef struct {
    workload_loop loop[PKR_FORMATS]; /* the traditional and public-key forms */
    int (*i2d_pub)(const crypto_lib *lib, const void *key, unsigned char **pp);
    void (*free_key)(const crypto_lib *lib, void *key);
} pkr_legacy;

typedef struct pkr_line {
    const char *title;        /* "RSA-2048", in messages */
    const pkeyread_key *key;
    const pkr_blob *spki;     /* the known answer: every decoded key's public key, DER */
    int type;                 /* d2i_PrivateKey's EVP_PKEY type */
    const char *type_sn;      /* NULL, or its short name, looked up (a fork's NID may differ) */
    const char *decoder_type; /* OSSL_DECODER_CTX_new_for_pkey's key type */
    const pkr_legacy *legacy; /* NULL: no type-specific call (the legacy path has PKCS#8) */
} pkr_line;

workload_check_fn pkr_self_check;
workload_setup_fn pkr_setup;
workload_teardown_fn pkr_teardown;
check_result pkr_op_available(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                              char *why, size_t n);

/* The ops of a key type with a traditional form, and of one without (the
 * CSV's op: the format decoded). */
extern const char *const pkr_ops_trad[], *const pkr_ops_pkcs8[];

/* A timed loop NAME: per operation, free the last key (FREE), then read
 * one from a memory BIO on the input (READ(bio, NULL, NULL, NULL)) into
 * s->FIELD.  The BIO is made and freed per operation, as by an
 * application reading a key from a buffer. */
#define PKR_PEM_LOOP(NAME, TYPE, READ, FREE, FIELD)                                           \
    static bool NAME(void *p, uint64_t iterations)                                            \
    {                                                                                         \
        pkr_state *s = p;                                                                     \
        cx_BIO *(*bio_new)(const void *, int) = s->lib->fn.BIO_new_mem_buf;                   \
        int (*bio_free)(cx_BIO *) = s->lib->fn.BIO_free;                                      \
        TYPE *(*rd)(cx_BIO *, TYPE **, cx_pem_password_cb *, void *) = s->lib->fn.READ;     \
        void (*key_free)(TYPE *) = s->lib->fn.FREE;                                           \
        for (uint64_t i = 0; i < iterations; i++) {                                           \
            if (s->FIELD != NULL)                                                             \
                key_free(s->FIELD);                                                           \
            cx_BIO *bio = bio_new(s->in, (int)s->len);                                        \
            s->FIELD = bio != NULL ? rd(bio, NULL, NULL, NULL) : NULL;                      \
            if (bio != NULL)                                                                  \
                bio_free(bio);                                                                \
            if (s->FIELD == NULL)                                                             \
                return false;                                                                 \
        }                                                                                     \
        return true;                                                                          \
    }

/* ... from DER: D2I(NULL, &der, len). */
#define PKR_DER_LOOP(NAME, TYPE, D2I, FREE, FIELD)                                            \
    static bool NAME(void *p, uint64_t iterations)                                            \
    {                                                                                         \
        pkr_state *s = p;                                                                     \
        TYPE *(*d2i)(TYPE **, const unsigned char **, long) = s->lib->fn.D2I;                 \
        void (*key_free)(TYPE *) = s->lib->fn.FREE;                                           \
        for (uint64_t i = 0; i < iterations; i++) {                                           \
            const unsigned char *der = s->in;                                                 \
            if (s->FIELD != NULL)                                                             \
                key_free(s->FIELD);                                                           \
            if ((s->FIELD = d2i(NULL, &der, (long)s->len)) == NULL)                           \
                return false;                                                                 \
        }                                                                                     \
        return true;                                                                          \
    }

#endif
