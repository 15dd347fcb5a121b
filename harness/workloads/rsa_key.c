#include "rsa_key.h"

#include <stdio.h>
#include <stdlib.h>

const rsa_test_key *rsa_fixed_key(int bits)
{
    for (size_t i = 0; i < rsa_test_key_count; i++)
        if (rsa_test_keys[i].bits == bits)
            return &rsa_test_keys[i];
    for (size_t i = 0; i < rsa_test_keys_big_count; i++)
        if (rsa_test_keys_big[i].bits == bits)
            return &rsa_test_keys_big[i];
    return NULL;
}

/* Generated keys, one per (library, size), for the life of the process:
 * generating a 4096-bit key takes seconds, and every API path of a point
 * uses the same key. */
typedef struct {
    void *handle;
    int bits;
    cx_RSA *rsa;
    void (*rsa_free)(cx_RSA *);
} cached_key;

static cached_key *keycache;
static size_t keycache_used, keycache_cap;

void wl_rsa_cache_release(void)
{
    for (size_t i = 0; i < keycache_used; i++)
        keycache[i].rsa_free(keycache[i].rsa);
    free(keycache);
    keycache = NULL;
    keycache_used = keycache_cap = 0;
}

static cx_RSA *generated_key(const crypto_lib *lib, int bits, char *why, size_t n)
{
    for (size_t i = 0; i < keycache_used; i++)
        if (keycache[i].handle == lib->handle && keycache[i].bits == bits)
            return keycache[i].rsa;
    if (keycache_used == keycache_cap) {
        size_t cap = keycache_cap ? keycache_cap * 2 : 4;
        cached_key *grown = realloc(keycache, cap * sizeof *grown);
        if (grown == NULL)
            return wl_why(why, n, "out of memory"), NULL;
        keycache = grown;
        keycache_cap = cap;
    }
    cx_RSA *rsa = lib->fn.RSA_new();
    cx_BIGNUM *e = lib->fn.BN_new();
    bool ok = rsa != NULL && e != NULL && lib->fn.BN_set_word(e, CX_RSA_F4) == 1 &&
              lib->fn.RSA_generate_key_ex(rsa, bits, e, NULL) == 1;
    if (e != NULL)
        lib->fn.BN_free(e);
    if (!ok) {
        char what[64];
        snprintf(what, sizeof what, "cannot generate a %d-bit RSA key", bits);
        wl_fail(lib, why, n, what);
        if (rsa != NULL)
            lib->fn.RSA_free(rsa);
        return NULL;
    }
    keycache[keycache_used++] = (cached_key){lib->handle, bits, rsa, lib->fn.RSA_free};
    return rsa;
}

check_result rsa_key_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                               char *why, size_t n)
{
    (void)lib, (void)api;
    if (ws->param >= 512 && ws->param <= 16384)
        return CHECK_PASS;
    wl_why(why, n, "RSA key size must be 512 to 16384 bits");
    return CHECK_UNAVAILABLE;
}

cx_RSA *rsa_key_for(const crypto_lib *lib, int bits, bool *owned, char *why, size_t n)
{
    const rsa_test_key *k = rsa_fixed_key(bits);
    *owned = k != NULL;
    if (k == NULL)
        return generated_key(lib, bits, why, n);
    const unsigned char *p = k->der;
    cx_RSA *rsa = lib->fn.d2i_RSAPrivateKey(NULL, &p, (long)k->der_len);
    if (rsa != NULL && p == k->der + k->der_len)
        return rsa;
    if (rsa != NULL)
        lib->fn.RSA_free(rsa);
    wl_fail(lib, why, n, "d2i_RSAPrivateKey cannot parse the fixed test key");
    return NULL;
}
