/* A fake libcrypto for fault tests: it answers like a 1.1.1 release and
 * implements SHA-256 (legacy, evp one-shot and evp-ctx paths) with one
 * deliberate fault, chosen at compile time:
 *   -DFAULT_CRASH  SIGSEGV inside the digest update
 *   -DFAULT_ABORT  abort() inside the digest update
 *   -DFAULT_HANG   never returns from the digest update
 *   -DFAULT_WRONG  returns a wrong digest (the self-check must catch it)
 *   -DAS_BORINGSSL no fault; BoringSSL's version number, text and marker
 *                  symbol (tests/forks.bats)
 * It exports only what those paths need, so every other workload is simply
 * unsupported for it. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(AS_BORINGSSL)
unsigned long OpenSSL_version_num(void) { return 0x1010107fUL; }
const char *OpenSSL_version(int t) { return t == 0 ? "BoringSSL" : ""; }
int BORINGSSL_self_test(void) { return 1; }
#else
unsigned long OpenSSL_version_num(void) { return 0x1010117fUL; }
const char *OpenSSL_version(int t) { return t == 0 ? "OpenSSL 1.1.1w (fault injection)" : ""; }
#endif
int OPENSSL_init_crypto(unsigned long long opts, const void *s) { (void)opts, (void)s; return 1; }
unsigned long ERR_get_error(void) { return 0; }

static void fault(void)
{
#if defined(FAULT_CRASH)
    raise(SIGSEGV);
#elif defined(FAULT_ABORT)
    abort();
#elif defined(FAULT_HANG)
    for (;;)
        pause();
#endif
}

typedef struct { unsigned char d[112]; } ctx112;

int SHA256_Init(ctx112 *c) { memset(c, 0, sizeof *c); return 1; }
int SHA256_Update(ctx112 *c, const void *d, size_t n)
{
    (void)c, (void)d, (void)n;
    fault();
    return 1;
}
int SHA256_Final(unsigned char *md, ctx112 *c)
{
    (void)c;
    memset(md, 0x5a, 32); /* never the right answer: only FAULT_WRONG gets here */
    return 1;
}

static const int sha256_marker = 672;
const void *EVP_sha256(void) { return &sha256_marker; }
void *EVP_MD_CTX_new(void) { return calloc(1, 64); }
void EVP_MD_CTX_free(void *c) { free(c); }
int EVP_DigestInit_ex(void *c, const void *md, void *e) { (void)c, (void)md, (void)e; return 1; }
int EVP_DigestUpdate(void *c, const void *d, size_t n) { return SHA256_Update(c, d, n); }
int EVP_DigestFinal_ex(void *c, unsigned char *md, unsigned int *len)
{
    if (len)
        *len = 32;
    return SHA256_Final(md, c);
}
/* The evp path's one-shot: the same fault, through the same update. */
int EVP_Digest(const void *d, size_t n, unsigned char *md, unsigned int *len, const void *type,
               void *impl)
{
    ctx112 c;
    (void)type, (void)impl;
    SHA256_Init(&c);
    SHA256_Update(&c, d, n);
    if (len)
        *len = 32;
    return SHA256_Final(md, &c);
}
