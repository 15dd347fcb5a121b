/* The MAC family (hmac-sha256, cmac-aes-128, ...): one operation = one MAC of
 * one `bytes`-long block with the key set up once.  mac.c drives the paths
 * every MAC shares:
 *   evp    EVP_DigestSignInit(MAC pkey) + EVP_DigestUpdate + EVP_DigestSignFinal
 *   fetch  EVP_MAC_init(ctx, NULL, 0, NULL) + EVP_MAC_update + EVP_MAC_final
 * and an algorithm's file (hmac.c, cmac.c) adds its low-level context, its
 * EVP_PKEY and its table lines. */
#ifndef HARNESS_WORKLOADS_MAC_H
#define HARNESS_WORKLOADS_MAC_H

#include "common.h"

typedef struct {
    const char *name, *key, *msg, *mac; /* hex key, message and MAC */
} mac_kat;

typedef struct mac_state mac_state;

typedef struct {
    const char *title;        /* "HMAC-SHA256", for messages */
    const char *mac_name;     /* EVP_MAC_fetch: "HMAC", "CMAC" */
    const char *param_name;   /* the EVP_MAC's one parameter: "digest", "cipher"; NULL: none */
    const char *param_value;  /* "SHA256", "AES-128-CBC" */
    size_t keylen;            /* of the benchmark's key (CMAC: the cipher's) */
    /* HMAC: the digest (static object); NULL where the MAC takes none */
    const cx_EVP_MD *(*evp_md)(const crypto_lib *lib);
    /* legacy: key the low-level context into s->low (+ free it); its loop */
    bool (*low_open)(mac_state *s, char *why, size_t n);
    void (*low_close)(mac_state *s);
    workload_loop legacy, oneshot; /* NULL where the algorithm has no such call */
    /* evp: the key as an EVP_PKEY in s->pkey; CHECK_UNAVAILABLE where a
     * fork has no such key type behind the call (wl_refused) */
    check_result (*evp_key)(mac_state *s, char *why, size_t n);
    mac_kat kat[4];
    /* fetch: KMAC's customisation string (text) of kat[k], or NULL; beside
     * the vectors, not in them, so the many four-string vectors stay complete */
    const char *kat_custom[4];
} mac_def;

struct mac_state {
    const crypto_lib *lib;
    const mac_def *def;
    const unsigned char *in, *key;
    const char *custom; /* fetch: the customisation string set with the key, or NULL */
    size_t len, keylen;
    unsigned char *block;
    unsigned char keybuf[64];
    unsigned char out[64];
    size_t outlen;
    const cx_EVP_MD *md;
    void *low;      /* the low-level context (HMAC_CTX, CMAC_CTX) */
    bool low_owned; /* caller-allocated (HMAC_CTX up to 1.0.2) */
    cx_EVP_PKEY *pkey;
    cx_EVP_MD_CTX *mctx;
    cx_EVP_MAC *mac;
    cx_EVP_MAC_CTX *macctx;
};

workload_check_fn mac_self_check;
workload_setup_fn mac_setup;
workload_teardown_fn mac_teardown;
workload_output_fn mac_output;

extern const char *const mac_ops[];

/* The fields of a MAC's table line but its `needs`. */
#define MAC_WORKLOAD_FIELDS(wname, wdoc, dflt, def)                                           \
    .name = wname, .kind = KIND_SYMMETRIC, .sized = true, .ops = mac_ops, .doc = wdoc,        \
    .in_default = dflt, .self_check = mac_self_check, .setup = mac_setup,                     \
    .teardown = mac_teardown, .output = mac_output, .data = &def

/* The `needs` of the paths mac.c drives. */
#define MAC_NEEDS_EVP                                                                         \
    "EVP_MD_CTX_new EVP_MD_CTX_free EVP_PKEY_free "       \
    "EVP_DigestSignInit EVP_DigestUpdate EVP_DigestSignFinal "
#define MAC_NEEDS_FETCH                                                                       \
    [API_FETCH] = "EVP_MAC_fetch EVP_MAC_free EVP_MAC_CTX_new EVP_MAC_CTX_free EVP_MAC_init "  \
                  "EVP_MAC_update EVP_MAC_final"

#endif
