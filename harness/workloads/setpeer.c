/* evp-setpeer-<alg>: one operation = EVP_PKEY_derive_set_peer on a context
 * made and derive_init'ed once, the peer's public key set again each time,
 * as perftools' evp_setpeer times it.  3.x validates the peer (a public-key
 * check: openssl/openssl#21128) and exports it to the context's provider on
 * every call, where 1.1.1 took a reference:
 * a key-handling cost, so the family is "loading" (the context is not
 * rebuilt).  Known answer: after the loop ran twice, EVP_PKEY_derive gives
 * the vector's shared secret (RFC 7748 6.1; NIST CAVP KAS ECC CDH P-256
 * COUNT = 0), and a public key of another type is refused as the peer.
 *   evp    EVP_PKEY_CTX_new (1.0.0+)
 *   fetch  EVP_PKEY_CTX_new_from_pkey (3.0+) */
#include "kex.h"
#include "setpeer.h"

#include <stdio.h>

static bool setpeer_loop(void *p, uint64_t iterations)
{
    pk_state *s = p;
    int (*set_peer)(cx_EVP_PKEY_CTX *, cx_EVP_PKEY *) = s->lib->fn.EVP_PKEY_derive_set_peer;
    for (uint64_t i = 0; i < iterations; i++)
        if (set_peer(s->pctx, s->peer) != 1)
            return false;
    return true;
}

static check_result setpeer_open(const crypto_lib *lib, const setpeer_def *d, api_path api,
                                 pk_state **out, char *why, size_t n)
{
    *out = NULL;
    if (api != API_EVP && api != API_FETCH)
        return wl_why(why, n, "no %s call", api_name(api)), CHECK_FAIL;
    pk_state *s = pk_fixed_keys(lib, &d->fixed, api, NULL, 0, why, n);
    check_result r = s == NULL ? CHECK_FAIL : pk_ctx_open(s, PK_DERIVE, NULL, why, n);
    *out = wl_keep_if(r == CHECK_PASS, s, pk_free);
    return r;
}

/* The peer of another type, which set_peer must refuse. */
static bool wrong_peer_refused(pk_state *s, const setpeer_def *d, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    /* 1.0.x has no X25519: no such key can be offered, so none accepted */
    if (!crypto_lib_since(lib, d->wrong_since))
        return true;
    cx_EVP_PKEY *wrong = pk_public_der(lib, d->wrong->peer, d->wrong->peer_len, why, n);
    if (wrong == NULL)
        return false;
    cx_EVP_PKEY *kept = s->peer;
    s->peer = wrong;
    bool refused = !setpeer_loop(s, 1);
    s->peer = kept;
    lib->fn.EVP_PKEY_free(wrong);
    crypto_lib_last_error(lib);
    return refused || wl_why(why, n, "%s: a peer key of another type is accepted",
                             d->fixed.title);
}

check_result setpeer_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                char *why, size_t n)
{
    const setpeer_def *d = ws->w->data;
    pk_state *s;
    check_result r = setpeer_open(lib, d, api, &s, why, n);
    for (int round = 0; round < 2 && r == CHECK_PASS; round++)
        if (!setpeer_loop(s, 1))
            r = wl_result(wl_fail(lib, why, n, "EVP_PKEY_derive_set_peer failed"));
    char what[64];
    snprintf(what, sizeof what, "%s shared secret after set_peer", d->fixed.title);
    const pkey_vector *v = d->fixed.vec;
    if (r == CHECK_PASS)
        r = wl_result(pk_derive_loop(s, 1) ? wl_kat_compare_bytes(what, s->out, s->out_len,
                                                                  v->expect, v->expect_len, why, n)
                                           : wl_fail(lib, why, n, "derive failed"));
    if (r == CHECK_PASS)
        r = wl_result(wrong_peer_refused(s, d, why, n));
    pk_free(s);
    return r;
}

static void *setpeer_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                           size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op, (void)bytes;
    pk_state *s;
    setpeer_open(lib, ws->w->data, api, &s, why, n);
    *loop = setpeer_loop;
    return s;
}

static const char *const setpeer_ops[] = {"set-peer", NULL};

#define SETPEER_LINE(id, wname, title, def, d2i, since_)                                      \
    const workload wl_evp_setpeer_##id = {                                                    \
        .name = wname, .kind = KIND_KEY_EXCHANGE, .ops = setpeer_ops, .family = "loading",     \
        .doc = "set the peer's public key again on an " title " derive context made once "    \
               "(EVP_PKEY_derive_set_peer)",                                                   \
        .needs = {[API_EVP] = "EVP_PKEY_CTX_new " KEX_NEEDS_EVP(d2i),                          \
                  [API_FETCH] = "EVP_PKEY_CTX_new_from_pkey " KEX_NEEDS_EVP(d2i)},             \
        .since = since_, .available = pk_fixed_available, .self_check = setpeer_self_check,    \
        .setup = setpeer_setup, .teardown = pk_free, .data = &def};

/* The x25519 and ecdh-p256 lines' vectors; each refuses the other's peer. */
static const setpeer_def x25519 = {{"X25519", 0, &pkv_x25519, KEX_SECRET_CAP, NULL},
                                   &pkv_ecdh_p256, 0};
SETPEER_LINE(x25519, "evp-setpeer-x25519", "X25519", x25519, "d2i_AutoPrivateKey", R_110)
static const setpeer_def p256 = {{"ECDH P-256", CX_EVP_PKEY_EC, &pkv_ecdh_p256, KEX_SECRET_CAP,
                                  NULL},
                                 &pkv_x25519, R_110};
SETPEER_LINE(ec_p256, "evp-setpeer-ec-p256", "ECDH P-256", p256, "d2i_PrivateKey", 0)
