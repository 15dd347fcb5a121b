/* evp:NAME (evp_named.h): the look-up, the digest shapes, the self-check and
 * the table line. */
#include "evp_named.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const en_ops[] = {"process", NULL};

/* 3.x keeps these in its legacy provider (OSSL_PROVIDER-legacy(7)): a name
 * that starts with one is worth the hint when nothing else has it. */
static bool in_legacy_provider(const char *name)
{
    static const char *const legacy[] = {"bf", "blowfish", "cast", "des-cbc", "des-ecb",
                                         "des-cfb", "des-ofb", "desx", "idea", "seed",
                                         "rc2", "rc4", "rc5", "md4", "mdc2", "whirlpool",
                                         "ripemd", "rmd160", NULL};
    for (const char *const *p = legacy; *p != NULL; p++)
        if (strncasecmp(name, *p, strlen(*p)) == 0)
            return true;
    return false;
}

static const char *spec_algorithm(const workload_spec *ws)
{
    return ws->name + strlen(ws->w->name);
}

static void release(en_state *s)
{
    const crypto_lib *lib = s->lib;
    if (s->shape == EN_DIGEST || s->shape == EN_XOF) {
        wl_md_ctx_free(lib, s->as.dg.ctx);
        free(s->as.dg.block);
    } else {
        cipher_ctx_free(lib, s->shape == EN_CIPHER ? &s->as.cs.evp : &s->as.ae.evp);
    }
    if (s->fetched_md != NULL)
        lib->fn.EVP_MD_free(s->fetched_md);
    if (s->fetched_cipher != NULL)
        lib->fn.EVP_CIPHER_free(s->fetched_cipher);
}

static void en_teardown(void *p)
{
    if (p != NULL)
        release(p);
    free(p);
}

/* s->md or s->cipher for the path, or CHECK_UNAVAILABLE with the reason. */
static check_result find(en_state *s, api_path api, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    if (api == API_FETCH) {
        s->md = s->fetched_md = lib->fn.EVP_MD_fetch(NULL, s->name, NULL);
        if (s->md == NULL)
            s->cipher = s->fetched_cipher = lib->fn.EVP_CIPHER_fetch(NULL, s->name, NULL);
    } else {
        s->md = lib->fn.EVP_get_digestbyname(s->name);
        if (s->md == NULL)
            s->cipher = lib->fn.EVP_get_cipherbyname(s->name);
    }
    crypto_lib_last_error(lib); /* drop a failed look-up's error */
    bool legacy = lib->fn.EVP_MD_fetch != NULL && in_legacy_provider(s->name);
    if (s->md == NULL && s->cipher == NULL) {
        wl_why(why, n, "evp:%s: the library has no cipher or digest named %s%s", s->name,
               s->name, legacy ? " (" WL_IN_LEGACY_PROVIDER ")" : "");
        return CHECK_UNAVAILABLE;
    }
    /* 3.x: a static object may have no provider behind it */
    char reason[200] = "";
    if (wl_evp_available(lib, api, s->md != NULL ? WL_DIGEST : WL_CIPHER, s->name, legacy,
                         reason, sizeof reason) != CHECK_PASS) {
        wl_why(why, n, "evp:%s: %s", s->name, reason);
        return CHECK_UNAVAILABLE;
    }
    if (s->cipher != NULL &&
        (lib->fn.EVP_CIPHER_get_flags(s->cipher) & CX_EVP_CIPH_MODE) == CX_EVP_CIPH_WRAP_MODE) {
        wl_why(why, n, "evp:%s: a key-wrap cipher, not a block of data per operation", s->name);
        return CHECK_UNAVAILABLE;
    }
    return CHECK_PASS;
}

static check_result en_available(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                 char *why, size_t n)
{
    en_state s = {.lib = lib, .name = spec_algorithm(ws)};
    check_result r = find(&s, api, why, n);
    release(&s);
    return r;
}

static bool is_xof(const crypto_lib *lib, const cx_EVP_MD *md)
{
    return lib->fn.EVP_DigestFinalXOF != NULL && lib->fn.EVP_MD_get_flags != NULL &&
           (lib->fn.EVP_MD_get_flags(md) & CX_EVP_MD_FLAG_XOF) != 0;
}

/* The state of one path over a `bytes`-long block: every input (block, key,
 * IV, AAD) the same fixed pattern on every library, so their outputs agree. */
static en_state *en_open(const crypto_lib *lib, const workload_spec *ws, api_path api,
                         size_t bytes, workload_loop *loop, char *why, size_t n)
{
    en_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    s->lib = lib;
    s->name = spec_algorithm(ws);
    s->len = bytes;
    wl_fill_pattern(s->key, sizeof s->key, 0x4b455923u);
    wl_fill_pattern(s->iv, sizeof s->iv, 0x49562123u);
    wl_fill_pattern(s->aad, sizeof s->aad, 0x41414423u);
    bool ok = find(s, api, why, n) == CHECK_PASS;
    if (ok && s->md != NULL) {
        digest_state *d = &s->as.dg;
        d->lib = lib;
        s->shape = is_xof(lib, s->md) ? EN_XOF : EN_DIGEST;
        *loop = s->shape == EN_XOF ? digest_xof_loop : digest_evp_loop;
        d->md = s->md;
        d->len = bytes;
        d->xof_len = EN_XOF_BYTES;
        d->outlen = s->shape == EN_XOF ? EN_XOF_BYTES : 0;
        ok = (d->block = wl_input_block(bytes, 0x45565021u, why, n)) != NULL;
        d->in = s->in = d->block;
        s->out = d->out;
        if (ok && s->shape == EN_XOF && (d->ctx = wl_md_ctx_new(lib)) == NULL)
            ok = wl_fail(lib, why, n, "cannot allocate an EVP_MD_CTX");
    } else if (ok) {
        ok = en_cipher_open(s, loop, why, n);
    }
    return wl_keep_if(ok, s, en_teardown);
}

