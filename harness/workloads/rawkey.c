/* newrawkey-<alg>: one operation = an EVP_PKEY made from the raw bytes of
 * a key and freed, as perftools' newrawkey times it (the cost 3.x added
 * behind a call that was a copy in 1.1.1: the key-management fetch and the
 * provider's import).
 *   evp    EVP_PKEY_new_raw_private_key / _public_key(type, NULL, ...) (1.1.1+)
 *   fetch  EVP_PKEY_new_raw_private_key_ex / _public_key_ex(NULL, name, NULL, ...)
 *          (3.0+: the key type by name in the default library context)
 * ops `private` and `public`.  Known answer: the public half of the key the
 * path's call makes is the RFC's (RFC 7748 6.1 / 6.2 Alice, RFC 8032 7.1
 * TEST 1 / 7.4 blank message), after the timed loop ran twice; a key one
 * byte short must be refused by the loop.  A line is a rawkey_def. */
#include "rawkey.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const crypto_lib *lib;
    const rawkey_def *d;
    int type;             /* evp: the EVP_PKEY type on this library */
    unsigned char in[64]; /* the raw key the loop reads: private or public */
    size_t in_len;
} rawkey_state;

typedef cx_EVP_PKEY *raw_new_fn(int type, cx_ENGINE *e, const unsigned char *key, size_t len);
typedef cx_EVP_PKEY *raw_new_ex_fn(cx_OSSL_LIB_CTX *libctx, const char *keytype,
                                   const char *propq, const unsigned char *key, size_t len);

static const char *const rawkey_ops[] = {"private", "public", NULL};
enum { OP_PRIVATE, OP_PUBLIC };

/* The call of (path, op): the loop's, which the check calls too. */
static raw_new_fn *evp_call(const crypto_lib *lib, int op)
{
    return op == OP_PRIVATE ? lib->fn.EVP_PKEY_new_raw_private_key
                            : lib->fn.EVP_PKEY_new_raw_public_key;
}

static raw_new_ex_fn *fetch_call(const crypto_lib *lib, int op)
{
    return op == OP_PRIVATE ? lib->fn.EVP_PKEY_new_raw_private_key_ex
                            : lib->fn.EVP_PKEY_new_raw_public_key_ex;
}

#define RAWKEY_LOOP(LOOP_NAME, call_type, getter, op, first_arg, ...)                              \
    static bool LOOP_NAME(void *p, uint64_t iterations)                                          \
    {                                                                                         \
        rawkey_state *s = p;                                                                  \
        call_type *make = getter(s->lib, op);                                                 \
        void (*release)(cx_EVP_PKEY *) = s->lib->fn.EVP_PKEY_free;                            \
        for (uint64_t i = 0; i < iterations; i++) {                                           \
            cx_EVP_PKEY *k = make(first_arg, __VA_ARGS__, s->in, s->in_len);                 \
            if (k == NULL)                                                                    \
                return false;                                                                 \
            release(k);                                                                       \
        }                                                                                     \
        return true;                                                                          \
    }
RAWKEY_LOOP(evp_private_loop, raw_new_fn, evp_call, OP_PRIVATE, s->type, NULL)
RAWKEY_LOOP(evp_public_loop, raw_new_fn, evp_call, OP_PUBLIC, s->type, NULL)
RAWKEY_LOOP(fetch_private_loop, raw_new_ex_fn, fetch_call, OP_PRIVATE, NULL, s->d->title, NULL)
RAWKEY_LOOP(fetch_public_loop, raw_new_ex_fn, fetch_call, OP_PUBLIC, NULL, s->d->title, NULL)

/* A library without the key type's object (BoringSSL: no X448, no Ed448). */
static check_result rawkey_available(const crypto_lib *lib, const workload_spec *ws,
                                     api_path api, char *why, size_t n)
{
    const rawkey_def *d = ws->w->data;
    if (api == API_EVP && lib->fn.OBJ_sn2nid(d->title) == 0)
        return wl_why(why, n, "no %s key type (OBJ_sn2nid) in %s", d->title, lib->ver.name),
               CHECK_UNAVAILABLE;
    return CHECK_PASS;
}

static void *rawkey_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                          size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    const rawkey_def *d = ws->w->data;
    if (api == API_EVP)
        *loop = op == OP_PRIVATE ? evp_private_loop : evp_public_loop;
    else if (api == API_FETCH)
        *loop = op == OP_PRIVATE ? fetch_private_loop : fetch_public_loop;
    else
        return wl_why(why, n, "%s has no %s call", ws->name, api_name(api)), NULL;
    rawkey_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    *s = (rawkey_state){lib, d, api == API_EVP ? lib->fn.OBJ_sn2nid(d->title) : 0, {0}, 0};
    s->in_len = wl_hex_decode(op == OP_PRIVATE ? d->priv_hex : d->pub_hex, s->in, sizeof s->in);
    if (s->in_len == (size_t)-1)
        return free(s), wl_why(why, n, "%s: bad fixed key", d->title), NULL;
    return s;
}

