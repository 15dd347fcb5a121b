/* pkeyread-*: one operation = decoding one fixed key from one of its
 * encodings (the op) and freeing the key decoded before.  The paths:
 *   legacy  PKCS#8 through its own structure (PEM_read_bio_ / d2i_
 *           PKCS8_PRIV_KEY_INFO + EVP_PKCS82PKEY), the rest through the key
 *           type's own calls (PEM_read_bio_RSAPrivateKey, d2i_EC_PUBKEY ...)
 *   evp     PEM_read_bio_PrivateKey / PEM_read_bio_PUBKEY, d2i_PrivateKey
 *           with the key's type, d2i_PUBKEY: what perftools' pkeyread and
 *           most applications call
 *   fetch   3.0+: one OSSL_DECODER_CTX for the format, structure and key
 *           type, made once per state; OSSL_DECODER_from_data per operation
 * The known answer (pkr_self_check): the decoded key's public key, encoded
 * as SubjectPublicKeyInfo, is the fixed one, after the timed loop ran once
 * and twice; the input with its first DER byte broken does not decode. */
#include "pkeyread.h"

#include "../../compat/flavor.h"

#include <stdlib.h>
#include <string.h>

const char *const pkr_ops_trad[] = {"pem-pkcs8",  "der-pkcs8",  "pem-trad", "der-trad",
                                    "der-pubkey", "pem-pubkey", NULL};
const char *const pkr_ops_pkcs8[] = {"pem-pkcs8", "der-pkcs8", "der-pubkey", "pem-pubkey", NULL};

/* pkr_ops_trad lists every format in pkr_format's order. */
static pkr_format format_of(const workload *w, int op)
{
    int f = 0;
    while (pkr_ops_trad[f] != NULL && strcmp(pkr_ops_trad[f], w->ops[op]) != 0)
        f++;
    return (pkr_format)f;
}

static bool is_pem(pkr_format f)
{
    return f == PKR_PEM_PKCS8 || f == PKR_PEM_TRAD || f == PKR_PEM_PUBKEY;
}

static bool is_public(pkr_format f)
{
    return f == PKR_DER_PUBKEY || f == PKR_PEM_PUBKEY;
}

static bool is_pkcs8(pkr_format f)
{
    return f == PKR_PEM_PKCS8 || f == PKR_DER_PKCS8;
}

PKR_PEM_LOOP(evp_pem_private, cx_EVP_PKEY, PEM_read_bio_PrivateKey, EVP_PKEY_free, pkey)
PKR_PEM_LOOP(evp_pem_public, cx_EVP_PKEY, PEM_read_bio_PUBKEY, EVP_PKEY_free, pkey)
PKR_DER_LOOP(evp_der_public, cx_EVP_PKEY, d2i_PUBKEY, EVP_PKEY_free, pkey)

static bool evp_der_private(void *p, uint64_t iterations)
{
    pkr_state *s = p;
    cx_EVP_PKEY *(*d2i)(int, cx_EVP_PKEY **, const unsigned char **, long) =
        s->lib->fn.d2i_PrivateKey;
    void (*pkey_free)(cx_EVP_PKEY *) = s->lib->fn.EVP_PKEY_free;
    int type = s->type;
    for (uint64_t i = 0; i < iterations; i++) {
        const unsigned char *der = s->in;
        if (s->pkey != NULL)
            pkey_free(s->pkey);
        if ((s->pkey = d2i(type, NULL, &der, (long)s->len)) == NULL)
            return false;
    }
    return true;
}

/* The PKCS#8 structure, then the key it holds: the calls that every release
 * has for every key type, where the legacy path has no type-specific one. */
