/* sha256: one operation = one digest of one `bytes`-long block, from init to
 * final.  The EVP paths use the one-shot EVP_Digest, exactly what
 * `openssl speed -evp sha256` times (a context made and freed per digest). */
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const crypto_lib *lib;
    api_path api;
    size_t bytes;
    unsigned char *in;
    cx_SHA256_CTX sha;       /* legacy */
    const cx_EVP_MD *md;     /* evp: EVP_sha256(); fetch: the fetched one */
    cx_EVP_MD *fetched;
    unsigned char out[32];
} sha_state;

static const char *sha_unsupported(const crypto_lib *lib, api_path api, int bits)
{
    (void)bits;
    switch (api) {
    case API_LEGACY:
        WL_REQUIRE(lib, SHA256_Init);
        WL_REQUIRE(lib, SHA256_Update);
        WL_REQUIRE(lib, SHA256_Final);
        return NULL;
    case API_EVP:
    case API_FETCH:
        if (api == API_FETCH && !crypto_lib_since(lib, R_300))
            return wl_needs(R_300);
        WL_REQUIRE(lib, EVP_Digest);
        if (api == API_EVP)
            WL_REQUIRE(lib, EVP_sha256);
        else {
            WL_REQUIRE(lib, EVP_MD_fetch);
            WL_REQUIRE(lib, EVP_MD_free);
        }
        return NULL;
    default:
        return "unknown API path";
    }
}

static void sha_teardown(void *p)
{
    sha_state *s = p;
    if (s == NULL)
        return;
    if (s->fetched != NULL)
        s->lib->fn.EVP_MD_free(s->fetched);
    free(s->in);
    free(s);
}

static sha_state *sha_open(const crypto_lib *lib, api_path api, char *why, size_t n)
{
    const char *no = sha_unsupported(lib, api, 0);
    if (no != NULL) {
        snprintf(why, n, "%s", no);
        return NULL;
    }
    sha_state *s = calloc(1, sizeof *s);
    if (s == NULL) {
        snprintf(why, n, "out of memory");
        return NULL;
    }
    s->lib = lib;
    s->api = api;
    if (api == API_LEGACY)
        return s;
    if (api == API_EVP)
        s->md = lib->fn.EVP_sha256();
    else
        s->md = s->fetched = lib->fn.EVP_MD_fetch(NULL, "SHA256", NULL);
    if (s->md == NULL) {
        wl_fail(lib, why, n, api == API_EVP ? "EVP_sha256 failed" : "EVP_MD_fetch(SHA256) failed");
        sha_teardown(s);
        return NULL;
    }
    return s;
}

/* One operation. */
static bool sha_digest(sha_state *s, const unsigned char *in, size_t len)
{
    const crypto_lib *lib = s->lib;
    if (s->api == API_LEGACY)
        return lib->fn.SHA256_Init(&s->sha) == 1 && lib->fn.SHA256_Update(&s->sha, in, len) == 1 &&
               lib->fn.SHA256_Final(s->out, &s->sha) == 1;
    unsigned int outl = 0;
    return lib->fn.EVP_Digest(in, len, s->out, &outl, s->md, NULL) == 1 && outl == 32;
}

static bool sha_self_check(const crypto_lib *lib, api_path api, int bits, char *why, size_t n)
{
    (void)bits;
    /* FIPS 180-2, appendix B.1 and B.2. */
    static const struct {
        const char *msg, *digest;
    } kat[] = {
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
    };
    sha_state *s = sha_open(lib, api, why, n);
    if (s == NULL)
        return false;
    bool ok = true;
    /* Each vector twice: nothing carried between operations may change the answer. */
    for (size_t round = 0; round < 2 && ok; round++)
        for (size_t i = 0; i < sizeof kat / sizeof kat[0] && ok; i++) {
            if (!sha_digest(s, (const unsigned char *)kat[i].msg, strlen(kat[i].msg)))
                ok = wl_fail(lib, why, n, "SHA-256 digest failed");
            else
                ok = wl_kat_compare(i == 0 ? "SHA-256(\"abc\")" : "SHA-256(448-bit message)",
                                    s->out, sizeof s->out, kat[i].digest, why, n);
        }
    sha_teardown(s);
    return ok;
}

static void *sha_setup(const crypto_lib *lib, api_path api, int bits, int op, size_t bytes,
                       char *why, size_t n)
{
    (void)bits;
    if (op != 0) {
        snprintf(why, n, "sha256 has one operation (digest)");
        return NULL;
    }
    sha_state *s = sha_open(lib, api, why, n);
    if (s == NULL)
        return NULL;
    s->bytes = bytes;
    if ((s->in = malloc(bytes ? bytes : 1)) == NULL) {
        snprintf(why, n, "out of memory for a %zu-byte block", bytes);
        sha_teardown(s);
        return NULL;
    }
    wl_fill_pattern(s->in, bytes, 0x53484132u);
    return s;
}

static bool sha_run(void *p, uint64_t iterations)
{
    sha_state *s = p;
    for (uint64_t i = 0; i < iterations; i++)
        if (!sha_digest(s, s->in, s->bytes))
            return false;
    return true;
}

static const char *const sha_ops[] = {"digest", NULL};

const workload wl_sha256 = {
    .name = "sha256",
    .takes_bits = false,
    .sized = true,
    .ops = sha_ops,
    .unsupported = sha_unsupported,
    .self_check = sha_self_check,
    .setup = sha_setup,
    .run = sha_run,
    .teardown = sha_teardown,
};
