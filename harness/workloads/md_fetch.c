/* md-fetch: one operation = obtaining the SHA-256 method object by name,
 * what a library or application does that looks its algorithm up per
 * request instead of keeping it:
 *   evp    EVP_get_digestbyname("SHA256")  (every release; 3.x goes through
 *          the name map)
 *   fetch  EVP_MD_fetch(NULL, "SHA256", NULL) + EVP_MD_free  (3.0+: the
 *          method store, its lock and the reference count of the shared
 *          EVP_MD -- the contention reported in openssl/openssl #17064,
 *          #20286 shows up here when threads do it at once)
 * Known answer: the object obtained the timed loop's way digests "abc" to
 * the FIPS 180-2 B.1 value. */
#include "common.h"

#include <stdlib.h>

static const char md_name[] = "SHA256";

typedef struct {
    const crypto_lib *lib;
} md_fetch_state;

static bool fetch_loop(void *p, uint64_t iterations)
{
    md_fetch_state *s = p;
    cx_EVP_MD *(*fetch)(cx_OSSL_LIB_CTX *, const char *, const char *) = s->lib->fn.EVP_MD_fetch;
    void (*release)(cx_EVP_MD *) = s->lib->fn.EVP_MD_free;
    for (uint64_t i = 0; i < iterations; i++) {
        cx_EVP_MD *md = fetch(NULL, md_name, NULL);
        if (md == NULL)
            return false;
        release(md);
    }
    return true;
}

static bool byname_loop(void *p, uint64_t iterations)
{
    md_fetch_state *s = p;
    const cx_EVP_MD *(*byname)(const char *) = s->lib->fn.EVP_get_digestbyname;
    for (uint64_t i = 0; i < iterations; i++)
        if (byname(md_name) == NULL)
            return false;
    return true;
}

static void *md_fetch_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                            size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op, (void)bytes;
    *loop = api == API_FETCH ? fetch_loop : api == API_EVP ? byname_loop : NULL;
    if (*loop == NULL)
        return wl_why(why, n, "%s has no %s call", ws->name, api_name(api)), NULL;
    md_fetch_state *s = wl_alloc(sizeof *s, why, n);
    if (s != NULL)
        s->lib = lib;
    return s;
}

static void md_fetch_teardown(void *state)
{
    free(state);
}

static check_result md_fetch_self_check(const crypto_lib *lib, const workload_spec *ws,
                                        api_path api, char *why, size_t n)
{
    workload_loop loop;
    md_fetch_state *s = md_fetch_setup(lib, ws, api, 0, 0, &loop, why, n);
    if (s == NULL)
        return CHECK_FAIL;
    bool ok = true;
    for (int round = 0; round < 2 && ok; round++)
        if (!loop(s, 1))
            ok = wl_fail(lib, why, n, "looking SHA256 up failed");
    md_fetch_teardown(s);
    cx_EVP_MD *fetched = NULL;
    const cx_EVP_MD *md = NULL;
    if (ok)
        md = api == API_FETCH ? (fetched = lib->fn.EVP_MD_fetch(NULL, md_name, NULL))
                              : lib->fn.EVP_get_digestbyname(md_name);
    unsigned char out[64];
    unsigned int len = 0;
    if (ok && (md == NULL || lib->fn.EVP_Digest("abc", 3, out, &len, md, NULL) != 1))
        ok = wl_fail(lib, why, n, "digest with the looked-up SHA256 failed");
    if (ok)
        ok = wl_kat_compare("SHA256 by name (FIPS 180-2 B.1)", out, len,
                            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                            why, n);
    if (fetched != NULL)
        lib->fn.EVP_MD_free(fetched);
    return wl_result(ok);
}

static const char *const md_fetch_ops[] = {"lookup", NULL};

const workload wl_md_fetch = {
    .name = "md-fetch",
    .kind = KIND_SYMMETRIC,
    .sized = false,
    .ops = md_fetch_ops,
    .doc = "obtain the SHA-256 EVP_MD by name: EVP_MD_fetch + EVP_MD_free (fetch), "
           "EVP_get_digestbyname (evp)",
    .needs = {[API_EVP] = "EVP_get_digestbyname EVP_Digest",
              [API_FETCH] = "EVP_MD_fetch EVP_MD_free EVP_Digest"},
    .self_check = md_fetch_self_check,
    .setup = md_fetch_setup,
    .teardown = md_fetch_teardown,
};