static bool legacy_pem_pkcs8(void *p, uint64_t iterations)
{
    pkr_state *s = p;
    const crypto_fns *f = &s->lib->fn;
    cx_BIO *(*bio_new)(const void *, int) = f->BIO_new_mem_buf;
    int (*bio_free)(cx_BIO *) = f->BIO_free;
    cx_PKCS8_PRIV_KEY_INFO *(*rd)(cx_BIO *, cx_PKCS8_PRIV_KEY_INFO **, cx_pem_password_cb *,
                                  void *) = f->PEM_read_bio_PKCS8_PRIV_KEY_INFO;
    cx_EVP_PKEY *(*to_pkey)(const cx_PKCS8_PRIV_KEY_INFO *) = f->EVP_PKCS82PKEY;
    void (*p8_free)(cx_PKCS8_PRIV_KEY_INFO *) = f->PKCS8_PRIV_KEY_INFO_free;
    void (*pkey_free)(cx_EVP_PKEY *) = f->EVP_PKEY_free;
    for (uint64_t i = 0; i < iterations; i++) {
        if (s->pkey != NULL)
            pkey_free(s->pkey);
        cx_BIO *bio = bio_new(s->in, (int)s->len);
        cx_PKCS8_PRIV_KEY_INFO *p8 = bio != NULL ? rd(bio, NULL, NULL, NULL) : NULL;
        s->pkey = p8 != NULL ? to_pkey(p8) : NULL;
        if (p8 != NULL)
            p8_free(p8);
        if (bio != NULL)
            bio_free(bio);
        if (s->pkey == NULL)
            return false;
    }
    return true;
}

static bool legacy_der_pkcs8(void *p, uint64_t iterations)
{
    pkr_state *s = p;
    const crypto_fns *f = &s->lib->fn;
    cx_PKCS8_PRIV_KEY_INFO *(*d2i)(cx_PKCS8_PRIV_KEY_INFO **, const unsigned char **, long) =
        f->d2i_PKCS8_PRIV_KEY_INFO;
    cx_EVP_PKEY *(*to_pkey)(const cx_PKCS8_PRIV_KEY_INFO *) = f->EVP_PKCS82PKEY;
    void (*p8_free)(cx_PKCS8_PRIV_KEY_INFO *) = f->PKCS8_PRIV_KEY_INFO_free;
    void (*pkey_free)(cx_EVP_PKEY *) = f->EVP_PKEY_free;
    for (uint64_t i = 0; i < iterations; i++) {
        const unsigned char *der = s->in;
        if (s->pkey != NULL)
            pkey_free(s->pkey);
        cx_PKCS8_PRIV_KEY_INFO *p8 = d2i(NULL, &der, (long)s->len);
        s->pkey = p8 != NULL ? to_pkey(p8) : NULL;
        if (p8 != NULL)
            p8_free(p8);
        if (s->pkey == NULL)
            return false;
    }
    return true;
}

static bool fetch_loop(void *p, uint64_t iterations)
{
    pkr_state *s = p;
    int (*decode)(cx_OSSL_DECODER_CTX *, const unsigned char **, size_t *) =
        s->lib->fn.OSSL_DECODER_from_data;
    void (*pkey_free)(cx_EVP_PKEY *) = s->lib->fn.EVP_PKEY_free;
    for (uint64_t i = 0; i < iterations; i++) {
        const unsigned char *in = s->in;
        size_t len = s->len;
        if (s->pkey != NULL)
            pkey_free(s->pkey);
        s->pkey = NULL;
        if (decode(s->dctx, &in, &len) != 1 || s->pkey == NULL)
            return false;
    }
    return true;
}

void pkr_teardown(void *p)
{
    pkr_state *s = p;
    if (s == NULL)
        return;
    const crypto_fns *f = &s->lib->fn;
    if (s->dctx != NULL)
        f->OSSL_DECODER_CTX_free(s->dctx);
    if (s->pkey != NULL)
        f->EVP_PKEY_free(s->pkey);
    if (s->key != NULL)
        s->line->legacy->free_key(s->lib, s->key);
    free(s);
}

