/* x509-parse-rsa2048, x509-parse-ec-p256: one operation = parsing one
 * realistic leaf certificate (SAN, key usage, EKU, AKI/SKI, basic
 * constraints, CRL DP, AIA, policies) and freeing it, as an application
 * that reads the certificates it is handed (openssl/openssl#17064, #20286:
 * certificate loading slower on 3.0):
 *   der  d2i_X509 (+ X509_free)
 *   pem  PEM_read_bio_X509 on a memory BIO made per operation (+ BIO_free,
 *        X509_free): what X509_load_cert_crl_file and PEM_X509_INFO_read_bio
 *        do per certificate, base64 included
 *   legacy  the plain calls, NULL for the object (every release)
 *   fetch   3.0+: the certificate made first in a library context
 *           (X509_new_ex(NULL, NULL)) and parsed into it; d2i_X509 then also
 *           caches the extensions (3.x's x509v3_cache_extensions, a SHA-1 of
 *           the certificate included), which the NULL form leaves to the
 *           first use
 * The last certificate parsed stays until the next operation (or the
 * teardown) frees it, so the self-check reads what the timed loop made.
 * Known answer: its subject and serial encode to the DER the generator
 * extracted, twice; a DER or PEM whose first byte is broken does not parse. */
#include "x509.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const crypto_lib *lib;
    const unsigned char *der; /* the input of `der` */
    size_t der_len;
    const char *pem;          /* the input of `pem` */
    int pem_len;
    cx_X509 *x;               /* the last certificate parsed */
} parse_state;

enum { OP_DER, OP_PEM };

static bool der_legacy_loop(void *p, uint64_t iterations)
{
    parse_state *s = p;
    cx_X509 *(*d2i)(cx_X509 **, const unsigned char **, long) = s->lib->fn.d2i_X509;
    void (*x509_free)(cx_X509 *) = s->lib->fn.X509_free;
    for (uint64_t i = 0; i < iterations; i++) {
        const unsigned char *der = s->der;
        if (s->x != NULL)
            x509_free(s->x);
        if ((s->x = d2i(NULL, &der, (long)s->der_len)) == NULL)
            return false;
    }
    return true;
}

/* d2i_X509 into an object frees it on failure and sets it NULL, but not
 * when only the extension cache fails: s->x keeps whatever is left. */
static bool der_fetch_loop(void *p, uint64_t iterations)
{
    parse_state *s = p;
    cx_X509 *(*x509_new)(cx_OSSL_LIB_CTX *, const char *) = s->lib->fn.X509_new_ex;
    cx_X509 *(*d2i)(cx_X509 **, const unsigned char **, long) = s->lib->fn.d2i_X509;
    void (*x509_free)(cx_X509 *) = s->lib->fn.X509_free;
    for (uint64_t i = 0; i < iterations; i++) {
        const unsigned char *der = s->der;
        if (s->x != NULL)
            x509_free(s->x);
        if ((s->x = x509_new(NULL, NULL)) == NULL || d2i(&s->x, &der, (long)s->der_len) == NULL)
            return false;
    }
    return true;
}

static bool pem_legacy_loop(void *p, uint64_t iterations)
{
    parse_state *s = p;
    cx_BIO *(*mem_buf)(const void *, int) = s->lib->fn.BIO_new_mem_buf;
    cx_X509 *(*read)(cx_BIO *, cx_X509 **, int (*)(char *, int, int, void *), void *) =
        s->lib->fn.PEM_read_bio_X509;
    int (*bio_free)(cx_BIO *) = s->lib->fn.BIO_free;
    void (*x509_free)(cx_X509 *) = s->lib->fn.X509_free;
    for (uint64_t i = 0; i < iterations; i++) {
        if (s->x != NULL)
            x509_free(s->x);
        s->x = NULL;
        cx_BIO *bio = mem_buf(s->pem, s->pem_len);
        if (bio == NULL)
            return false;
        s->x = read(bio, NULL, NULL, NULL);
        bio_free(bio);
        if (s->x == NULL)
            return false;
    }
    return true;
}

