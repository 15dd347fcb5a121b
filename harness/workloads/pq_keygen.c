#include "pq.h"

#include <string.h>

bool pq_keygen_open(pk_state *s, const char *keytype, const cx_OSSL_PARAM *params, char *why,
                    size_t n)
{
    const crypto_lib *lib = s->lib;
    s->pctx = lib->fn.EVP_PKEY_CTX_new_from_name(NULL, keytype, NULL);
    if (s->pctx == NULL)
        return wl_fail(lib, why, n, "cannot create the key generation context");
    if (lib->fn.EVP_PKEY_keygen_init(s->pctx) != 1)
        return wl_fail(lib, why, n, "EVP_PKEY_keygen_init failed");
    return params == NULL || lib->fn.EVP_PKEY_CTX_set_params(s->pctx, params) == 1 ||
           wl_fail(lib, why, n, "cannot set the key generation parameters");
}

bool pq_keygen_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*keygen)(cx_EVP_PKEY_CTX *, cx_EVP_PKEY **) = s->lib->fn.EVP_PKEY_keygen;
    void (*free_key)(cx_EVP_PKEY *) = s->lib->fn.EVP_PKEY_free;
    for (uint64_t i = 0; i < iterations; i++) {
        cx_EVP_PKEY *k = NULL;
        if (keygen(s->pctx, &k) != 1)
            return false;
        free_key(k);
    }
    return true;
}

cx_EVP_PKEY *pq_keygen_one(pk_state *s, char *why, size_t n)
{
    cx_EVP_PKEY *k = NULL;
    if (s->lib->fn.EVP_PKEY_keygen(s->pctx, &k) != 1) {
        wl_fail(s->lib, why, n, "key generation failed");
        return NULL;
    }
    return k;
}

const pq_sig_vector *pq_sig_vector_for(const char *alg)
{
    const pq_sig_vector *const *lists[] = {pq_mldsa_vectors, pq_slhdsa_vectors};
    for (size_t l = 0; l < 2; l++)
        for (size_t i = 0; lists[l][i] != NULL; i++)
            if (strcmp(lists[l][i]->alg, alg) == 0)
                return lists[l][i];
    return NULL;
}
