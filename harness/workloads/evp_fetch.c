/* evp-fetch: one operation = one method object of a class obtained by name
 * and released, one op per class of perftools' evp_fetch (md, cipher, kdf,
 * mac, rand, kem, signature) and the key classes a key's first use fetches
 * (keymgmt, keyexch):
 *   fetch  EVP_<CLASS>_fetch(NULL, name, NULL) + EVP_<CLASS>_free (3.0+: the
 *          method store, its lock, the object's reference count)
 *   evp    the 1.x by-name lookup where the class has one:
 *          EVP_get_digestbyname, EVP_get_cipherbyname; the other classes have
 *          none before 3.0 (op_available says so)
 * evp-fetch-libctx: the fetch path in a library context of the worker's
 * own (OSSL_LIB_CTX_new once per state), perftools' switch between one
 * shared context and one per thread.  Known answers: evp_fetch_check.c,
 * after the timed loop ran twice; an unknown name must fail in the loop. */
#include "evp_fetch.h"

#include <stdlib.h>

#define FETCH_LOOP(LOOP_NAME, T, FETCH, FREE)                                                      \
    static bool LOOP_NAME(void *p, uint64_t iterations)                                          \
    {                                                                                         \
        fetch_state *s = p;                                                                   \
        T *(*fetch)(cx_OSSL_LIB_CTX *, const char *, const char *) = s->lib->fn.FETCH;        \
        void (*release)(T *) = s->lib->fn.FREE;                                               \
        for (uint64_t i = 0; i < iterations; i++) {                                           \
            T *o = fetch(s->libctx, s->name, NULL);                                           \
            if (o == NULL)                                                                    \
                return false;                                                                 \
            release(o);                                                                       \
        }                                                                                     \
        return true;                                                                          \
    }
FETCH_LOOP(md_loop, cx_EVP_MD, EVP_MD_fetch, EVP_MD_free)
FETCH_LOOP(cipher_loop, cx_EVP_CIPHER, EVP_CIPHER_fetch, EVP_CIPHER_free)
FETCH_LOOP(kdf_loop, cx_EVP_KDF, EVP_KDF_fetch, EVP_KDF_free)
FETCH_LOOP(mac_loop, cx_EVP_MAC, EVP_MAC_fetch, EVP_MAC_free)
FETCH_LOOP(rand_loop, cx_EVP_RAND, EVP_RAND_fetch, EVP_RAND_free)
FETCH_LOOP(kem_loop, cx_EVP_KEM, EVP_KEM_fetch, EVP_KEM_free)
FETCH_LOOP(signature_loop, cx_EVP_SIGNATURE, EVP_SIGNATURE_fetch, EVP_SIGNATURE_free)
FETCH_LOOP(keymgmt_loop, cx_EVP_KEYMGMT, EVP_KEYMGMT_fetch, EVP_KEYMGMT_free)
FETCH_LOOP(keyexch_loop, cx_EVP_KEYEXCH, EVP_KEYEXCH_fetch, EVP_KEYEXCH_free)

#define BYNAME_LOOP(LOOP_NAME, T, LOOKUP)                                                          \
    static bool LOOP_NAME(void *p, uint64_t iterations)                                          \
    {                                                                                         \
        fetch_state *s = p;                                                                   \
        const T *(*lookup)(const char *) = s->lib->fn.LOOKUP;                                 \
        for (uint64_t i = 0; i < iterations; i++)                                             \
            if (lookup(s->name) == NULL)                                                      \
                return false;                                                                 \
        return true;                                                                          \
    }
BYNAME_LOOP(md_byname_loop, cx_EVP_MD, EVP_get_digestbyname)
BYNAME_LOOP(cipher_byname_loop, cx_EVP_CIPHER, EVP_get_cipherbyname)

/* perftools' names where it has the class; a name each 3.0 default
 * provider has for the others.  The evp path's names are 1.x's. */
