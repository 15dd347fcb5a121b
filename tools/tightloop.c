/* tightloop: a developer tool that times one call sequence of a libcrypto in
 * the tightest loop C allows, to tell the cost of the calls themselves from
 * whatever a benchmark (osslbench's harness, `openssl speed`) adds around
 * them.  Each mode is exactly the per-operation sequence of one osslbench API
 * path or one `openssl speed` mode (see --list); setup is outside the loop.
 *
 *   build/tools/tightloop [--clock cpu|wall] [--time S] LIB MODE BYTES
 *   build/tools/tightloop --list
 *
 * Prints one line: mode, bytes, median rate (B/s) over samples of >= 10 ms,
 * ns per operation, sample count.  No OpenSSL header: the library is opened
 * through compat/ like osslbench does; the two functions compat/symbols.def
 * does not list yet (SHA256, EVP_CipherInit_ex) are looked up here, typed. */
#include "../compat/libcrypto.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { CTRL_AEAD_SET_IVLEN = 0x9, CTRL_AEAD_GET_TAG = 0x10, MAX_SAMPLES = 4096 };

typedef struct {
    crypto_lib lib;
    unsigned char *(*SHA256)(const unsigned char *d, size_t n, unsigned char *md);
    int (*EVP_CipherInit_ex)(cx_EVP_CIPHER_CTX *ctx, const cx_EVP_CIPHER *c, cx_ENGINE *e,
                             const unsigned char *key, const unsigned char *iv, int enc);
    size_t bytes;
    unsigned char *in, *out, key[32], iv[16], tag[16], md[64];
    cx_SHA256_CTX sha;
    cx_AES_KEY aes;
    const cx_EVP_MD *md_obj;
    cx_EVP_MD_CTX *mctx;
    const cx_EVP_CIPHER *cipher;
    cx_EVP_CIPHER_CTX *cctx;
    cx_EVP_MAC_CTX *hctx;
} st;

typedef bool (*op_fn)(st *s);

/* ---- one operation per mode ---------------------------------------------- */
static bool sha_legacy(st *s)
{
    crypto_fns *f = &s->lib.fn;
    return f->SHA256_Init(&s->sha) == 1 && f->SHA256_Update(&s->sha, s->in, s->bytes) == 1 &&
           f->SHA256_Final(s->md, &s->sha) == 1;
}
static bool sha_oneshot(st *s) { return s->SHA256(s->in, s->bytes, s->md) != NULL; }
static bool sha_evp_digest(st *s)
{
    unsigned int n = 0;
    return s->lib.fn.EVP_Digest(s->in, s->bytes, s->md, &n, s->md_obj, NULL) == 1;
}
static bool sha_evp_ctx(st *s)
{
    crypto_fns *f = &s->lib.fn;
    unsigned int n = 0;
    return f->EVP_DigestInit_ex(s->mctx, s->md_obj, NULL) == 1 &&
           f->EVP_DigestUpdate(s->mctx, s->in, s->bytes) == 1 &&
           f->EVP_DigestFinal_ex(s->mctx, s->md, &n) == 1;
}
static bool cbc_legacy(st *s)
{
    s->lib.fn.AES_cbc_encrypt(s->in, s->out, s->bytes, &s->aes, s->iv, 1);
    return true;
}
static bool cbc_legacy_inplace(st *s)
{
    s->lib.fn.AES_cbc_encrypt(s->in, s->in, s->bytes, &s->aes, s->iv, 1);
    return true;
}
static bool cbc_update(st *s)
{
    int n = 0;
    return s->lib.fn.EVP_EncryptUpdate(s->cctx, s->out, &n, s->in, (int)s->bytes) == 1;
}
static bool cbc_update_inplace(st *s)
{
    int n = 0;
    return s->lib.fn.EVP_EncryptUpdate(s->cctx, s->in, &n, s->in, (int)s->bytes) == 1;
}
/* osslbench's GCM operation: IV, payload, final, tag. */
static bool gcm_osslbench(st *s)
{
    crypto_fns *f = &s->lib.fn;
    int n = 0, m = 0;
    return f->EVP_EncryptInit_ex(s->cctx, NULL, NULL, NULL, s->iv) == 1 &&
           f->EVP_EncryptUpdate(s->cctx, s->out, &n, s->in, (int)s->bytes) == 1 &&
           f->EVP_EncryptFinal_ex(s->cctx, s->out + n, &m) == 1 &&
           f->EVP_CIPHER_CTX_ctrl(s->cctx, CTRL_AEAD_GET_TAG, 16, s->tag) == 1;
}
/* speed -aead on 1.1.1 (in place): IV, 13-byte AAD, payload, final. */
static bool gcm_aead111(st *s)
{
    static const unsigned char aad[13] = {0xcc};
    crypto_fns *f = &s->lib.fn;
    int n = 0;
    return f->EVP_EncryptInit_ex(s->cctx, NULL, NULL, NULL, s->iv) == 1 &&
           f->EVP_EncryptUpdate(s->cctx, NULL, &n, aad, sizeof aad) == 1 &&
           f->EVP_EncryptUpdate(s->cctx, s->in, &n, s->in, (int)s->bytes) == 1 &&
           f->EVP_EncryptFinal_ex(s->cctx, s->in + n, &n) == 1;
}
/* speed -evp / -aead on 3.x (in place): IV length, KEY and IV, [AAD], payload, final. */
static bool gcm_speed3(st *s, bool aad_too)
{
    static const unsigned char aad[13] = {0xcc};
    crypto_fns *f = &s->lib.fn;
    int n = 0;
    return f->EVP_CIPHER_CTX_ctrl(s->cctx, CTRL_AEAD_SET_IVLEN, 12, NULL) == 1 &&
           s->EVP_CipherInit_ex(s->cctx, NULL, NULL, s->key, s->iv, -1) == 1 &&
           (!aad_too || f->EVP_EncryptUpdate(s->cctx, NULL, &n, aad, sizeof aad) == 1) &&
           f->EVP_EncryptUpdate(s->cctx, s->in, &n, s->in, (int)s->bytes) == 1 &&
           f->EVP_EncryptFinal_ex(s->cctx, s->in, &n) == 1;
}
static bool gcm_evp3(st *s) { return gcm_speed3(s, false); }
static bool gcm_aead3(st *s) { return gcm_speed3(s, true); }

