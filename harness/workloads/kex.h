/* The key-agreement family (ECDH, X25519): one operation = one shared
 * secret from a fixed private key and a fixed peer public key (the NIST
 * CAVP / RFC 7748 vector the self-check compares against).
 *   legacy  the line's low-level call (ECDH_compute_key), or none
 *   evp     EVP_PKEY_derive on a context made once with EVP_PKEY_CTX_new,
 *           derive_init and derive_set_peer done once (1.0.0+)
 *   fetch   the same with EVP_PKEY_CTX_new_from_pkey (3.0+)
 * A line is a kex_def. */
#ifndef HARNESS_WORKLOADS_KEX_H
#define HARNESS_WORKLOADS_KEX_H

#include "pkey.h"

/* Large enough for any field element here (B-571: 72 bytes). */
#define KEX_SECRET_CAP 128

typedef struct {
    /* key, peer, shared secret; legacy_open: s->key, s->peer_key, s->peer_point.
     * First, for pk_fixed_available. */
    pk_fixed fixed;
    workload_loop legacy_derive;
} kex_def;

workload_check_fn kex_self_check;
workload_setup_fn kex_setup;
/* The shared secret: a function of the fixed keys, which the libraries of a
 * run must agree on (harness/agreement.h). */
workload_output_fn kex_output;

extern const char *const kex_ops[];

#define KEX_NEEDS_EVP(d2i)                                                                    \
    d2i " d2i_PUBKEY EVP_PKEY_free EVP_PKEY_CTX_free EVP_PKEY_derive_init "                  \
        "EVP_PKEY_derive_set_peer EVP_PKEY_derive "
#define KEX_WORKLOAD(wname, def, doc_, dflt, d2i, legacy_needs)                               \
    {KEX_WORKLOAD_FIELDS(wname, def, doc_, dflt, d2i, legacy_needs)}
#define KEX_WORKLOAD_FIELDS(wname, def, doc_, dflt, d2i, legacy_needs)                        \
        .name = wname, .kind = KIND_KEY_EXCHANGE, .ops = kex_ops, .in_default = dflt,         \
        .doc = doc_,                                                                           \
        .needs = {[API_LEGACY] = legacy_needs,                                                 \
                  [API_EVP] = "EVP_PKEY_CTX_new " KEX_NEEDS_EVP(d2i),                          \
                  [API_FETCH] = "EVP_PKEY_CTX_new_from_pkey " KEX_NEEDS_EVP(d2i)},             \
        .available = pk_fixed_available, .self_check = kex_self_check, .setup = kex_setup,         \
        .teardown = pk_free, .output = kex_output, .data = &def

#endif
