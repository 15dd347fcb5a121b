/* rsa-load<bits>: one operation = decoding the fixed RSA private key from
 * its DER (PKCS#1 RSAPrivateKey) into a key object and freeing the one
 * before, as a server does for every key it reads (openssl/openssl#15199
 * found this 80 times slower in 3.0 than in 1.1.1).
 *   legacy  d2i_RSAPrivateKey (+ RSA_free)
 *   evp     d2i_PrivateKey(EVP_PKEY_RSA) (+ EVP_PKEY_free): on 3.x a decoder
 *           context set up inside every call (later 3.x releases cache them)
 *   fetch   3.0+: one OSSL_DECODER_CTX (DER, RSA, as d2i_PrivateKey asks
 *           for) made once, OSSL_DECODER_from_data per operation
 * The fixed key sizes only (512 - 15360).  Known answer: the last key
 * decoded re-encodes (i2d_RSAPrivateKey / i2d_PrivateKey) to exactly the
 * DER; a DER with a broken first tag does not decode. */
#include "rsa_key.h"

#include <stdlib.h>
#include <string.h>


typedef struct {
    const crypto_lib *lib;
    const unsigned char *der;
    size_t der_len;
    cx_RSA *rsa;       /* legacy: the last key decoded */
    cx_EVP_PKEY *pkey; /* evp, fetch: the last key decoded (the decoder writes here) */
    cx_OSSL_DECODER_CTX *dctx;
} load_state;

static bool legacy_loop(void *p, uint64_t iterations)
{
    load_state *s = p;
    cx_RSA *(*d2i)(cx_RSA **, const unsigned char **, long) = s->lib->fn.d2i_RSAPrivateKey;
    void (*rsa_free)(cx_RSA *) = s->lib->fn.RSA_free;
    for (uint64_t i = 0; i < iterations; i++) {
        const unsigned char *der = s->der;
        if (s->rsa != NULL)
            rsa_free(s->rsa);
        if ((s->rsa = d2i(NULL, &der, (long)s->der_len)) == NULL)
            return false;
    }
    return true;
}

static bool evp_loop(void *p, uint64_t iterations)
{
    load_state *s = p;
    cx_EVP_PKEY *(*d2i)(int, cx_EVP_PKEY **, const unsigned char **, long) =
        s->lib->fn.d2i_PrivateKey;
    void (*pkey_free)(cx_EVP_PKEY *) = s->lib->fn.EVP_PKEY_free;
    for (uint64_t i = 0; i < iterations; i++) {
        const unsigned char *der = s->der;
        if (s->pkey != NULL)
            pkey_free(s->pkey);
        if ((s->pkey = d2i(CX_EVP_PKEY_RSA, NULL, &der, (long)s->der_len)) == NULL)
            return false;
    }
    return true;
}

static bool fetch_loop(void *p, uint64_t iterations)
{
    load_state *s = p;
    int (*decode)(cx_OSSL_DECODER_CTX *, const unsigned char **, size_t *) =
        s->lib->fn.OSSL_DECODER_from_data;
    void (*pkey_free)(cx_EVP_PKEY *) = s->lib->fn.EVP_PKEY_free;
    for (uint64_t i = 0; i < iterations; i++) {
        const unsigned char *der = s->der;
        size_t len = s->der_len;
        if (s->pkey != NULL)
            pkey_free(s->pkey);
        s->pkey = NULL;
        if (decode(s->dctx, &der, &len) != 1 || s->pkey == NULL)
            return false;
    }
    return true;
}

static void load_teardown(void *p)
{
    load_state *s = p;
    if (s == NULL)
        return;
    const crypto_fns *f = &s->lib->fn;
    if (s->dctx != NULL)
        f->OSSL_DECODER_CTX_free(s->dctx);
    if (s->pkey != NULL)
        f->EVP_PKEY_free(s->pkey);
    if (s->rsa != NULL)
        f->RSA_free(s->rsa);
    free(s);
}

