/* A fake libcrypto for fault tests: it answers like a 1.1.1 release and
 * implements SHA-256 (legacy, evp one-shot and evp-ctx paths) with one
 * deliberate fault, chosen at compile time:
 *   -DFAULT_CRASH  SIGSEGV inside the digest update
 *   -DFAULT_ABORT  abort() inside the digest update
 *   -DFAULT_HANG   never returns from the digest update
 *   -DFAULT_WRONG  returns a wrong digest (the self-check must catch it); it
 *                  also answers to the name "sha256" (EVP_get_digestbyname),
 *                  so evp:sha256, which has no vector, is caught only by the
 *                  other libraries of the run (harness/agreement.h)
 *   -DFAULT_THREADS a real SHA-256 kept in one global state instead of the
 *                  caller's context: right answers from one thread, wrong
 *                  ones when two threads digest at the same time
 *   -DSLOW_RELOAD  (with -DFAULT_THREADS) every load after the first (the
 *                  fresh child of the next pass) takes 30 s; it creates
 *                  $FAULT_MARK.again when it starts waiting, so a test can
 *                  interrupt the run exactly then ($FAULT_MARK marks the first)
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

#if defined(SLOW_RELOAD)
#include <fcntl.h>
#include <stdio.h>
__attribute__((constructor)) static void on_load(void)
{
    const char *mark = getenv("FAULT_MARK");
    char again[4096];
    if (mark == NULL || snprintf(again, sizeof again, "%s.again", mark) >= (int)sizeof again)
        return;
    int fd = open(mark, O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd >= 0) {
        close(fd);
        return;
    }
    close(open(again, O_WRONLY | O_CREAT, 0600));
    sleep(30);
}
#endif

__attribute__((unused)) static void fault(void)
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

#if defined(FAULT_THREADS)
#include <stdint.h>
#include <time.h>

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROR(x, n) ((x) >> (n) | (x) << (32 - (n)))

static void block(uint32_t h[8], const unsigned char *p)
{
    uint32_t w[64], a[8];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++)
        w[i] = w[i - 16] + (ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ w[i - 15] >> 3) + w[i - 7] +
               (ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ w[i - 2] >> 10);
    memcpy(a, h, sizeof a);
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = a[7] + (ROR(a[4], 6) ^ ROR(a[4], 11) ^ ROR(a[4], 25)) + ((a[4] & a[5]) ^ (~a[4] & a[6])) + K[i] + w[i];
        uint32_t t2 = (ROR(a[0], 2) ^ ROR(a[0], 13) ^ ROR(a[0], 22)) + ((a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]));
        memmove(a + 1, a, 7 * sizeof *a);
        a[4] += t1;
        a[0] = t1 + t2;
    }
    for (int i = 0; i < 8; i++)
        h[i] += a[i];
}

/* The fault: one message buffer for the whole process. */
static unsigned char message[4096];
static size_t message_len;

int SHA256_Init(ctx112 *c) { (void)c; message_len = 0; return 1; }
int SHA256_Update(ctx112 *c, const void *d, size_t n)
{
    (void)c;
    if (n > sizeof message - message_len)
        n = sizeof message - message_len;
    memcpy(message + message_len, d, n);
    message_len += n;
    return 1;
}
int SHA256_Final(unsigned char *md, ctx112 *c)
{
    (void)c;
    nanosleep(&(struct timespec){0, 50000}, NULL); /* widen the window */
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    unsigned char tail[128] = {0};
    size_t len = message_len, full = len / 64 * 64, rest = len - full;
    for (size_t i = 0; i < full; i += 64)
        block(h, message + i);
    memcpy(tail, message + full, rest);
    tail[rest] = 0x80;
    size_t tlen = rest < 56 ? 64 : 128;
    for (int i = 0; i < 8; i++)
        tail[tlen - 1 - i] = (unsigned char)((uint64_t)len * 8 >> (8 * i));
    for (size_t i = 0; i < tlen; i += 64)
        block(h, tail + i);
    for (int i = 0; i < 32; i++)
        md[i] = (unsigned char)(h[i / 4] >> (24 - 8 * (i % 4)));
    return 1;
}
#else
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
#endif

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

#if defined(FAULT_WRONG)
#include <strings.h>
/* evp:NAME's look-up and what its evp path needs besides: a cipher is never
 * found, so the cipher calls are there only to be resolved. */
const void *EVP_get_digestbyname(const char *name)
{
    return strcasecmp(name, "sha256") == 0 ? &sha256_marker : NULL;
}
const void *EVP_get_cipherbyname(const char *name) { (void)name; return NULL; }
int EVP_MD_size(const void *md) { (void)md; return 32; }
void *EVP_CIPHER_CTX_new(void) { return NULL; }
void EVP_CIPHER_CTX_free(void *c) { (void)c; }
int EVP_EncryptInit_ex(void *c, const void *t, void *e, const void *k, const void *iv) { (void)c, (void)t, (void)e, (void)k, (void)iv; return 0; }
int EVP_DecryptInit_ex(void *c, const void *t, void *e, const void *k, const void *iv) { (void)c, (void)t, (void)e, (void)k, (void)iv; return 0; }
int EVP_EncryptUpdate(void *c, void *o, int *ol, const void *i, int il) { (void)c, (void)o, (void)ol, (void)i, (void)il; return 0; }
int EVP_DecryptUpdate(void *c, void *o, int *ol, const void *i, int il) { (void)c, (void)o, (void)ol, (void)i, (void)il; return 0; }
int EVP_EncryptFinal_ex(void *c, void *o, int *ol) { (void)c, (void)o, (void)ol; return 0; }
int EVP_DecryptFinal_ex(void *c, void *o, int *ol) { (void)c, (void)o, (void)ol; return 0; }
int EVP_CIPHER_CTX_set_padding(void *c, int p) { (void)c, (void)p; return 0; }
int EVP_CIPHER_CTX_ctrl(void *c, int t, int a, void *p) { (void)c, (void)t, (void)a, (void)p; return 0; }
int EVP_CIPHER_key_length(const void *c) { (void)c; return 0; }
int EVP_CIPHER_iv_length(const void *c) { (void)c; return 0; }
int EVP_CIPHER_block_size(const void *c) { (void)c; return 0; }
unsigned long EVP_CIPHER_flags(const void *c) { (void)c; return 0; }
#endif
