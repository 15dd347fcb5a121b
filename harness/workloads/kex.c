#include "kex.h"

#include <stdio.h>

const char *const kex_ops[] = {"derive", NULL};

static pk_state *kex_open(const crypto_lib *lib, const kex_def *d, api_path api,
                          workload_loop *loop, char *why, size_t n)
{
    pk_state *s = pk_fixed_keys(lib, &d->fixed, api, NULL, 0, why, n);
    *loop = api == API_LEGACY ? d->legacy_derive : pk_derive_loop;
    if (s == NULL)
        return NULL;
    return wl_keep_if(api == API_LEGACY || pk_ctx_open(s, PK_DERIVE, NULL, why, n), s, pk_free);
}

/* The vector's shared secret, twice through the timed loop. */
bool kex_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api, char *why,
                    size_t n)
{
    const kex_def *d = ws->w->data;
    workload_loop derive;
    pk_state *s = kex_open(lib, d, api, &derive, why, n);
    bool ok = s != NULL;
    char what[64];
    snprintf(what, sizeof what, "%s shared secret", d->fixed.title);
    const pkey_vector *v = d->fixed.vec;
    for (int round = 0; round < 2 && ok; round++)
        ok = derive(s, 1) ? wl_kat_compare_bytes(what, s->out, s->out_len, v->expect,
                                                 v->expect_len, why, n)
                          : wl_fail(lib, why, n, "derive failed");
    pk_free(s);
    return ok;
}

void *kex_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op, (void)bytes;
    return kex_open(lib, ws->w->data, api, loop, why, n);
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
