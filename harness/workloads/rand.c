/* rand: one operation = RAND_bytes of one `bytes`-long block from the
 * library's default generator, as `openssl speed rand` (3.0+) does.  One
 * API path, `legacy` (RAND_bytes is not deprecated: it is the call there
 * is).  No `fetch`: 3.x's RAND_bytes_ex(NULL, ...) reaches the same default
 * DRBG, and an EVP_RAND fetched and instantiated by hand would time a
 * private generator that applications do not use.
 *
 * Random output has no known answer; the self-check asks the timed loop for
 * two blocks and checks each is complete and within bounds, that they
 * differ, and that neither is constant. */
#include "common.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { CHECK_BYTES = 64, GUARD_BYTES = 16 };

typedef struct {
    const crypto_lib *lib;
    unsigned char *buf;
    int len;
} rand_state;

static bool rand_loop(void *p, uint64_t iterations)
{
    rand_state *s = p;
    int (*bytes)(unsigned char *, int) = s->lib->fn.RAND_bytes;
    unsigned char *buf = s->buf;
    int len = s->len;
    for (uint64_t i = 0; i < iterations; i++)
        if (bytes(buf, len) != 1)
            return false;
    return true;
}

static void rand_teardown(void *p)
{
    rand_state *s = p;
    if (s == NULL)
        return;
    free(s->buf);
    free(s);
}

static bool constant(const unsigned char *b, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (b[i] != b[0])
            return false;
    return true;
}

/* Two outputs of the timed loop, pre-filled with 0x00 and 0xff. */
static bool two_outputs(const crypto_lib *lib, unsigned char *a, unsigned char *b, size_t size,
                        char *why, size_t n)
{
    memset(a, 0x00, size);
    memset(b, 0xff, size);
    rand_state s = {.lib = lib, .buf = a, .len = CHECK_BYTES};
    bool ok = rand_loop(&s, 1);
    s.buf = b;
    return (ok && rand_loop(&s, 1)) || wl_fail(lib, why, n, "RAND_bytes failed");
}

static bool random_enough(const crypto_lib *lib, char *why, size_t n)
{
    /* A byte left unwritten keeps its fill in both outputs; a written one
     * does so by chance (1 in 65536), so a byte counts as unwritten only if
     * it does in three rounds. */
    enum { ROUNDS = 3 };
    unsigned char a[CHECK_BYTES + GUARD_BYTES], b[CHECK_BYTES + GUARD_BYTES];
    bool stuck[CHECK_BYTES];
    memset(stuck, 1, sizeof stuck);
    for (int round = 0; round < ROUNDS; round++) {
        if (!two_outputs(lib, a, b, sizeof a, why, n))
            return false;
        if (!constant(a + CHECK_BYTES, GUARD_BYTES) || a[CHECK_BYTES] != 0x00 ||
            !constant(b + CHECK_BYTES, GUARD_BYTES) || b[CHECK_BYTES] != 0xff)
            return wl_why(why, n, "RAND_bytes(%d) wrote past the end of its buffer",
                          CHECK_BYTES);
        if (memcmp(a, b, CHECK_BYTES) == 0)
            return wl_why(why, n, "RAND_bytes gave the same %d bytes twice", CHECK_BYTES);
        if (constant(a, CHECK_BYTES) || constant(b, CHECK_BYTES))
            return wl_why(why, n, "RAND_bytes gave %d equal bytes", CHECK_BYTES);
        for (size_t i = 0; i < CHECK_BYTES; i++)
            stuck[i] = stuck[i] && a[i] == 0x00 && b[i] == 0xff;
    }
    for (size_t i = 0; i < CHECK_BYTES; i++)
        if (stuck[i])
            return wl_why(why, n, "RAND_bytes(%d) left byte %zu unwritten", CHECK_BYTES, i);
    return true;
}

static check_result rand_self_check(const crypto_lib *lib, const workload_spec *ws,
                                    api_path api, char *why, size_t n)
{
    (void)ws, (void)api;
    return wl_result(random_enough(lib, why, n));
}

static void *rand_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                        size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)ws, (void)op;
    if (api != API_LEGACY)
        return wl_why(why, n, "rand has no %s call", api_name(api)), NULL;
    if (bytes > INT_MAX)
        return wl_why(why, n, "block size %zu is too large for RAND_bytes", bytes), NULL;
    rand_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    s->len = (int)bytes;
    s->buf = wl_alloc(bytes ? bytes : 1, why, n);
    *loop = rand_loop;
    return wl_keep_if(s->buf != NULL, s, rand_teardown);
}

static const char *const rand_ops[] = {"generate", NULL};

const workload wl_rand = {
    .name = "rand",
    .kind = KIND_RANDOM,
    .sized = true,
    .ops = rand_ops,
    .doc = "RAND_bytes of one block from the default generator",
    .needs = {[API_LEGACY] = "RAND_bytes"},
    .self_check = rand_self_check,
    .setup = rand_setup,
    .teardown = rand_teardown,
};
