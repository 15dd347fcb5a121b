/* rsa<bits>: PKCS#1 v1.5 signatures with SHA-256.
 *   op "sign":   one signature of a precomputed 32-byte SHA-256 digest;
 *   op "verify": one verification of such a signature (made in setup).
 * 1024/2048/3072/4096 use the fixed keys of rsa_keys.c (DER RSAPrivateKey,
 * parsed with d2i_RSAPrivateKey, which every release has); any other size is
 * generated with RSA_generate_key_ex at first use and cached for the
 * process. */
#include "common.h"
#include "rsa_keys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RSA_PKCS1_PADDING_ 1
#define EVP_PKEY_RSA_ 6
#define EVP_PKEY_CTRL_RSA_PADDING_ 0x1001 /* EVP_PKEY_ALG_CTRL + 1 */
#define EVP_PKEY_CTRL_MD_ 1
#define EVP_PKEY_OP_TYPE_SIG_1X 0xf8 /* 1.0.0 - 1.1.1 only: moved in 3.0 */
#define RSA_F4_ 65537UL

enum { OP_SIGN, OP_VERIFY };

typedef struct {
    const crypto_lib *lib;
    api_path api;
    int bits, op;
    cx_RSA *rsa;
    bool rsa_owned;          /* parsed here, not from the keygen cache */
    cx_EVP_PKEY *pkey;       /* evp, fetch */
    cx_EVP_PKEY_CTX *pctx;
    const cx_EVP_MD *md;
    cx_EVP_MD *fetched_md;
    unsigned char dgst[32];
    unsigned char *sig;
    size_t sigcap, siglen;
} rsa_state;

/* --- keys ----------------------------------------------------------------- */

static const rsa_test_key *fixed_key(int bits)
{
    for (size_t i = 0; i < rsa_test_key_count; i++)
        if (rsa_test_keys[i].bits == bits)
            return &rsa_test_keys[i];
    return NULL;
}

/* Generated keys, one per (library, size), for the life of the process. */
static struct {
    void *handle;
    int bits;
    cx_RSA *rsa;
    void (*rsa_free)(cx_RSA *);
} keycache[8];
static size_t keycache_used;

void wl_rsa_cache_release(void)
{
    for (size_t i = 0; i < keycache_used; i++)
        keycache[i].rsa_free(keycache[i].rsa);
    keycache_used = 0;
}

static cx_RSA *generated_key(const crypto_lib *lib, int bits, char *why, size_t n)
{
    for (size_t i = 0; i < keycache_used; i++)
        if (keycache[i].handle == lib->handle && keycache[i].bits == bits)
            return keycache[i].rsa;
    if (keycache_used == sizeof keycache / sizeof keycache[0]) {
        snprintf(why, n, "too many generated RSA key sizes in one process");
        return NULL;
    }
    cx_RSA *rsa = lib->fn.RSA_new();
    cx_BIGNUM *e = lib->fn.BN_new();
    bool ok = rsa != NULL && e != NULL && lib->fn.BN_set_word(e, RSA_F4_) == 1 &&
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
    keycache[keycache_used].handle = lib->handle;
    keycache[keycache_used].bits = bits;
    keycache[keycache_used].rsa = rsa;
    keycache[keycache_used].rsa_free = lib->fn.RSA_free;
    keycache_used++;
    return rsa;
}

/* --- support -------------------------------------------------------------- */

