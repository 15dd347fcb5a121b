#include "kex.h"
#include "pkey_more.h"

#include <stdio.h>

const char *const kex_ops[] = {"derive", NULL};

/* The state in *out (NULL unless CHECK_PASS). */
static check_result kex_open(const crypto_lib *lib, const kex_def *d, api_path api,
                             workload_loop *loop, pk_state **out, char *why, size_t n)
{
    pk_state *s = pk_fixed_keys(lib, &d->fixed, api, NULL, 0, why, n);
    *loop = api == API_LEGACY ? d->legacy_derive : pk_derive_loop;
    check_result r = s == NULL            ? CHECK_FAIL
                     : api == API_LEGACY ? CHECK_PASS
                                         : pk_ctx_open(s, PK_DERIVE, NULL, why, n);
    *out = wl_keep_if(r == CHECK_PASS, s, pk_free);
    return r;
}

/* The vector's shared secret, twice through the timed loop. */
check_result kex_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                            char *why, size_t n)
{
    const kex_def *d = ws->w->data;
    workload_loop derive;
    pk_state *s;
    check_result r = kex_open(lib, d, api, &derive, &s, why, n);
    char what[64];
    snprintf(what, sizeof what, "%s shared secret", d->fixed.title);
    const pkey_vector *v = d->fixed.vec;
    for (int round = 0; round < 2 && r == CHECK_PASS; round++)
        r = wl_result(derive(s, 1) ? wl_kat_compare_bytes(what, s->out, s->out_len, v->expect,
                                                          v->expect_len, why, n)
                                   : wl_fail(lib, why, n, "derive failed"));
    pk_free(s);
    return r;
}

void *kex_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op, (void)bytes;
    pk_state *s;
    kex_open(lib, ws->w->data, api, loop, &s, why, n);
    return s;
}

void kex_output(const void *p, workload_output *o)
{
    const pk_state *s = p;
    *o = (workload_output){.part = {s->out}, .len = {s->out_len}};
}

/* x25519: RFC 7748 section 6.1 (Alice's key, Bob's public key); 1.1.0+,
 * EVP only: X25519 has no low-level call. */
static const kex_def x25519 = {.fixed = {"X25519", 0, &pkv_x25519, KEX_SECRET_CAP, NULL}};
const workload wl_x25519 = {
    KEX_WORKLOAD_FIELDS("x25519", x25519,
                        "one X25519 shared secret with a fixed key pair (EVP only: X25519 has "
                        "no low-level call)",
                        true, "d2i_AutoPrivateKey", NULL),
    .since = R_110,
};

/* x448: RFC 7748 section 6.2 (Alice's key, Bob's public key); 1.1.1+, EVP
 * only.  The vector is in pkey_more.c. */
static const kex_def x448 = {.fixed = {"X448", 0, &pkv_x448, KEX_SECRET_CAP, NULL}};
const workload wl_x448 = {
    KEX_WORKLOAD_FIELDS("x448", x448,
                        "one X448 shared secret with a fixed key pair (EVP only: X448 has no "
                        "low-level call)",
                        false, "d2i_AutoPrivateKey", NULL),
    .since = R_111,
};
