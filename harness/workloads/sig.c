#include "sig.h"

#include "rsa_keys.h"

#include <string.h>

enum { OP_SIGN, OP_VERIFY };
const char *const sig_ops[] = {"sign", "verify", NULL};

/* Large enough for a DER ECDSA signature on P-521 (139 bytes) and DSA. */
#define SIG_CAP 512

/* A state holding the fixed key, as the path reads it. */
static pk_state *sig_key(const crypto_lib *lib, const sig_def *d, api_path api, char *why,
                         size_t n)
{
    const pkey_vector *v = d->vec;
    pk_state *s = v->msg != NULL ? pk_new(lib, api, v->msg, v->msg_len, SIG_CAP, 0, why, n)
                                 : pk_new(lib, api, rsa_test_digest, sizeof rsa_test_digest,
                                          SIG_CAP, 0, why, n);
    bool ok = s != NULL &&
              (api == API_LEGACY
                   ? d->legacy_open(s, d->vec, why, n)
                   : (s->pkey = pk_private_der(lib, d->type, d->vec->key, d->vec->key_len, why,
                                               n)) != NULL);
    if (!ok) {
        pk_free(s);
        return NULL;
    }
    return s;
}

static pk_state *sig_open(const crypto_lib *lib, const sig_def *d, api_path api, int op,
                          workload_loop *loop, char *why, size_t n)
{
    pk_state *s = sig_key(lib, d, api, why, n);
    if (s == NULL)
        return NULL;
    bool ok = true;
    if (api == API_LEGACY) {
        *loop = op == OP_SIGN ? d->legacy_sign : d->legacy_verify;
    } else {
        ok = pk_ctx_open(s, op == OP_SIGN ? PK_SIGN : PK_VERIFY, NULL, why, n);
        *loop = op == OP_SIGN ? pk_sign_loop : pk_verify_loop;
    }
    if (!ok) {
        pk_free(s);
        return NULL;
    }
    return s;
}

/* The release exports the calls; whether it knows the curve / algorithm
 * shows when the key is read. */
bool sig_available(const crypto_lib *lib, const workload_spec *ws, api_path api, char *why,
                   size_t n)
{
    const sig_def *d = ws->w->data;
    pk_state *s = sig_key(lib, d, api, why, n);
    pk_free(s);
    return pk_algorithm_check(lib, s != NULL, d->title, why, n);
}

bool sig_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api, char *why,
                    size_t n)
{
    const sig_def *d = ws->w->data;
    workload_loop sign, verify;
    pk_state *signer = sig_open(lib, d, api, OP_SIGN, &sign, why, n);
    pk_state *verifier = signer ? sig_open(lib, d, api, OP_VERIFY, &verify, why, n) : NULL;
    bool ok = verifier != NULL &&
              pk_check_signatures(signer, sign, verifier, verify, d->vec->expect,
                                  d->vec->expect_len, d->title, why, n);
    pk_free(verifier);
    pk_free(signer);
    return ok;
}

void *sig_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    const sig_def *d = ws->w->data;
    pk_state *s = sig_open(lib, d, api, op, loop, why, n);
    _Static_assert(SIG_CAP >= 139, "fits an ECDSA P-521 signature");
    /* verify: the known-good signature of the same digest */
    if (s != NULL && op == OP_VERIFY && d->vec->expect_len <= s->out_cap) {
        memcpy(s->out, d->vec->expect, d->vec->expect_len);
        s->out_len = d->vec->expect_len;
    }
    return s;
}