static const char *rsa_unsupported(const crypto_lib *lib, api_path api, int bits)
{
    if (bits < 512 || bits > 16384)
        return "RSA key size must be 512 to 16384 bits";
    if (api == API_EVP && !crypto_lib_since(lib, R_100))
        return wl_needs(R_100);
    if (api == API_FETCH && !crypto_lib_since(lib, R_300))
        return wl_needs(R_300);
    if (api >= API_COUNT)
        return "unknown API path";
    /* The key, on every path. */
    WL_REQUIRE(lib, RSA_free);
    WL_REQUIRE(lib, RSA_size);
    if (fixed_key(bits) != NULL) {
        WL_REQUIRE(lib, d2i_RSAPrivateKey);
    } else {
        WL_REQUIRE(lib, RSA_new);
        WL_REQUIRE(lib, BN_new);
        WL_REQUIRE(lib, BN_set_word);
        WL_REQUIRE(lib, BN_free);
        WL_REQUIRE(lib, RSA_generate_key_ex);
    }
    if (api == API_LEGACY) {
        WL_REQUIRE(lib, RSA_sign);
        WL_REQUIRE(lib, RSA_verify);
        return NULL;
    }
    WL_REQUIRE(lib, EVP_PKEY_new);
    WL_REQUIRE(lib, EVP_PKEY_set1_RSA);
    WL_REQUIRE(lib, EVP_PKEY_free);
    WL_REQUIRE(lib, EVP_PKEY_CTX_free);
    WL_REQUIRE(lib, EVP_PKEY_sign_init);
    WL_REQUIRE(lib, EVP_PKEY_sign);
    WL_REQUIRE(lib, EVP_PKEY_verify_init);
    WL_REQUIRE(lib, EVP_PKEY_verify);
    if (crypto_lib_since(lib, R_300)) {
        WL_REQUIRE(lib, EVP_PKEY_CTX_set_rsa_padding);
        WL_REQUIRE(lib, EVP_PKEY_CTX_set_signature_md);
    } else {
        WL_REQUIRE(lib, EVP_PKEY_CTX_ctrl);
    }
    if (api == API_EVP) {
        WL_REQUIRE(lib, EVP_PKEY_CTX_new);
        WL_REQUIRE(lib, EVP_sha256);
    } else {
        WL_REQUIRE(lib, EVP_PKEY_CTX_new_from_pkey);
        WL_REQUIRE(lib, EVP_MD_fetch);
        WL_REQUIRE(lib, EVP_MD_free);
    }
    return NULL;
}

/* --- state ---------------------------------------------------------------- */

static void rsa_teardown(void *p)
{
    rsa_state *s = p;
    if (s == NULL)
        return;
    const crypto_lib *lib = s->lib;
    if (s->pctx != NULL)
        lib->fn.EVP_PKEY_CTX_free(s->pctx);
    if (s->pkey != NULL)
        lib->fn.EVP_PKEY_free(s->pkey);
    if (s->fetched_md != NULL)
        lib->fn.EVP_MD_free(s->fetched_md);
    if (s->rsa != NULL && s->rsa_owned)
        lib->fn.RSA_free(s->rsa);
    free(s->sig);
    free(s);
}

/* Key + (evp/fetch) a PKEY context initialised for `op` with PKCS#1 v1.5
 * padding and SHA-256, once. */
