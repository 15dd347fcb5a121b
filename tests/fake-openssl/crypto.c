/* The fake libcrypto: answers like OpenSSL 1.1.1w and computes a real SHA-256
 * on the legacy (SHA256_*) and EVP paths, so the runner's sha256 self-check
 * passes and a bisect or track step measures something.  SPIN volatile
 * iterations per digest are where a test plants a slowdown. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SPIN 0

unsigned long OpenSSL_version_num(void) { return 0x1010117fUL; }
const char *OpenSSL_version(int t) { return t == 0 ? "OpenSSL 1.1.1w-fake  11 Sep 2023" : ""; }
int OPENSSL_init_crypto(unsigned long long opts, const void *s) { (void)opts, (void)s; return 1; }
unsigned long ERR_get_error(void) { return 0; }

/* SHA256_CTX is 112 bytes in OpenSSL: callers allocate that much. */
typedef struct {
    uint32_t h[8];
    unsigned char buf[64];
    uint64_t len;
    uint32_t num;
} sha_ctx;

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

int SHA256_Init(void *vc)
{
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    sha_ctx *c = vc;
    for (volatile unsigned spin = 0; spin < SPIN; spin++)
        ;
    memset(c, 0, sizeof *c);
    memcpy(c->h, iv, sizeof iv);
    return 1;
}

int SHA256_Update(void *vc, const void *d, size_t n)
{
    sha_ctx *c = vc;
    const unsigned char *p = d;
    c->len += n;
    while (n) {
        size_t take = 64 - c->num < n ? 64 - c->num : n;
        memcpy(c->buf + c->num, p, take);
        c->num += (uint32_t)take, p += take, n -= take;
        if (c->num == 64) {
            block(c->h, c->buf);
            c->num = 0;
        }
    }
    return 1;
}

int SHA256_Final(unsigned char *md, void *vc)
{
    sha_ctx *c = vc;
    uint64_t bits = c->len * 8;
    unsigned char pad[72] = {0x80};
    size_t padlen = (c->num < 56 ? 56 : 120) - c->num;
    for (int i = 0; i < 8; i++)
        pad[padlen + i] = (unsigned char)(bits >> (56 - 8 * i));
    SHA256_Update(c, pad, padlen + 8);
    for (int i = 0; i < 32; i++)
        md[i] = (unsigned char)(c->h[i / 4] >> (24 - 8 * (i % 4)));
    return 1;
}

static const int sha256_marker = 672;
const void *EVP_sha256(void) { return &sha256_marker; }
void *EVP_MD_CTX_new(void) { return calloc(1, sizeof(sha_ctx)); }
void EVP_MD_CTX_free(void *c) { free(c); }
int EVP_DigestInit_ex(void *c, const void *md, void *e) { (void)e; return md == &sha256_marker && SHA256_Init(c); }
int EVP_DigestUpdate(void *c, const void *d, size_t n) { return SHA256_Update(c, d, n); }
int EVP_DigestFinal_ex(void *c, unsigned char *md, unsigned int *len)
{
    if (len)
        *len = 32;
    return SHA256_Final(md, c);
}
int EVP_Digest(const void *d, size_t n, unsigned char *md, unsigned int *len, const void *type, void *impl)
{
    sha_ctx c;
    (void)impl;
    return EVP_DigestInit_ex(&c, type, NULL) && SHA256_Update(&c, d, n) && EVP_DigestFinal_ex(&c, md, len);
}
