#include "sig.h"

#include "../../data/rsa_keys.h"

#include <string.h>

enum { OP_SIGN, OP_VERIFY };
const char *const sig_ops[] = {"sign", "verify", NULL};

/* The state for `op` in *out (NULL unless CHECK_PASS). */
static check_result sig_open(const crypto_lib *lib, const sig_def *d, api_path api, int op,
                             workload_loop *loop, pk_state **out, char *why, size_t n)
{
    const pkey_vector *v = d->fixed.vec;
    bool own_msg = v->msg != NULL; /* signs its message, else the digest */
    pk_state *s = pk_fixed_keys(lib, &d->fixed, api, own_msg ? v->msg : rsa_test_digest,
                                own_msg ? v->msg_len : sizeof rsa_test_digest, why, n);
    check_result r = s != NULL ? CHECK_PASS : CHECK_FAIL;
    if (api == API_LEGACY) {
        *loop = op == OP_SIGN ? d->legacy_sign : d->legacy_verify;
    } else {
        if (r == CHECK_PASS)
            r = pk_ctx_open(s, op == OP_SIGN ? PK_SIGN : PK_VERIFY, NULL, why, n);
        *loop = op == OP_SIGN ? pk_sign_loop : pk_verify_loop;
    }
    *out = wl_keep_if(r == CHECK_PASS, s, pk_free);
    return r;
}

check_result sig_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                            char *why, size_t n)
{
    const sig_def *d = ws->w->data;
    workload_loop sign, verify;
    pk_state *signer = NULL, *verifier = NULL;
    check_result r = sig_open(lib, d, api, OP_SIGN, &sign, &signer, why, n);
    if (r == CHECK_PASS)
        r = sig_open(lib, d, api, OP_VERIFY, &verify, &verifier, why, n);
    if (r == CHECK_PASS)
        r = wl_result(pk_check_signatures(signer, sign, verifier, verify, d->fixed.vec->expect,
                                          d->fixed.vec->expect_len, d->fixed.title, why, n));
    pk_free(verifier);
    pk_free(signer);
    return r;
}

void *sig_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    const sig_def *d = ws->w->data;
    pk_state *s;
    sig_open(lib, d, api, op, loop, &s, why, n);
    _Static_assert(SIG_CAP >= 139, "fits an ECDSA P-521 signature");
    /* verify: the known-good signature of the same digest */
    const pkey_vector *v = d->fixed.vec;
    if (s != NULL && op == OP_VERIFY && v->expect_len <= s->out_cap) {
        memcpy(s->out, v->expect, v->expect_len);
        s->out_len = v->expect_len;
    }
    return s;
}