/* `der` NULL: the fixed key of the spec's size. */
static load_state *load_open(const crypto_lib *lib, int bits, api_path api,
                             const unsigned char *der, size_t len, workload_loop *loop,
                             char *why, size_t n)
{
    static const workload_loop loops[API_COUNT] = {
        [API_LEGACY] = legacy_loop, [API_EVP] = evp_loop, [API_FETCH] = fetch_loop};
    const rsa_test_key *k = rsa_fixed_key(bits);
    load_state *s = k != NULL ? wl_alloc(sizeof *s, why, n) : NULL;
    if (s == NULL)
        return k != NULL ? NULL : (wl_why(why, n, "no fixed %d-bit RSA key", bits), NULL);
    *s = (load_state){.lib = lib, .der = der ? der : k->der, .der_len = der ? len : k->der_len};
    *loop = loops[api];
    bool ok = api != API_FETCH ||
              (s->dctx = lib->fn.OSSL_DECODER_CTX_new_for_pkey(&s->pkey, "DER", NULL, "RSA",
                                                               CX_EVP_PKEY_KEYPAIR, NULL, NULL)) ||
              wl_fail(lib, why, n, "OSSL_DECODER_CTX_new_for_pkey failed");
    return wl_keep_if(ok, s, load_teardown);
}

static check_result load_available(const crypto_lib *lib, const workload_spec *ws,
                                   api_path api, char *why, size_t n)
{
    (void)lib, (void)api;
    if (rsa_fixed_key(ws->param) != NULL)
        return CHECK_PASS;
    wl_why(why, n, "rsa-load has the fixed keys only: 512, 1024, 1536, 2048, 3072, 4096, "
                     "7680 and 15360 bits");
    return CHECK_UNAVAILABLE;
}

/* The DER the decoded key encodes to, compared with the fixed one. */
static bool reencodes(const load_state *s, const rsa_test_key *k, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    int len = s->rsa != NULL ? f->i2d_RSAPrivateKey(s->rsa, NULL)
                             : f->i2d_PrivateKey(s->pkey, NULL);
    unsigned char *buf = len > 0 ? malloc((size_t)len) : NULL, *p = buf;
    if (buf == NULL)
        return wl_fail(s->lib, why, n, "cannot re-encode the decoded key");
    len = s->rsa != NULL ? f->i2d_RSAPrivateKey(s->rsa, &p) : f->i2d_PrivateKey(s->pkey, &p);
    bool ok = wl_kat_compare_bytes("re-encoded RSA key", buf, len > 0 ? (size_t)len : 0, k->der,
                                   k->der_len, why, n);
    free(buf);
    return ok;
}

static check_result load_self_check(const crypto_lib *lib, const workload_spec *ws,
                                    api_path api, char *why, size_t n)
{
    const rsa_test_key *k = rsa_fixed_key(ws->param);
    workload_loop loop;
    load_state *s = load_open(lib, ws->param, api, NULL, 0, &loop, why, n);
    bool ok = s != NULL;
    for (int round = 0; round < 2 && ok; round++)
        ok = (loop(s, round + 1) || wl_fail(lib, why, n, "cannot decode the fixed key")) &&
             reencodes(s, k, why, n);
    load_teardown(s);
    unsigned char *bad = ok ? malloc(k->der_len) : NULL;
    if (bad != NULL) {
        memcpy(bad, k->der, k->der_len);
        bad[0] ^= 0x01; /* SEQUENCE -> SET */
        s = load_open(lib, ws->param, api, bad, k->der_len, &loop, why, n);
        ok = s != NULL && (!loop(s, 1) || wl_why(why, n, "a corrupted DER key decodes"));
        crypto_lib_last_error(lib);
        load_teardown(s);
        free(bad);
    } else if (ok) {
        ok = wl_why(why, n, "out of memory");
    }
    return wl_result(ok);
}

static void *load_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                        size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op, (void)bytes;
    return load_open(lib, ws->param, api, NULL, 0, loop, why, n);
}

static const char *const load_ops[] = {"load", NULL};
static const int load_members[] = {1024, 2048, 3072, 4096, 7680, 15360, 0};

const workload wl_rsa_load = {
    .name = "rsa-load",
    .kind = KIND_PUBLIC_KEY,
    .family = "rsa", /* speed's rsa table: the key's other costs */
    .ops = load_ops,
    .doc = "decode the fixed RSA private key from DER (freeing the one before)",
    .param = 2048,
    .param_min = 512,
    .param_max = 16384,
    .members = load_members,
    .needs =
        {
            [API_LEGACY] = "d2i_RSAPrivateKey RSA_free i2d_RSAPrivateKey",
            [API_EVP] = "d2i_PrivateKey EVP_PKEY_free i2d_PrivateKey",
            [API_FETCH] = "OSSL_DECODER_CTX_new_for_pkey OSSL_DECODER_from_data "
                          "OSSL_DECODER_CTX_free EVP_PKEY_free i2d_PrivateKey",
        },
    .available = load_available,
    .self_check = load_self_check,
    .setup = load_setup,
    .teardown = load_teardown,
};
