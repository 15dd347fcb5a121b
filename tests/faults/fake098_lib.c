/* A fake 0.9.8 libcrypto for the call-shape tests: it answers SSLeay() with
 * 0x0090811f (0.9.8q) and exports HMAC_Init_ex/Update/Final with 0.9.8's
 * real shape, returning void.  The HMAC itself is computed by the system
 * libcrypto.so.3 (loaded at run time, no header, no link), so the
 * known-answer check passes exactly when osslbench drives the void shape
 * correctly.  It also has 0.9.8's names of the EVP_MD_CTX allocators
 * (EVP_MD_CTX_create/destroy, EVP_MD_CTX_new/free from 1.1.0).  Nothing
 * else is exported: every other workload is unsupported. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYSTEM_LIBCRYPTO "libcrypto.so.3"

unsigned long SSLeay(void) { return 0x0090811fUL; }
const char *SSLeay_version(int t) { return t == 0 ? "OpenSSL 0.9.8q (fake, void HMAC shape)" : ""; }
void OPENSSL_add_all_algorithms_noconf(void) {}
unsigned long ERR_get_error(void) { return 0; }

static struct {
    void *(*ctx_new)(void);
    void (*ctx_free)(void *);
    int (*init)(void *, const void *, int, const void *, void *);
    int (*update)(void *, const unsigned char *, size_t);
    int (*final)(void *, unsigned char *, unsigned int *);
    const void *(*sha256)(void);
} real;

static void load_real(void)
{
    if (real.init != NULL)
        return;
    void *h = dlopen(SYSTEM_LIBCRYPTO, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        fprintf(stderr, "fake098: %s\n", dlerror());
        abort();
    }
    *(void **)&real.ctx_new = dlsym(h, "HMAC_CTX_new");
    *(void **)&real.ctx_free = dlsym(h, "HMAC_CTX_free");
    *(void **)&real.init = dlsym(h, "HMAC_Init_ex");
    *(void **)&real.update = dlsym(h, "HMAC_Update");
    *(void **)&real.final = dlsym(h, "HMAC_Final");
    *(void **)&real.sha256 = dlsym(h, "EVP_sha256");
}

static const int sha256_marker = 672;
const void *EVP_sha256(void) { return &sha256_marker; }
void *EVP_MD_CTX_create(void) { return calloc(1, 64); }
void EVP_MD_CTX_destroy(void *ctx) { free(ctx); }

/* The caller allocates HMAC_CTX (0.9.8); ours holds the real context. */
typedef struct { void *real; } fake_ctx;

void HMAC_CTX_init(fake_ctx *c)
{
    load_real();
    c->real = real.ctx_new();
}

void HMAC_CTX_cleanup(fake_ctx *c)
{
    real.ctx_free(c->real);
    c->real = NULL;
}

void HMAC_Init_ex(fake_ctx *c, const void *key, int len, const void *md, void *e)
{
    (void)e;
    real.init(c->real, key, len, md == &sha256_marker ? real.sha256() : NULL, NULL);
}

void HMAC_Update(fake_ctx *c, const unsigned char *d, size_t n)
{
    real.update(c->real, d, n);
}

void HMAC_Final(fake_ctx *c, unsigned char *md, unsigned int *len)
{
    real.final(c->real, md, len);
}
