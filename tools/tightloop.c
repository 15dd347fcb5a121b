/* tightloop: a developer tool that times one call sequence of a libcrypto in
 * the tightest loop C allows, to tell the cost of the calls themselves from
 * whatever a benchmark (osslbench's harness, `openssl speed`) adds around
 * them.  Each mode is exactly the per-operation sequence of one osslbench API
 * path or one `openssl speed` mode (see --list); setup is outside the loop,
 * and each mode's loop keeps its function pointers in locals, as osslbench's
 * per-path loops do.
 *
 *   build/tools/tightloop [--clock cpu|wall] [--time S] [--offset N] LIB MODE BYTES
 *   build/tools/tightloop --list
 *
 * --offset N places the input, output and key/context buffers N bytes past a
 * 4 KiB boundary (default: wherever calloc puts them), to see whether a rate
 * depends on where its data lie.  Prints one line: mode, bytes, median rate
 * (B/s) over samples of >= 10 ms, ns per operation, sample count.  No OpenSSL
 * header: the library is opened through compat/ like osslbench does. */
#include "tightloop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_SAMPLES = 4096 };

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

/* Memory for the data of a mode: page-aligned + offset when --offset is given. */
static void *place(size_t size, long offset)
{
    if (offset < 0)
        return calloc(1, size);
    unsigned char *p = aligned_alloc(4096, (size + (size_t)offset + 4095) / 4096 * 4096);
    if (p == NULL)
        return NULL;
    memset(p, 0, size + (size_t)offset);
    return p + offset;
}

static void setup(st *s, kit k, long offset)
{
    crypto_fns *f = &s->lib.fn;
    bool fetch = k == K_SHA_FETCH || k == K_CBC_FETCH || k == K_GCM_FETCH || k == K_HMAC_FETCH;
    if (fetch) {
        need((void *)f->EVP_MD_fetch, "EVP_MD_fetch");
        need((void *)f->EVP_CIPHER_fetch, "EVP_CIPHER_fetch");
    }
    switch (k) {
    case K_NONE:
        if ((s->sha = place(sizeof *s->sha, offset)) == NULL)
            die("out of memory", NULL);
        return;
    case K_SHA_STATIC:
    case K_SHA_FETCH:
        s->md_obj = fetch ? (const cx_EVP_MD *)f->EVP_MD_fetch(NULL, "SHA256", NULL) : f->EVP_sha256();
        need(s->md_obj, "SHA-256 EVP_MD");
        s->mctx = f->EVP_MD_CTX_new(); /* EVP_MD_CTX_create up to 1.0.2 (symbols.def RENAMED) */
        return;
    case K_HMAC_FETCH: {
        need((void *)f->EVP_MAC_fetch, "EVP_MAC_fetch");
        cx_EVP_MAC *mac = f->EVP_MAC_fetch(NULL, "HMAC", NULL);
        static char digest[] = "SHA256";
        cx_OSSL_PARAM params[2] = {{.key = "digest", .data_type = CX_OSSL_PARAM_UTF8_STRING,
                                    .data = digest, .data_size = 6, .return_size = (size_t)-1},
                                   {0}};
        if (mac == NULL || (s->hctx = f->EVP_MAC_CTX_new(mac)) == NULL ||
            f->EVP_MAC_init(s->hctx, s->key, 32, params) != 1)
            die("cannot set up HMAC-SHA256", NULL);
        return;
    }
    case K_AES:
    case K_GCM128:
        if ((s->aes = place(sizeof *s->aes, offset)) == NULL || f->AES_set_encrypt_key(s->key, 128, s->aes) != 0)
            die("AES_set_encrypt_key failed", NULL);
        if (k == K_GCM128) {
            need((void *)f->CRYPTO_gcm128_new, "CRYPTO_gcm128_new");
            /* AES_encrypt as the library's block128_f, as its own speed.c passes it. */
            void (*block)(const unsigned char *, unsigned char *, const void *) =
                (void (*)(const unsigned char *, unsigned char *, const void *))f->AES_encrypt;
            if ((s->gcm = f->CRYPTO_gcm128_new(s->aes, block)) == NULL)
                die("CRYPTO_gcm128_new failed", NULL);
        }
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

/* One sample: nothing between the two clock readings but the mode's loop. */
static uint64_t timed(st *s, loop_fn loop, uint64_t n, clockid_t id)
{
    uint64_t t0 = now_ns(id);
    if (!loop(s, n))
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
    long offset = -1;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (strcmp(argv[i], "--list") == 0) {
            for (size_t m = 0; m < n_modes; m++)
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
        } else if (strcmp(argv[i], "--offset") == 0 && i + 1 < argc) {
            char *end;
            offset = strtol(argv[++i], &end, 10);
            if (*end != '\0' || offset < 0 || offset > 4095)
                die("--offset takes 0 .. 4095 bytes, not ", argv[i]);
        } else
            die("unknown option ", argv[i]);
    }
    if (argc - i != 3)
        die("usage: tightloop [--clock cpu|wall] [--time S] [--offset N] LIB MODE BYTES | --list", NULL);
    const struct mode *mode = NULL;
    for (size_t m = 0; m < n_modes; m++)
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
    if (tl_loop_needs_sha256(mode->loop))
        need((void *)s.lib.fn.SHA256, "SHA256");
    if (tl_loop_needs_cipherinit(mode->loop))
        need((void *)s.lib.fn.EVP_CipherInit_ex, "EVP_CipherInit_ex");
    s.bytes = bytes;
    if ((s.in = place(bytes + 64, offset)) == NULL || (s.out = place(bytes + 64, offset)) == NULL)
        die("out of memory", NULL);
    for (size_t b = 0; b < bytes; b++)
        s.in[b] = (unsigned char)(b * 131 + 7);
    memset(s.key, 0x4b, sizeof s.key);
    memset(s.iv, 0x49, sizeof s.iv);
    memset(s.aad, 0xcc, sizeof s.aad);
    setup(&s, mode->setup, offset);

    /* Calibrate to >= 10 ms per sample (this doubles as warm-up). */
    uint64_t n = 1;
    while (timed(&s, mode->loop, n, id) < 10000000u && n < (1u << 30))
        n *= 2;
    static double rate[MAX_SAMPLES];
    size_t k = 0;
    uint64_t budget = (uint64_t)(seconds * 1e9), spent = 0;
    while ((spent < budget || k < 5) && k < MAX_SAMPLES) {
        uint64_t t = timed(&s, mode->loop, n, id);
        spent += t;
        rate[k++] = (double)n * (double)bytes / ((double)t / 1e9);
    }
    qsort(rate, k, sizeof rate[0], cmp_double);
    double med = k % 2 ? rate[k / 2] : (rate[k / 2 - 1] + rate[k / 2]) / 2;
    printf("%s %lu %.0f %.2f %zu\n", mode->name, bytes, med, (double)bytes / med * 1e9, k);
    return 0;
}