/* PEM_read_bio_X509 into an object: d2i_X509 into it (see der_fetch_loop). */
static bool pem_fetch_loop(void *p, uint64_t iterations)
{
    parse_state *s = p;
    cx_X509 *(*x509_new)(cx_OSSL_LIB_CTX *, const char *) = s->lib->fn.X509_new_ex;
    cx_BIO *(*mem_buf)(const void *, int) = s->lib->fn.BIO_new_mem_buf;
    cx_X509 *(*read)(cx_BIO *, cx_X509 **, int (*)(char *, int, int, void *), void *) =
        s->lib->fn.PEM_read_bio_X509;
    int (*bio_free)(cx_BIO *) = s->lib->fn.BIO_free;
    void (*x509_free)(cx_X509 *) = s->lib->fn.X509_free;
    for (uint64_t i = 0; i < iterations; i++) {
        if (s->x != NULL)
            x509_free(s->x);
        cx_BIO *bio = NULL;
        if ((s->x = x509_new(NULL, NULL)) == NULL || (bio = mem_buf(s->pem, s->pem_len)) == NULL)
            return false;
        bool ok = read(bio, &s->x, NULL, NULL) != NULL;
        bio_free(bio);
        if (!ok)
            return false;
    }
    return true;
}

static void parse_teardown(void *p)
{
    parse_state *s = p;
    if (s == NULL)
        return;
    if (s->x != NULL)
        s->lib->fn.X509_free(s->x);
    free(s);
}

/* `der`, `pem` NULL: the line's certificate. */
static parse_state *parse_open(const crypto_lib *lib, const x509_line *line, api_path api, int op,
                               const unsigned char *der, const char *pem, workload_loop *loop,
                               char *why, size_t n)
{
    static const workload_loop loops[API_COUNT][2] = {
        [API_LEGACY] = {der_legacy_loop, pem_legacy_loop},
        [API_FETCH] = {der_fetch_loop, pem_fetch_loop},
    };
    if (op != OP_DER && op != OP_PEM)
        return wl_why(why, n, "no operation %d", op), NULL;
    *loop = loops[api][op];
    if (*loop == NULL)
        return wl_why(why, n, "x509-parse has no %s path", api_name(api)), NULL;
    parse_state *s = wl_alloc(sizeof *s, why, n);
    if (s != NULL)
        *s = (parse_state){.lib = lib,
                           .der = der != NULL ? der : line->cert->der,
                           .der_len = line->cert->der_len,
                           .pem = pem != NULL ? pem : line->cert->pem,
                           .pem_len = (int)strlen(line->cert->pem)};
    return s;
}

/* The subject and serial of the certificate the loop left. */
static bool parsed_right(const parse_state *s, const x509_line *line, char *why, size_t n)
{
    const crypto_fns *f = &s->lib->fn;
    unsigned char buf[512], *p = buf;
    cx_X509_NAME *subject = f->X509_get_subject_name(s->x);
    int len = subject != NULL && f->i2d_X509_NAME(subject, NULL) <= (int)sizeof buf
                  ? f->i2d_X509_NAME(subject, &p)
                  : -1;
    if (!x509_encoding_is_hex("subject", buf, len, line->cert->subject_hex, why, n))
        return false;
    cx_ASN1_INTEGER *serial = f->X509_get_serialNumber(s->x);
    p = buf;
    len = serial != NULL && f->i2d_ASN1_INTEGER(serial, NULL) <= (int)sizeof buf
              ? f->i2d_ASN1_INTEGER(serial, &p)
              : -1;
    return x509_encoding_is_hex("serial number", buf, len, line->cert->serial_hex, why, n);
}

/* The input with its first byte broken: DER's SEQUENCE tag becomes a SET;
 * PEM's first base64 digit ('M', the tag's top bits) one more, so the
 * base64 still decodes, to a tag that is no SEQUENCE. */