/* HMAC through EVP_MAC, keyed once (osslbench hmac-sha256 fetch; speed -hmac sha256 on 3.x). */
static bool hmac_fetch(st *s)
{
    crypto_fns *f = &s->lib.fn;
    size_t n = 0;
    return f->EVP_MAC_init(s->hctx, NULL, 0, NULL) == 1 && f->EVP_MAC_update(s->hctx, s->in, s->bytes) == 1 &&
           f->EVP_MAC_final(s->hctx, s->md, &n, sizeof s->md) == 1;
}

/* ---- modes ---------------------------------------------------------------- */
typedef enum { K_NONE, K_SHA_STATIC, K_SHA_FETCH, K_AES, K_CBC_STATIC, K_CBC_FETCH,
               K_GCM_STATIC, K_GCM_FETCH, K_HMAC_FETCH } kit;
static const struct mode {
    const char *name;
    op_fn op;
    kit setup;
    const char *what;
} modes[] = {
    {"sha256-legacy", sha_legacy, K_NONE, "SHA256_Init/Update/Final (osslbench legacy)"},
    {"sha256-oneshot", sha_oneshot, K_NONE, "SHA256() (speed sha256 <= 1.1.1)"},
    {"sha256-evp", sha_evp_digest, K_SHA_STATIC, "EVP_Digest, EVP_sha256() (osslbench evp; speed -evp sha256 <= 1.1.1)"},
    {"sha256-fetch", sha_evp_digest, K_SHA_FETCH, "EVP_Digest, fetched once (osslbench fetch; speed [-evp] sha256 on 3.x)"},
    {"sha256-evp-ctx", sha_evp_ctx, K_SHA_STATIC, "EVP_DigestInit_ex/Update/Final_ex, reused ctx, EVP_sha256()"},
    {"aes-128-cbc-legacy", cbc_legacy, K_AES, "AES_cbc_encrypt in->out (osslbench legacy)"},
    {"aes-128-cbc-legacy-inplace", cbc_legacy_inplace, K_AES, "AES_cbc_encrypt in place (speed aes-128-cbc <= 1.1.1)"},
    {"aes-128-cbc-evp", cbc_update, K_CBC_STATIC, "EVP_EncryptUpdate in->out, static cipher (osslbench evp)"},
    {"aes-128-cbc-evp-inplace", cbc_update_inplace, K_CBC_STATIC, "EVP_EncryptUpdate in place (speed -evp <= 1.1.1)"},
    {"aes-128-cbc-fetch", cbc_update, K_CBC_FETCH, "EVP_EncryptUpdate in->out, fetched (osslbench fetch)"},
    {"aes-128-cbc-fetch-inplace", cbc_update_inplace, K_CBC_FETCH, "EVP_EncryptUpdate in place, fetched (speed -evp on 3.x)"},
    {"aes-128-gcm-evp", gcm_osslbench, K_GCM_STATIC, "IV + Update + Final + GET_TAG, static (osslbench evp)"},
    {"aes-128-gcm-fetch", gcm_osslbench, K_GCM_FETCH, "IV + Update + Final + GET_TAG, fetched (osslbench fetch)"},
    {"aes-128-gcm-aead111", gcm_aead111, K_GCM_STATIC, "IV + 13-byte AAD + Update + Final (speed -aead on 1.1.1)"},
    {"aes-128-gcm-evp3", gcm_evp3, K_GCM_FETCH, "SET_IVLEN + key & IV + Update + Final (speed -evp on 3.x)"},
    {"aes-128-gcm-aead3", gcm_aead3, K_GCM_FETCH, "SET_IVLEN + key & IV + AAD + Update + Final (speed -aead on 3.x)"},
    {"hmac-sha256-fetch", hmac_fetch, K_HMAC_FETCH, "EVP_MAC_init(NULL key) + update + final (osslbench fetch; speed -hmac sha256 on 3.x)"},
};