static void en_output(const void *p, workload_output *o)
{
    const en_state *s = p;
    if (s->shape == EN_DIGEST || s->shape == EN_XOF)
        digest_output(&s->as.dg, o);
    else if (s->shape == EN_CIPHER)
        cipher_output(&s->as.cs, o);
    else
        aead_output(&s->as.ae, o);
}

static bool same_output(const en_state *a, const en_state *b)
{
    workload_output x, y;
    en_output(a, &x);
    en_output(b, &y);
    for (int k = 0; k < 2; k++)
        if (x.len[k] != y.len[k] || (x.len[k] > 0 && memcmp(x.part[k], y.part[k], x.len[k]) != 0))
            return false;
    return true;
}

enum { CHECK_BYTES = 64 }; /* a multiple of every block size; XTS's 16 at least */

/* A digest has the length its object says. */
static bool check_digest(const en_state *s, char *why, size_t n)
{
    size_t want = s->shape == EN_XOF ? EN_XOF_BYTES
                                     : (size_t)s->lib->fn.EVP_MD_get_size(s->md);
    size_t got = s->as.dg.outlen;
    if (got != want)
        return wl_why(why, n, "evp:%s: a %zu-byte digest, EVP_MD_size says %zu", s->name, got,
                      want);
    return true;
}

/* decrypt(encrypt(x)) = x; an AEAD's tag verifies and, one bit flipped, does not. */
static bool check_cipher(const en_state *s, char *why, size_t n)
{
    const crypto_lib *lib = s->lib;
    unsigned char pt[CHECK_BYTES], tag[AEAD_TAG_BYTES];
    int r = en_decrypt(s, s->out, s->len, s->tag, pt);
    if (r < 0)
        return wl_fail(lib, why, n, "decryption failed");
    if (r == 0)
        return wl_why(why, n, "evp:%s: the tag of its own encryption does not verify", s->name);
    if (memcmp(pt, s->in, s->len) != 0)
        return wl_why(why, n, "evp:%s: decrypt(encrypt(x)) is not x", s->name);
    if (s->shape == EN_CIPHER)
        return true;
    memcpy(tag, s->tag, sizeof tag);
    tag[0] ^= 1;
    r = en_decrypt(s, s->out, s->len, tag, pt);
    crypto_lib_last_error(lib);
    if (r != 0)
        return wl_why(why, n, "evp:%s: a tag with one bit flipped %s", s->name,
                      r > 0 ? "verifies" : "gives an error, not a refusal");
    return true;
}

static check_result en_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                  char *why, size_t n)
{
    en_state *s[2] = {NULL, NULL};
    workload_loop loop = NULL;
    bool ok = true;
    /* Two fresh states, one operation each: the second must repeat the first. */
    for (int k = 0; k < 2 && ok; k++) {
        ok = (s[k] = en_open(lib, ws, api, CHECK_BYTES, &loop, why, n)) != NULL;
        ok = ok && (loop(s[k], 1) || wl_fail(lib, why, n, "the operation failed"));
    }
    if (ok && !same_output(s[0], s[1]))
        ok = wl_why(why, n, "evp:%s: the same operation on the same input gave two answers",
                    s[0]->name);
    if (ok)
        ok = s[1]->md != NULL ? check_digest(s[1], why, n) : check_cipher(s[1], why, n);
    /* ... and the timed loop goes on from there */
    if (ok && !loop(s[0], 1))
        ok = wl_fail(lib, why, n, "a second operation on the same context failed");

    en_teardown(s[0]);
    en_teardown(s[1]);
    return wl_result(ok);
}

static void *en_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                      size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op; /* one operation: a digest or an encryption */
    return en_open(lib, ws, api, bytes, loop, why, n);
}

#define EN_NEEDS_COMMON                                                                       \
    "EVP_Digest EVP_MD_get_size EVP_MD_CTX_new EVP_MD_CTX_free EVP_DigestInit_ex "            \
    "EVP_DigestUpdate EVP_CIPHER_CTX_new EVP_CIPHER_CTX_free EVP_EncryptInit_ex "             \
    "EVP_EncryptUpdate EVP_EncryptFinal_ex EVP_DecryptInit_ex EVP_DecryptUpdate "             \
    "EVP_DecryptFinal_ex EVP_CIPHER_CTX_set_padding EVP_CIPHER_CTX_ctrl "                     \
    "EVP_CIPHER_get_key_length EVP_CIPHER_get_iv_length EVP_CIPHER_get_block_size "           \
    "EVP_CIPHER_get_flags "

const workload wl_evp_named = {
    .name = "evp:",
    .kind = KIND_SYMMETRIC,
    .sized = true,
    .ops = en_ops,
    .doc = "any cipher or digest NAME the library has, as openssl speed -evp NAME: one digest "
           "of one block (XOF: 64 bytes out), or encrypting one block on a context keyed once "
           "(AEAD: nonce, 13-byte AAD, tag)",
    .any_name_example = "sha3-512",
    .needs = {[API_EVP] = EN_NEEDS_COMMON "EVP_get_digestbyname EVP_get_cipherbyname",
              [API_FETCH] = EN_NEEDS_COMMON
              "EVP_MD_fetch EVP_MD_free EVP_CIPHER_fetch EVP_CIPHER_free"},
    .available = en_available,
    .self_check = en_self_check,
    .setup = en_setup,
    .teardown = en_teardown,
    .output = en_output,
};