static workload_loop loop_of(const pkr_line *l, api_path api, pkr_format f)
{
    static const workload_loop evp[PKR_FORMATS] = {
        [PKR_PEM_PKCS8] = evp_pem_private, [PKR_DER_PKCS8] = evp_der_private,
        [PKR_PEM_TRAD] = evp_pem_private,  [PKR_DER_TRAD] = evp_der_private,
        [PKR_DER_PUBKEY] = evp_der_public, [PKR_PEM_PUBKEY] = evp_pem_public};
    if (api == API_FETCH)
        return fetch_loop;
    if (api == API_EVP)
        return evp[f];
    if (is_pkcs8(f))
        return f == PKR_PEM_PKCS8 ? legacy_pem_pkcs8 : legacy_der_pkcs8;
    return l->legacy != NULL ? l->legacy->loop[f] : NULL;
}

/* The decoder d2i_PrivateKey, PEM_read_bio_PUBKEY ... would set up for
 * this input, made once. */
static cx_OSSL_DECODER_CTX *decoder_for(const crypto_lib *lib, pkr_state *s, pkr_format f)
{
    static const char *const structure[PKR_FORMATS] = {
        [PKR_PEM_PKCS8] = "PrivateKeyInfo", [PKR_DER_PKCS8] = "PrivateKeyInfo",
        [PKR_PEM_TRAD] = "type-specific", [PKR_DER_TRAD] = "type-specific",
        [PKR_DER_PUBKEY] = "SubjectPublicKeyInfo", [PKR_PEM_PUBKEY] = "SubjectPublicKeyInfo"};
    return lib->fn.OSSL_DECODER_CTX_new_for_pkey(
        &s->pkey, is_pem(f) ? "PEM" : "DER", structure[f], s->line->decoder_type,
        is_public(f) ? CX_EVP_PKEY_PUBLIC_KEY : CX_EVP_PKEY_KEYPAIR, NULL, NULL);
}

/* `in` NULL: the line's fixed encoding of `f`. */
static pkr_state *pkr_open(const crypto_lib *lib, const pkr_line *l, api_path api, pkr_format f,
                           const unsigned char *in, size_t len, workload_loop *loop, char *why,
                           size_t n)
{
    const pkr_blob *b = &l->key->enc[f];
    *loop = loop_of(l, api, f);
    if (b->data == NULL || *loop == NULL)
        return wl_why(why, n, "%s has no call for this format on this path", l->title), NULL;
    pkr_state *s = wl_alloc(sizeof *s, why, n);
    if (s == NULL)
        return NULL;
    *s = (pkr_state){.lib = lib, .line = l, .in = in ? in : b->data, .len = in ? len : b->len,
                     .type = l->type};
    if (api == API_EVP && l->type_sn != NULL)
        s->type = lib->fn.OBJ_sn2nid(l->type_sn);
    /* NID_undef would read any key type: the op would time another call */
    bool ok = s->type != CX_EVP_PKEY_NONE || api != API_EVP ||
              wl_why(why, n, "%s: no object named %s", l->title, l->type_sn);
    ok = ok && (api != API_FETCH || (s->dctx = decoder_for(lib, s, f)) != NULL ||
                wl_fail(lib, why, n, "OSSL_DECODER_CTX_new_for_pkey failed"));
    return wl_keep_if(ok, s, pkr_teardown);
}

void *pkr_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    return pkr_open(lib, ws->w->data, api, format_of(ws->w, op), NULL, 0, loop, why, n);
}

/* The decoded key's public key is the fixed SubjectPublicKeyInfo. */
static bool public_matches(const pkr_state *s, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    const pkr_legacy *lg = s->line->legacy;
    int len = s->key != NULL ? lg->i2d_pub(s->lib, s->key, NULL) : f->i2d_PUBKEY(s->pkey, NULL);
    unsigned char *buf = len > 0 ? malloc((size_t)len) : NULL, *p = buf;
    if (buf == NULL)
        return wl_fail(s->lib, why, n, "cannot encode the decoded key's public key");
    len = s->key != NULL ? lg->i2d_pub(s->lib, s->key, &p) : f->i2d_PUBKEY(s->pkey, &p);
    bool ok = wl_kat_compare_bytes("the decoded key's public key", buf, len > 0 ? (size_t)len : 0,
                                   s->line->spki->data, s->line->spki->len, why, n);
    free(buf);
    return ok;
}

/* The fixed input with its first DER byte changed (a PEM's first base64
 * digit: 'M' of 0x30, a SEQUENCE, becomes 'L'). */