static int die(const char *msg, const char *arg)
{
    fprintf(stderr, "tightloop: %s%s\n", msg, arg ? arg : "");
    exit(2);
}

static void need(const void *fn, const char *name)
{
    if (fn == NULL)
        die("this library lacks ", name);
}

static void setup(st *s, kit k)
{
    crypto_fns *f = &s->lib.fn;
    bool fetch = k == K_SHA_FETCH || k == K_CBC_FETCH || k == K_GCM_FETCH || k == K_HMAC_FETCH;
    if (fetch) {
        need((void *)f->EVP_MD_fetch, "EVP_MD_fetch");
        need((void *)f->EVP_CIPHER_fetch, "EVP_CIPHER_fetch");
    }
    switch (k) {
    case K_NONE:
        return;
    case K_SHA_STATIC:
    case K_SHA_FETCH:
        s->md_obj = fetch ? (const cx_EVP_MD *)f->EVP_MD_fetch(NULL, "SHA256", NULL) : f->EVP_sha256();
        need(s->md_obj, "SHA-256 EVP_MD");
        s->mctx = f->EVP_MD_CTX_new ? f->EVP_MD_CTX_new() : f->EVP_MD_CTX_create();
        return;
    case K_HMAC_FETCH: {
        need((void *)f->EVP_MAC_fetch, "EVP_MAC_fetch");
        cx_EVP_MAC *mac = f->EVP_MAC_fetch(NULL, "HMAC", NULL);
        static char digest[] = "SHA256";
        cx_OSSL_PARAM params[2] = {{.key = "digest", .data_type = 4 /* OSSL_PARAM_UTF8_STRING */,
                                    .data = digest, .data_size = 6, .return_size = (size_t)-1},
                                   {0}};
        if (mac == NULL || (s->hctx = f->EVP_MAC_CTX_new(mac)) == NULL ||
            f->EVP_MAC_init(s->hctx, s->key, 32, params) != 1)
            die("cannot set up HMAC-SHA256", NULL);
        return;
    }
    case K_AES:
        if (f->AES_set_encrypt_key(s->key, 128, &s->aes) != 0)
            die("AES_set_encrypt_key failed", NULL);
        return;
    default:
        break;
    }
    bool gcm = k == K_GCM_STATIC || k == K_GCM_FETCH;
    if (fetch)
        s->cipher = f->EVP_CIPHER_fetch(NULL, gcm ? "AES-128-GCM" : "AES-128-CBC", NULL);
    else
        s->cipher = gcm ? (f->EVP_aes_128_gcm ? f->EVP_aes_128_gcm() : NULL) : f->EVP_aes_128_cbc();
    need(s->cipher, "the AES-128 cipher object");
    s->cctx = f->EVP_CIPHER_CTX_new();
    if (s->cctx == NULL || f->EVP_EncryptInit_ex(s->cctx, s->cipher, NULL, s->key, gcm ? NULL : s->iv) != 1 ||
        (!gcm && f->EVP_CIPHER_CTX_set_padding(s->cctx, 0) != 1))
        die("cannot set up the cipher context", NULL);
}