static rsa_state *rsa_open(const crypto_lib *lib, api_path api, int bits, int op, char *why,
                           size_t n)
{
    const char *no = rsa_unsupported(lib, api, bits);
    if (no != NULL) {
        snprintf(why, n, "%s", no);
        return NULL;
    }
    rsa_state *s = calloc(1, sizeof *s);
    if (s == NULL) {
        snprintf(why, n, "out of memory");
        return NULL;
    }
    s->lib = lib;
    s->api = api;
    s->bits = bits;
    s->op = op;
    memcpy(s->dgst, rsa_test_digest, sizeof s->dgst);

    const rsa_test_key *k = fixed_key(bits);
    if (k != NULL) {
        const unsigned char *p = k->der;
        s->rsa = lib->fn.d2i_RSAPrivateKey(NULL, &p, (long)k->der_len);
        s->rsa_owned = true;
        if (s->rsa == NULL || p != k->der + k->der_len) {
            wl_fail(lib, why, n, "d2i_RSAPrivateKey cannot parse the fixed test key");
            goto fail;
        }
    } else if ((s->rsa = generated_key(lib, bits, why, n)) == NULL) {
        goto fail;
    }
    int size = lib->fn.RSA_size(s->rsa);
    if (size <= 0 || size > 4096) {
        snprintf(why, n, "implausible RSA_size %d", size);
        goto fail;
    }
    s->sigcap = (size_t)size;
    if ((s->sig = calloc(1, s->sigcap)) == NULL) {
        snprintf(why, n, "out of memory");
        goto fail;
    }
    if (api == API_LEGACY)
        return s;

    if ((s->pkey = lib->fn.EVP_PKEY_new()) == NULL ||
        lib->fn.EVP_PKEY_set1_RSA(s->pkey, s->rsa) != 1) {
        wl_fail(lib, why, n, "cannot wrap the RSA key in an EVP_PKEY");
        goto fail;
    }
    if (api == API_FETCH) {
        s->md = s->fetched_md = lib->fn.EVP_MD_fetch(NULL, "SHA256", NULL);
        s->pctx = lib->fn.EVP_PKEY_CTX_new_from_pkey(NULL, s->pkey, NULL);
    } else {
        s->md = lib->fn.EVP_sha256();
        s->pctx = lib->fn.EVP_PKEY_CTX_new(s->pkey, NULL);
    }
    if (s->md == NULL || s->pctx == NULL) {
        wl_fail(lib, why, n, "cannot create the EVP_PKEY_CTX / SHA-256 object");
        goto fail;
    }
    int rc = op == OP_SIGN ? lib->fn.EVP_PKEY_sign_init(s->pctx)
                           : lib->fn.EVP_PKEY_verify_init(s->pctx);
    if (rc != 1) {
        wl_fail(lib, why, n, op == OP_SIGN ? "EVP_PKEY_sign_init failed"
                                           : "EVP_PKEY_verify_init failed");
        goto fail;
    }
    if (crypto_lib_since(lib, R_300)) {
        /* The EVP_PKEY_OP_* bits moved in 3.0: use the real functions. */
        rc = lib->fn.EVP_PKEY_CTX_set_rsa_padding(s->pctx, RSA_PKCS1_PADDING_) == 1 &&
             lib->fn.EVP_PKEY_CTX_set_signature_md(s->pctx, s->md) == 1;
    } else {
        /* The 1.0.0-1.1.1 macro expansions. */
        rc = lib->fn.EVP_PKEY_CTX_ctrl(s->pctx, EVP_PKEY_RSA_, -1, EVP_PKEY_CTRL_RSA_PADDING_,
                                       RSA_PKCS1_PADDING_, NULL) > 0 &&
             lib->fn.EVP_PKEY_CTX_ctrl(s->pctx, -1, EVP_PKEY_OP_TYPE_SIG_1X, EVP_PKEY_CTRL_MD_, 0,
                                       (void *)s->md) > 0;
    }
    if (!rc) {
        wl_fail(lib, why, n, "cannot set PKCS#1 padding / SHA-256 on the EVP_PKEY_CTX");
        goto fail;
    }
    return s;
fail:
    rsa_teardown(s);
    return NULL;
}

/* One signature of s->dgst into s->sig. */
static bool rsa_sign_once(rsa_state *s)
{
    const crypto_lib *lib = s->lib;
    if (s->api == API_LEGACY) {
        unsigned int len = 0;
        if (lib->fn.RSA_sign(WL_NID_sha256, s->dgst, sizeof s->dgst, s->sig, &len, s->rsa) != 1)
            return false;
        s->siglen = len;
        return true;
    }
    size_t len = s->sigcap;
    if (lib->fn.EVP_PKEY_sign(s->pctx, s->sig, &len, s->dgst, sizeof s->dgst) != 1)
        return false;
    s->siglen = len;
    return true;
}

/* 1: valid; 0: invalid (or error). */
static int rsa_verify_once(rsa_state *s, const unsigned char *sig, size_t siglen)
{
    const crypto_lib *lib = s->lib;
    if (s->api == API_LEGACY)
        return lib->fn.RSA_verify(WL_NID_sha256, s->dgst, sizeof s->dgst, sig,
                                  (unsigned int)siglen, s->rsa) == 1;
    return lib->fn.EVP_PKEY_verify(s->pctx, sig, siglen, s->dgst, sizeof s->dgst) == 1;
}

/* --- workload callbacks ------------------------------------------------------ */