static void rawkey_teardown(void *state)
{
    free(state);
}

/* The key of s->in as the loop makes it: its public half is the RFC's. */
static bool public_half_matches(rawkey_state *s, api_path api, int op, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    cx_EVP_PKEY *k = api == API_EVP
                         ? evp_call(lib, op)(s->type, NULL, s->in, s->in_len)
                         : fetch_call(lib, op)(NULL, s->d->title, NULL, s->in, s->in_len);
    unsigned char pub[64];
    size_t len = sizeof pub;
    bool ok = k != NULL && lib->fn.EVP_PKEY_get_raw_public_key(k, pub, &len) == 1;
    if (k != NULL)
        lib->fn.EVP_PKEY_free(k);
    if (!ok)
        return wl_fail(lib, why, n, "the raw key's public half cannot be read");
    char what[64];
    snprintf(what, sizeof what, "%s public key from the raw %s key", s->d->title,
             rawkey_ops[op]);
    return wl_kat_compare(what, pub, len, s->d->pub_hex, why, n);
}

static check_result check_op(const crypto_lib *lib, const workload_spec *ws, api_path api,
                             int op, char *why, size_t n)
{
    workload_loop loop;
    rawkey_state *s = rawkey_setup(lib, ws, api, op, 0, &loop, why, n);
    if (s == NULL)
        return CHECK_FAIL;
    check_result r = CHECK_PASS;
    for (int round = 0; round < 2 && r == CHECK_PASS; round++)
        if (!loop(s, 1))
            r = wl_refused(lib, why, n, "the library refuses the raw key");
    if (r == CHECK_PASS)
        r = wl_result(public_half_matches(s, api, op, why, n));
    if (r == CHECK_PASS) {
        s->in_len--;
        if (loop(s, 1))
            r = wl_result(wl_why(why, n, "%s: a raw %s key one byte short is accepted",
                                 s->d->title, rawkey_ops[op]));
        crypto_lib_last_error(lib);
    }
    rawkey_teardown(s);
    return r;
}

check_result rawkey_self_check(const crypto_lib *lib, const workload_spec *ws,
                               api_path api, char *why, size_t n)
{
    check_result r = CHECK_PASS;
    for (int op = OP_PRIVATE; op <= OP_PUBLIC && r == CHECK_PASS; op++)
        r = check_op(lib, ws, api, op, why, n);
    return r;
}

#define RAWKEY_GET "EVP_PKEY_get_raw_public_key EVP_PKEY_free"
#define RAWKEY_LINE(id, wname, title, priv, pub)                                              \
    static const rawkey_def id = {title, priv, pub};                                          \
    const workload wl_newrawkey_##id = {                                                      \
        .name = wname, .kind = KIND_PUBLIC_KEY, .ops = rawkey_ops, .family = "loading",        \
        .doc = "make an EVP_PKEY from the raw " title " private / public key and free it "    \
               "(EVP_PKEY_new_raw_*_key; fetch: the _ex call by name)",                        \
        .needs = {[API_EVP] = "EVP_PKEY_new_raw_private_key EVP_PKEY_new_raw_public_key "     \
                              "OBJ_sn2nid " RAWKEY_GET,                                       \
                  [API_FETCH] = "EVP_PKEY_new_raw_private_key_ex "                            \
                                "EVP_PKEY_new_raw_public_key_ex " RAWKEY_GET},                \
        .since = R_111, .available = rawkey_available, .self_check = rawkey_self_check,        \
        .setup = rawkey_setup, .teardown = rawkey_teardown, .data = &id};

/* RFC 7748 6.1 and 6.2: Alice's keys; RFC 8032 7.1 TEST 1 and 7.4 (blank). */
RAWKEY_LINE(x25519, "newrawkey-x25519", "X25519",
            "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
            "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
RAWKEY_LINE(ed25519, "newrawkey-ed25519", "ED25519",
            "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
            "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
RAWKEY_LINE(x448, "newrawkey-x448", "X448",
            "9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf5"
            "74a9419744897391006382a6f127ab1d9ac2d8c0a598726b",
            "9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bb"
            "c836647241d953d40c5b12da88120d53177f80e532c41fa0")
RAWKEY_LINE(ed448, "newrawkey-ed448", "ED448",
            "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3"
            "528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
            "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778"
            "edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180")