static uint64_t now_ns(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The loop being measured: nothing but the operation and its status check. */
static uint64_t timed(st *s, op_fn op, uint64_t n, clockid_t id)
{
    uint64_t t0 = now_ns(id);
    for (uint64_t i = 0; i < n; i++)
        if (!op(s))
            die("an operation failed", NULL);
    return now_ns(id) - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    clockid_t id = CLOCK_THREAD_CPUTIME_ID;
    double seconds = 1;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--list") == 0) {
            for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
                printf("%-28s %s\n", modes[m].name, modes[m].what);
            return 0;
        } else if (strcmp(argv[i], "--clock") == 0 && i + 1 < argc) {
            const char *c = argv[++i];
            if (strcmp(c, "wall") == 0)
                id = CLOCK_MONOTONIC;
            else if (strcmp(c, "cpu") != 0)
                die("--clock takes cpu or wall, not ", c);
        } else if (strcmp(argv[i], "--time") == 0 && i + 1 < argc) {
            seconds = atof(argv[++i]);
            if (!(seconds > 0 && seconds <= 600))
                die("--time takes 0 < S <= 600 seconds, not ", argv[i]);
        } else
            die("unknown option ", argv[i]);
    }
    if (argc - i != 3)
        die("usage: tightloop [--clock cpu|wall] [--time S] LIB MODE BYTES | --list", NULL);
    const struct mode *mode = NULL;
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
        if (strcmp(modes[m].name, argv[i + 1]) == 0)
            mode = &modes[m];
    if (mode == NULL)
        die("unknown mode (see --list): ", argv[i + 1]);
    char *end;
    unsigned long bytes = strtoul(argv[i + 2], &end, 10);
    if (*end != '\0' || bytes == 0 || bytes > (1u << 26))
        die("BYTES must be 1 .. 64 MiB, not ", argv[i + 2]);

    static st s;
    char why[256];
    if (!crypto_lib_open(&s.lib, argv[i], why, sizeof why) || !crypto_lib_init(&s.lib, why, sizeof why))
        die(why, NULL);
    *(void **)&s.SHA256 = dlsym(s.lib.handle, "SHA256");
    *(void **)&s.EVP_CipherInit_ex = dlsym(s.lib.handle, "EVP_CipherInit_ex");
    if (mode->op == sha_oneshot)
        need((void *)s.SHA256, "SHA256");
    if (mode->op == gcm_evp3 || mode->op == gcm_aead3)
        need((void *)s.EVP_CipherInit_ex, "EVP_CipherInit_ex");
    s.bytes = bytes;
    if ((s.in = calloc(1, bytes + 64)) == NULL || (s.out = calloc(1, bytes + 64)) == NULL)
        die("out of memory", NULL);
    for (size_t b = 0; b < bytes; b++)
        s.in[b] = (unsigned char)(b * 131 + 7);
    memset(s.key, 0x4b, sizeof s.key);
    memset(s.iv, 0x49, sizeof s.iv);
    setup(&s, mode->setup);

    /* Calibrate to >= 10 ms per sample (this doubles as warm-up). */
    uint64_t n = 1;
    while (timed(&s, mode->op, n, id) < 10000000u && n < (1u << 30))
        n *= 2;
    static double rate[MAX_SAMPLES];
    size_t k = 0;
    uint64_t budget = (uint64_t)(seconds * 1e9), spent = 0;
    while ((spent < budget || k < 5) && k < MAX_SAMPLES) {
        uint64_t t = timed(&s, mode->op, n, id);
        spent += t;
        rate[k++] = (double)n * (double)bytes / ((double)t / 1e9);
    }
    qsort(rate, k, sizeof rate[0], cmp_double);
    double med = k % 2 ? rate[k / 2] : (rate[k / 2 - 1] + rate[k / 2]) / 2;
    printf("%s %lu %.0f %.2f %zu\n", mode->name, bytes, med, (double)bytes / med * 1e9, k);
    return 0;
}