static unsigned char *corrupted(const pkr_blob *b, pkr_format f, char *why, size_t n)
{
    unsigned char *bad = wl_alloc(b->len, why, n);
    if (bad == NULL)
        return NULL;
    memcpy(bad, b->data, b->len);
    size_t at = 0;
    if (is_pem(f)) {
        const unsigned char *nl = memchr(b->data, '\n', b->len);
        at = nl != NULL && (size_t)(nl - b->data) + 1 < b->len ? (size_t)(nl - b->data) + 1 : 0;
    }
    bad[at] ^= 0x01;
    return bad;
}

static bool check_format(const crypto_lib *lib, const pkr_line *l, api_path api, pkr_format f,
                         char *why, size_t n)
{
    workload_loop loop;
    pkr_state *s = pkr_open(lib, l, api, f, NULL, 0, &loop, why, n);
    bool ok = s != NULL;
    for (int round = 0; round < 2 && ok; round++)
        ok = (loop(s, (uint64_t)round + 1) ||
              wl_fail(lib, why, n, "cannot decode the fixed key")) &&
             public_matches(s, why, n);
    pkr_teardown(s);
    unsigned char *bad = ok ? corrupted(&l->key->enc[f], f, why, n) : NULL;
    if (bad == NULL)
        return false;
    s = pkr_open(lib, l, api, f, bad, l->key->enc[f].len, &loop, why, n);
    ok = s != NULL && (!loop(s, 1) || wl_why(why, n, "a corrupted %s key decodes", l->title));
    crypto_lib_last_error(lib);
    pkr_teardown(s);
    free(bad);
    return ok;
}

/* legacy: the key types without their own calls have PKCS#8 only; 0.9.8's
 * d2i_PrivateKey has no PKCS#8 fallback (d2i_pr.c@0.9.8zh).  A fork
 * may export a call and not decode the format or key type with it: that op
 * is unsupported (one decode of the fixed input shows it). */
check_result pkr_op_available(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                              char *why, size_t n)
{
    const pkr_line *l = ws->w->data;
    pkr_format f = format_of(ws->w, op);
    if (api == API_LEGACY && !is_pkcs8(f) && l->legacy == NULL) {
        wl_why(why, n, "legacy: no public key call of %s's own (PKCS#8 only): evp has d2i_PUBKEY",
               l->title);
        return CHECK_UNAVAILABLE;
    }
    if (api == API_EVP && f == PKR_DER_PKCS8 && !crypto_lib_is_fork(lib) &&
        !crypto_lib_since(lib, R_100)) {
        wl_why(why, n, "d2i_PrivateKey reads PKCS#8 from 1.0.0 (0.9.8: the type's own DER only)");
        return CHECK_UNAVAILABLE;
    }
    if (!crypto_lib_is_fork(lib))
        return CHECK_PASS;
    workload_loop loop;
    char fault[200] = "";
    pkr_state *s = pkr_open(lib, l, api, f, NULL, 0, &loop, fault, sizeof fault);
    bool decodes = s != NULL && (loop(s, 1) || wl_fail(lib, fault, sizeof fault, "no key"));
    pkr_teardown(s);
    if (decodes)
        return CHECK_PASS;
    wl_why(why, n, "not in %s: cannot decode the %s %s (%s)", flavor_title(lib->ver.flavor),
           l->title, ws->w->ops[op], fault);
    return CHECK_UNAVAILABLE;
}

check_result pkr_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                            char *why, size_t n)
{
    const pkr_line *l = ws->w->data;
    for (int op = 0; ws->w->ops[op] != NULL; op++) {
        char skip[256];
        if (pkr_op_available(lib, ws, api, op, skip, sizeof skip) != CHECK_PASS)
            continue;
        char fault[200];
        if (!check_format(lib, l, api, format_of(ws->w, op), fault, sizeof fault)) {
            wl_why(why, n, "%s: %s", ws->w->ops[op], fault);
            return CHECK_FAIL;
        }
    }
    return CHECK_PASS;
}
