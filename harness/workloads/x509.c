#include "x509.h"

#include <stdlib.h>
#include <string.h>

cx_X509 *x509_decode(const crypto_lib *lib, const unsigned char *der, size_t len)
{
    const unsigned char *p = der;
    return lib->fn.d2i_X509(NULL, &p, (long)len);
}

bool x509_encoding_is(const char *what, const unsigned char *got, int len,
                      const unsigned char *expect, size_t expect_len, char *why, size_t n)
{
    if (len < 0)
        return wl_why(why, n, "%s: cannot encode it", what);
    return wl_kat_compare_bytes(what, got, (size_t)len, expect, expect_len, why, n);
}

bool x509_encoding_is_hex(const char *what, const unsigned char *got, int len, const char *hex,
                          char *why, size_t n)
{
    unsigned char expect[512];
    size_t elen = wl_hex_decode(hex, expect, sizeof expect);
    if (elen == (size_t)-1)
        return wl_why(why, n, "%s: the expected encoding is not hex of at most %zu bytes", what,
                      sizeof expect);
    return x509_encoding_is(what, got, len, expect, elen, why, n);
}

/* Adds the certificate of `der` to the store (which takes its own
 * reference). */
static bool add(const crypto_lib *lib, cx_X509_STORE *store, const unsigned char *der,
                size_t len, char *why, size_t n)
{
    cx_X509 *x = x509_decode(lib, der, len);
    bool ok = x != NULL && lib->fn.X509_STORE_add_cert(store, x) == 1;
    if (x != NULL)
        lib->fn.X509_free(x);
    return ok || wl_fail(lib, why, n, "cannot add a certificate to the store");
}

cx_X509_STORE *x509_issuer_store(const crypto_lib *lib, char *why, size_t n)
{
    cx_X509_STORE *store = lib->fn.X509_STORE_new();
    if (store == NULL)
        return wl_fail(lib, why, n, "X509_STORE_new failed"), NULL;
    bool ok = true;
    unsigned char der[1024];
    for (size_t i = 0; i < x509_store_cert_count && ok; i++) {
        size_t len = wl_hex_decode(x509_store_certs[i], der, sizeof der);
        ok = len != (size_t)-1 ? add(lib, store, der, len, why, n)
                               : wl_why(why, n, "store certificate %zu is not hex DER", i);
    }
    ok = ok && add(lib, store, x509_intermediate.der, x509_intermediate.der_len, why, n);
    if (!ok) {
        lib->fn.X509_STORE_free(store);
        return NULL;
    }
    return store;
}

cx_X509_STORE *x509_root_store(const crypto_lib *lib, char *why, size_t n)
{
    cx_X509_STORE *store = lib->fn.X509_STORE_new();
    if (store == NULL)
        return wl_fail(lib, why, n, "X509_STORE_new failed"), NULL;
    if (!add(lib, store, x509_root.der, x509_root.der_len, why, n)) {
        lib->fn.X509_STORE_free(store);
        return NULL;
    }
    return store;
}