static const fetch_class classes[] = {
    {"md", "EVP_MD", "SHA2-256", "SHA256", md_loop, md_byname_loop, fetch_md_works,
     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", 0},
    {"cipher", "EVP_CIPHER", "AES-128-GCM", "aes-128-gcm", cipher_loop, cipher_byname_loop,
     fetch_cipher_works, "0388dace60b6a392f328c2b971b2fe78", R_101},
    {"kdf", "EVP_KDF", "HKDF", NULL, kdf_loop, NULL, fetch_kdf_works,
     "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865", 0},
    {"mac", "EVP_MAC", "HMAC", NULL, mac_loop, NULL, fetch_mac_works,
     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", 0},
    {"rand", "EVP_RAND", "CTR-DRBG", NULL, rand_loop, NULL, fetch_rand_works, "CTR-DRBG", 0},
    {"kem", "EVP_KEM", "RSA", NULL, kem_loop, NULL, fetch_kem_works, "RSA", 0},
    {"signature", "EVP_SIGNATURE", "ECDSA", NULL, signature_loop, NULL, fetch_signature_works,
     "ECDSA", 0},
    {"keymgmt", "EVP_KEYMGMT", "EC", NULL, keymgmt_loop, NULL, fetch_keymgmt_works, "EC", 0},
    {"keyexch", "EVP_KEYEXCH", "X25519", NULL, keyexch_loop, NULL, fetch_keyexch_works,
     "X25519", 0},
    {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0},
};
static const char *const fetch_ops[] = {"md",  "cipher",    "kdf",     "mac",     "rand",
                                        "kem", "signature", "keymgmt", "keyexch", NULL};

static check_result fetch_op_available(const crypto_lib *lib, const workload_spec *ws,
                                       api_path api, int op, char *why, size_t n)
{
    const fetch_class *c = &((const fetch_def *)ws->w->data)->classes[op];
    if (api == API_EVP && c->evp_name == NULL)
        return wl_why(why, n, "%s is only fetched (3.0+), never looked up by name: fetch path only",
                      c->type),
               CHECK_UNAVAILABLE;
    if (api == API_EVP && !crypto_lib_is_fork(lib) && !crypto_lib_since(lib, c->evp_since))
        return wl_why(why, n, "%s needs %s or later", c->evp_name,
                      release_series_name(c->evp_since)),
               CHECK_UNAVAILABLE;
    return CHECK_PASS;
}

static void fetch_teardown(void *p)
{
    fetch_state *s = p;
    if (s != NULL && s->libctx != NULL)
        s->lib->fn.OSSL_LIB_CTX_free(s->libctx);
    free(s);
}

static void *fetch_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                         size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    const fetch_def *d = ws->w->data;
    const fetch_class *c = &d->classes[op];
    *loop = api == API_FETCH ? c->fetch_loop : api == API_EVP ? c->evp_loop : NULL;
    if (*loop == NULL)
        return wl_why(why, n, "%s %s has no %s call", ws->name, c->op, api_name(api)), NULL;
    fetch_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    *s = (fetch_state){lib, c, api, NULL, api == API_FETCH ? c->fetch_name : c->evp_name};
    if (d->own_libctx && (s->libctx = lib->fn.OSSL_LIB_CTX_new()) == NULL)
        return fetch_teardown(s), wl_fail(lib, why, n, "OSSL_LIB_CTX_new failed"), NULL;
    return s;
}

static check_result check_class(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                int op, char *why, size_t n)
{
    workload_loop loop;
    fetch_state *s = fetch_setup(lib, ws, api, op, 0, &loop, why, n);
    if (s == NULL)
        return CHECK_FAIL;
    check_result r = CHECK_PASS;
    for (int round = 0; round < 2 && r == CHECK_PASS; round++)
        if (!loop(s, 1))
            r = wl_refused(lib, why, n, "the library has no such algorithm");
    if (r == CHECK_PASS)
        r = wl_result(s->c->works(s, s->c->expect, why, n));
    if (r == CHECK_PASS) {
        s->name = "no-such-algorithm";
        if (loop(s, 1))
            r = wl_result(wl_why(why, n, "%s: an unknown name is found", s->c->type));
        crypto_lib_last_error(lib);
    }
    fetch_teardown(s);
    return r;
}

static check_result fetch_self_check(const crypto_lib *lib, const workload_spec *ws,
                                     api_path api, char *why, size_t n)
{
    check_result r = CHECK_PASS;
    for (int op = 0; fetch_ops[op] != NULL && r == CHECK_PASS; op++)
        if (fetch_op_available(lib, ws, api, op, why, n) == CHECK_PASS)
            r = check_class(lib, ws, api, op, why, n);
    return r;
}

#define FETCH_NEEDS                                                                           \
    "EVP_MD_fetch EVP_MD_free EVP_CIPHER_fetch EVP_CIPHER_free EVP_KDF_fetch EVP_KDF_free "   \
    "EVP_MAC_fetch EVP_MAC_free EVP_RAND_fetch EVP_RAND_free EVP_KEM_fetch EVP_KEM_free "     \
    "EVP_SIGNATURE_fetch EVP_SIGNATURE_free EVP_KEYMGMT_fetch EVP_KEYMGMT_free "              \
    "EVP_KEYEXCH_fetch EVP_KEYEXCH_free EVP_Digest EVP_CIPHER_CTX_new EVP_CIPHER_CTX_free "   \
    "EVP_EncryptInit_ex EVP_EncryptUpdate EVP_MAC_CTX_new EVP_MAC_CTX_free EVP_MAC_init "     \
    "EVP_MAC_update EVP_MAC_final EVP_KDF_CTX_new EVP_KDF_CTX_free EVP_KDF_derive "           \
    "EVP_RAND_is_a EVP_KEM_is_a EVP_SIGNATURE_is_a EVP_KEYMGMT_is_a EVP_KEYEXCH_is_a"

static const fetch_def shared_def = {classes, false}, own_def = {classes, true};

const workload wl_evp_fetch = {
    .name = "evp-fetch",
    .kind = KIND_SYMMETRIC,
    .ops = fetch_ops,
    .family = "context",
    .doc = "obtain a method object of one class by name and release it: EVP_<CLASS>_fetch + "
           "_free (fetch), EVP_get_digestbyname / EVP_get_cipherbyname (evp)",
    .needs = {[API_EVP] = "EVP_get_digestbyname EVP_get_cipherbyname EVP_Digest "
                          "EVP_CIPHER_CTX_new EVP_CIPHER_CTX_free EVP_EncryptInit_ex "
                          "EVP_EncryptUpdate",
              [API_FETCH] = FETCH_NEEDS},
    .self_check = fetch_self_check,
    .op_available = fetch_op_available,
    .setup = fetch_setup,
    .teardown = fetch_teardown,
    .data = &shared_def,
};

const workload wl_evp_fetch_libctx = {
    .name = "evp-fetch-libctx",
    .kind = KIND_SYMMETRIC,
    .ops = fetch_ops,
    .family = "context",
    .doc = "as evp-fetch's fetch path, in a library context of each worker's own "
           "(OSSL_LIB_CTX_new once per state)",
    .needs = {[API_FETCH] = FETCH_NEEDS " OSSL_LIB_CTX_new OSSL_LIB_CTX_free"},
    .self_check = fetch_self_check,
    .setup = fetch_setup,
    .teardown = fetch_teardown,
    .data = &own_def,
};