static bool rsa_self_check(const crypto_lib *lib, api_path api, int bits, char *why, size_t n)
{
    rsa_state *signer = rsa_open(lib, api, bits, OP_SIGN, why, n);
    if (signer == NULL)
        return false;
    rsa_state *verifier = rsa_open(lib, api, bits, OP_VERIFY, why, n);
    if (verifier == NULL) {
        rsa_teardown(signer);
        return false;
    }
    const rsa_test_key *k = fixed_key(bits);
    char what[96];
    bool ok = true;
    unsigned char *bad = malloc(signer->sigcap);
    if (bad == NULL) {
        snprintf(why, n, "out of memory");
        ok = false;
    }
    /* Sign twice with one context: PKCS#1 v1.5 is deterministic. */
    for (int round = 0; round < 2 && ok; round++) {
        if (!rsa_sign_once(signer)) {
            snprintf(what, sizeof what, "RSA-%d PKCS#1 v1.5 SHA-256 sign failed", bits);
            ok = wl_fail(lib, why, n, what);
        } else if (k != NULL) {
            snprintf(what, sizeof what, "RSA-%d PKCS#1 v1.5 SHA-256 signature", bits);
            ok = wl_kat_compare_bytes(what, signer->sig, signer->siglen, k->sig, k->sig_len, why,
                                      n);
        } else if (signer->siglen != (size_t)(bits + 7) / 8) {
            snprintf(why, n, "RSA-%d signature has %zu bytes", bits, signer->siglen);
            ok = false;
        }
    }
    /* Verify it (the expected bytes, for the fixed keys) twice... */
    const unsigned char *good = k != NULL ? k->sig : signer->sig;
    size_t goodlen = k != NULL ? k->sig_len : signer->siglen;
    for (int round = 0; round < 2 && ok; round++)
        if (rsa_verify_once(verifier, good, goodlen) != 1) {
            snprintf(what, sizeof what, "RSA-%d verify of a good signature failed", bits);
            ok = wl_fail(lib, why, n, what);
        }
    /* ...and a corrupted copy must be rejected. */
    if (ok) {
        memcpy(bad, good, goodlen);
        bad[goodlen / 2] ^= 0x10;
        if (rsa_verify_once(verifier, bad, goodlen) != 0) {
            snprintf(why, n, "RSA-%d verify accepted a corrupted signature", bits);
            ok = false;
        }
        crypto_lib_last_error(lib); /* drop the expected verify error */
        /* The context must still work after a failed verification. */
        if (ok && rsa_verify_once(verifier, good, goodlen) != 1) {
            snprintf(what, sizeof what, "RSA-%d verify failed after a rejected signature", bits);
            ok = wl_fail(lib, why, n, what);
        }
    }
    free(bad);
    rsa_teardown(verifier);
    rsa_teardown(signer);
    return ok;
}

static void *rsa_setup(const crypto_lib *lib, api_path api, int bits, int op, size_t bytes,
                       char *why, size_t n)
{
    (void)bytes; /* op/s: the input is always one SHA-256 digest */
    if (op != OP_SIGN && op != OP_VERIFY) {
        snprintf(why, n, "RSA operations are sign (0) and verify (1)");
        return NULL;
    }
    rsa_state *s = rsa_open(lib, api, bits, op, why, n);
    if (s == NULL)
        return NULL;
    if (op == OP_VERIFY) {
        /* The signature to verify, made once with a signing state. */
        rsa_state *signer = rsa_open(lib, api, bits, OP_SIGN, why, n);
        bool ok = signer != NULL && rsa_sign_once(signer);
        if (signer != NULL && !ok)
            wl_fail(lib, why, n, "cannot make the signature to verify");
        if (ok) {
            memcpy(s->sig, signer->sig, signer->siglen);
            s->siglen = signer->siglen;
        }
        rsa_teardown(signer);
        if (!ok) {
            rsa_teardown(s);
            return NULL;
        }
    }
    return s;
}

static bool rsa_run(void *p, uint64_t iterations)
{
    rsa_state *s = p;
    if (s->op == OP_SIGN) {
        for (uint64_t i = 0; i < iterations; i++)
            if (!rsa_sign_once(s))
                return false;
    } else {
        for (uint64_t i = 0; i < iterations; i++)
            if (rsa_verify_once(s, s->sig, s->siglen) != 1)
                return false;
    }
    return true;
}

static const char *const rsa_ops[] = {"sign", "verify", NULL};

const workload wl_rsa = {
    .name = "rsa",
    .takes_bits = true,
    .sized = false,
    .ops = rsa_ops,
    .unsupported = rsa_unsupported,
    .self_check = rsa_self_check,
    .setup = rsa_setup,
    .run = rsa_run,
    .teardown = rsa_teardown,
};