static bool corrupt_fails(const crypto_lib *lib, const x509_line *line, api_path api, int op,
                          char *why, size_t n)
{
    const x509_cert *c = line->cert;
    size_t len = op == OP_DER ? c->der_len : strlen(c->pem) + 1;
    unsigned char *bad = malloc(len);
    if (bad == NULL)
        return wl_why(why, n, "out of memory");
    memcpy(bad, op == OP_DER ? c->der : (const unsigned char *)c->pem, len);
    if (op == OP_DER) {
        bad[0] ^= 0x01;
    } else {
        char *b64 = strstr((char *)bad, "-----\n");
        if (b64 != NULL)
            b64[6]++;
    }
    workload_loop loop;
    parse_state *s = parse_open(lib, line, api, op, op == OP_DER ? bad : NULL,
                                op == OP_PEM ? (const char *)bad : NULL, &loop, why, n);
    bool ok = s != NULL &&
              (!loop(s, 1) || wl_why(why, n, "a certificate with a broken first byte parses (%s)",
                                     op == OP_DER ? "DER" : "PEM"));
    crypto_lib_last_error(lib);
    parse_teardown(s);
    free(bad);
    return ok;
}

check_result x509_parse_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                   char *why, size_t n)
{
    const x509_line *line = ws->w->data;
    bool ok = true;
    for (int op = OP_DER; op <= OP_PEM && ok; op++) {
        workload_loop loop;
        parse_state *s = parse_open(lib, line, api, op, NULL, NULL, &loop, why, n);
        ok = s != NULL;
        for (int round = 0; round < 2 && ok; round++)
            ok = (loop(s, (uint64_t)round + 1) ||
                  wl_fail(lib, why, n, op == OP_DER ? "cannot parse the DER certificate"
                                                    : "cannot parse the PEM certificate")) &&
                 parsed_right(s, line, why, n);
        parse_teardown(s);
        ok = ok && corrupt_fails(lib, line, api, op, why, n);
    }
    return wl_result(ok);
}

static void *parse_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                         size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    return parse_open(lib, ws->w->data, api, op, NULL, NULL, loop, why, n);
}

static const char *const parse_ops[] = {"der", "pem", NULL};
static const x509_line parse_rsa2048 = {.cert = &x509_leaf_rsa2048};
static const x509_line parse_ec_p256 = {.cert = &x509_leaf_ec_p256};

#define PARSE_NEEDS                                                                           \
    "d2i_X509 X509_free BIO_new_mem_buf PEM_read_bio_X509 BIO_free X509_get_subject_name "    \
    "i2d_X509_NAME X509_get_serialNumber i2d_ASN1_INTEGER"
#define X509_PARSE_LINE(ID, NAME, DOC, LINE)                                                  \
    const workload ID = {                                                                     \
        .name = NAME,                                                                         \
        .kind = KIND_PUBLIC_KEY,                                                              \
        .family = "x509",                                                                     \
        .ops = parse_ops,                                                                     \
        .doc = DOC,                                                                           \
        .needs = {[API_LEGACY] = PARSE_NEEDS, [API_FETCH] = PARSE_NEEDS " X509_new_ex"},      \
        .self_check = x509_parse_self_check,                                                  \
        .setup = parse_setup,                                                                 \
        .teardown = parse_teardown,                                                           \
        .data = &LINE,                                                                        \
    };

X509_PARSE_LINE(wl_x509_parse_rsa2048, "x509-parse-rsa2048",
                "parse an RSA-2048 leaf certificate (DER: d2i_X509; PEM: PEM_read_bio_X509 on a "
                "memory BIO) and free it",
                parse_rsa2048)
X509_PARSE_LINE(wl_x509_parse_ec_p256, "x509-parse-ec-p256",
                "parse an ECDSA P-256 leaf certificate (DER: d2i_X509; PEM: PEM_read_bio_X509 on "
                "a memory BIO) and free it",
                parse_ec_p256)
