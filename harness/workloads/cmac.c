/* cmac-aes-128: one operation = one AES-128 CMAC of one `bytes`-long block
 * with the key set up once (mac.c: evp, fetch):
 *   legacy  CMAC_Init(ctx, NULL, 0, NULL, NULL) + CMAC_Update + CMAC_Final on
 *           one context keyed once with EVP_aes_128_cbc() (1.0.1+); on a
 *           fork whose CMAC_Init cannot restart (BoringSSL, AWS-LC: it
 *           dereferences the NULL cipher) its CMAC_Reset does that part
 *   evp     a CMAC EVP_PKEY: EVP_PKEY_new_CMAC_key (1.1.1+), before that
 *           generated through the CMAC key method's ctrls (1.0.1 - 1.1.0)
 *   fetch   EVP_MAC "CMAC" with cipher=AES-128-CBC, as `openssl speed -cmac`
 * There is no one-shot CMAC call. */
#include "mac.h"

static bool fork_reset_loop(void *p, uint64_t iterations)
{
    mac_state *s = p;
    int (*reset)(cx_CMAC_CTX *) = s->lib->fn.CMAC_Reset;
    int (*update)(cx_CMAC_CTX *, const void *, size_t) = s->lib->fn.CMAC_Update;
    int (*final)(cx_CMAC_CTX *, unsigned char *, size_t *) = s->lib->fn.CMAC_Final;
    cx_CMAC_CTX *ctx = s->low;
    const unsigned char *in = s->in;
    size_t len = s->len, outl = 0;
    unsigned char *out = s->out;
    for (uint64_t i = 0; i < iterations; i++)
        if (reset(ctx) != 1 || update(ctx, in, len) != 1 || final(ctx, out, &outl) != 1)
            return false;
    s->outlen = outl;
    return true;
}

static bool legacy_loop(void *p, uint64_t iterations)
{
    mac_state *s = p;
    if (s->lib->fn.CMAC_Reset != NULL) /* a fork's restart call, once per sample */
        return fork_reset_loop(p, iterations);
    int (*init)(cx_CMAC_CTX *, const void *, size_t, const cx_EVP_CIPHER *, cx_ENGINE *) =
        s->lib->fn.CMAC_Init;
    int (*update)(cx_CMAC_CTX *, const void *, size_t) = s->lib->fn.CMAC_Update;
    int (*final)(cx_CMAC_CTX *, unsigned char *, size_t *) = s->lib->fn.CMAC_Final;
    cx_CMAC_CTX *ctx = s->low;
    const unsigned char *in = s->in;
    size_t len = s->len, outl = 0;
    unsigned char *out = s->out;
    for (uint64_t i = 0; i < iterations; i++)
        if (init(ctx, NULL, 0, NULL, NULL) != 1 || update(ctx, in, len) != 1 ||
            final(ctx, out, &outl) != 1)
            return false;
    s->outlen = outl;
    return true;
}

static void low_close(mac_state *s)
{
    s->lib->fn.CMAC_CTX_free(s->low);
}

static bool low_open(mac_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    if ((s->low = lib->fn.CMAC_CTX_new()) == NULL)
        return wl_fail(lib, why, n, "CMAC_CTX_new failed");
    if (lib->fn.CMAC_Init(s->low, s->key, s->keylen, lib->fn.EVP_aes_128_cbc(), NULL) != 1)
        return wl_fail(lib, why, n, "CMAC_Init(key, AES-128-CBC) failed");
    return true;
}

static check_result evp_key(mac_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    const cx_EVP_CIPHER *cipher = lib->fn.EVP_aes_128_cbc();
    cx_EVP_PKEY *pkey = NULL;
    if (lib->fn.EVP_PKEY_new_CMAC_key != NULL) {
        pkey = lib->fn.EVP_PKEY_new_CMAC_key(NULL, s->key, s->keylen, cipher);
    } else {
        cx_EVP_PKEY_CTX *pctx = lib->fn.EVP_PKEY_CTX_new_id(CX_EVP_PKEY_CMAC, NULL);
        if (pctx != NULL && lib->fn.EVP_PKEY_keygen_init(pctx) == 1 &&
            lib->fn.EVP_PKEY_CTX_ctrl(pctx, -1, CX_EVP_PKEY_OP_KEYGEN, CX_EVP_PKEY_CTRL_CIPHER, 0,
                                      (void *)cipher) > 0 &&
            lib->fn.EVP_PKEY_CTX_ctrl(pctx, -1, CX_EVP_PKEY_OP_KEYGEN, CX_EVP_PKEY_CTRL_SET_MAC_KEY,
                                      (int)s->keylen, (void *)s->key) > 0 &&
            lib->fn.EVP_PKEY_keygen(pctx, &pkey) != 1)
            pkey = NULL;
        if (pctx != NULL)
            lib->fn.EVP_PKEY_CTX_free(pctx);
    }
    if ((s->pkey = pkey) == NULL)
        return wl_refused(lib, why, n, "cannot make a CMAC EVP_PKEY");
    return CHECK_PASS;
}

/* NIST SP 800-38B D.1 (RFC 4493 section 4): AES-128, messages of 0, 16, 40
 * and 64 bytes (the first 0, 1, 2.5 and 4 blocks of the SP 800-38A text). */
#define CMAC_KEY "2b7e151628aed2a6abf7158809cf4f3c"
#define CMAC_MSG "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
#define CMAC_MSG_TAIL "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710"

static const mac_def cmac_aes128_def = {
    .title = "CMAC-AES-128",
    .mac_name = "CMAC",
    .param_name = "cipher",
    .param_value = "AES-128-CBC",
    .keylen = 16,
    .low_open = low_open,
    .low_close = low_close,
    .legacy = legacy_loop,
    .evp_key = evp_key,
    .kat = {{"CMAC-AES-128 (RFC 4493 example 1)", CMAC_KEY, "",
             "bb1d6929e95937287fa37d129b756746"},
            {"CMAC-AES-128 (RFC 4493 example 2)", CMAC_KEY, "6bc1bee22e409f96e93d7e117393172a",
             "070a16b46b4d4144f79bdd9dd04a287c"},
            {"CMAC-AES-128 (RFC 4493 example 3)", CMAC_KEY, CMAC_MSG "30c81c46a35ce411",
             "dfa66747de9ae63030ca32611497c827"},
            {"CMAC-AES-128 (RFC 4493 example 4)", CMAC_KEY, CMAC_MSG CMAC_MSG_TAIL,
             "51f0bebf7e3b9d92fc49741779363cfe"}},
};

const workload wl_cmac_aes_128 = {
    MAC_WORKLOAD_FIELDS("cmac-aes-128",
                        "AES-128 CMAC of one block with the key set up once: init + update + final",
                        false, cmac_aes128_def),
    .needs =
        {
            [API_LEGACY] = "CMAC_CTX_new CMAC_CTX_free CMAC_Init CMAC_Update CMAC_Final "
                           "EVP_aes_128_cbc",
            /* CMAC_CTX_new dates the path: EVP's CMAC key type came with it in 1.0.1 */
            [API_EVP] = "CMAC_CTX_new " MAC_NEEDS_EVP "EVP_aes_128_cbc "
                        "EVP_PKEY_new_CMAC_key|EVP_PKEY_keygen EVP_PKEY_CTX_new_id "
                        "EVP_PKEY_keygen_init EVP_PKEY_CTX_ctrl EVP_PKEY_CTX_free",
            MAC_NEEDS_FETCH,
        },
};
