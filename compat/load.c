#define _GNU_SOURCE
#include "libcrypto.h"
#include "own_symbol.h"

#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

/* A fork keeps the number it claims (and the call shapes of that release)
 * but gets its own name: "boringssl", not "1.1.1g". */
static void identify_flavor(crypto_lib *lib)
{
    flavor_evidence e = {
        .version_text = lib->version_text,
        .boringssl_symbol = lib->fn.BORINGSSL_self_test != NULL,
        .awslc_symbol = lib->fn.awslc_api_version_num != NULL,
        .libressl_symbol = lib->fn.ERR_asprintf_error_data != NULL,
    };
    lib->ver.flavor = flavor_identify(&e);
    if (lib->ver.flavor != FLAVOR_OPENSSL)
        flavor_release_name(lib->ver.flavor, lib->version_text, lib->ver.name,
                            sizeof lib->ver.name);
}

/* Of a symbol's call shapes, only the one of this release stays. */
static void keep_own_shapes(crypto_lib *lib)
{
    for (size_t i = 0; i < crypto_symbol_count; i++) {
        const crypto_symbol *s = &crypto_symbols[i];
        void *none = NULL;
        if (s->shape_only && (lib->ver.series < s->since || lib->ver.series > s->until))
            memcpy((char *)&lib->fn + s->offset, &none, sizeof none);
    }
}

static bool fail(char *why, size_t n, const char *fmt, const char *a)
{
    snprintf(why, n, fmt, a);
    return false;
}

bool crypto_lib_open(crypto_lib *lib, const char *path, char *why, size_t n)
{
    memset(lib, 0, sizeof *lib);
    snprintf(lib->path, sizeof lib->path, "%s", path);
    if (!libpath_check(path, why, n))
        return false;
    /* RTLD_LOCAL: several releases share SONAMEs and symbol names. */
    lib->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (lib->handle == NULL) {
        const char *e = dlerror();
        return fail(why, n, "cannot load: %s", e ? e : "dlopen failed");
    }
    struct link_map *self = NULL;
    if (dlinfo(lib->handle, RTLD_DI_LINKMAP, &self) != 0)
        return fail(why, n, "cannot inspect: %s", dlerror());
    compat_resolve(lib, lib->handle, self, false);
    if (compat_own_symbol(lib->handle, self, "SSL_CTX_new") != NULL)
        return fail(why, n, "%s", "this is libssl, not libcrypto: pass the libcrypto beside it");

    unsigned long num;
    const char *text;
    if (lib->fn.OpenSSL_version_num != NULL) {
        num = lib->fn.OpenSSL_version_num();
        text = lib->fn.OpenSSL_version ? lib->fn.OpenSSL_version(0) : NULL;
    } else if (lib->fn.SSLeay != NULL) {
        num = lib->fn.SSLeay();
        text = lib->fn.SSLeay_version ? lib->fn.SSLeay_version(0) : NULL;
    } else {
        return fail(why, n, "%s",
                    "not an OpenSSL libcrypto: it exports neither OpenSSL_version_num nor SSLeay");
    }
    if (!version_decode(num, &lib->ver)) {
        char hex[32];
        snprintf(hex, sizeof hex, "0x%lx", num);
        return fail(why, n, "not an OpenSSL libcrypto: implausible version number %s", hex);
    }
    if (lib->fn.EVP_sha256 == NULL && lib->fn.SHA256_Init == NULL)
        return fail(why, n, "%s", "not an OpenSSL libcrypto: it has no SHA-256 at all");
    snprintf(lib->version_text, sizeof lib->version_text, "%s", text ? text : "");
    identify_flavor(lib);
    crypto_lib_open_ssl(lib);
    keep_own_shapes(lib);
    return true;
}

bool crypto_lib_init(crypto_lib *lib, char *why, size_t n)
{
    if (lib->fn.OPENSSL_init_crypto != NULL) {
        /* NO_LOAD_CONFIG: a distro openssl.cnf must not change the numbers. */
        uint64_t opts = CX_OPENSSL_INIT_LOAD_CRYPTO_STRINGS | CX_OPENSSL_INIT_ADD_ALL_CIPHERS |
                        CX_OPENSSL_INIT_ADD_ALL_DIGESTS | CX_OPENSSL_INIT_NO_LOAD_CONFIG;
        if (lib->fn.OPENSSL_init_crypto(opts, NULL) != 1)
            return fail(why, n, "%s", "OPENSSL_init_crypto failed");
    } else if (lib->fn.OPENSSL_add_all_algorithms_noconf != NULL) {
        lib->fn.OPENSSL_add_all_algorithms_noconf();
        if (lib->fn.ERR_load_crypto_strings != NULL)
            lib->fn.ERR_load_crypto_strings();
    } else {
        return fail(why, n, "%s", "no initialisation entry point for this release");
    }
    if (lib->fn.OSSL_PROVIDER_available != NULL &&
        !lib->fn.OSSL_PROVIDER_available(NULL, "default"))
        return fail(why, n, "%s", "the default provider is not available");
    (void)crypto_lib_init_ssl(lib); /* without it only the TLS workloads are unsupported */
    return true;
}

const char *crypto_lib_info(const crypto_lib *lib, crypto_info_field f)
{
    /* In crypto_info_field order; -1: no such type up to 1.0.2. */
    static const int old_code[] = {CX_SSLEAY_CFLAGS, CX_SSLEAY_BUILT_ON, CX_SSLEAY_PLATFORM,
                                   CX_SSLEAY_DIR, -1, -1};
    static const int new_code[] = {CX_OPENSSL_CFLAGS,      CX_OPENSSL_BUILT_ON,
                                   CX_OPENSSL_PLATFORM,    CX_OPENSSL_DIR,
                                   CX_OPENSSL_MODULES_DIR, CX_OPENSSL_CPU_INFO};
    if (lib->fn.OpenSSL_version != NULL) {
        if ((f == INFO_MODULES_DIR || f == INFO_CPU) && !crypto_lib_since(lib, R_300))
            return NULL;
        return lib->fn.OpenSSL_version(new_code[f]);
    }
    if (lib->fn.SSLeay_version != NULL && old_code[f] >= 0)
        return lib->fn.SSLeay_version(old_code[f]);
    return NULL;
}

const char *crypto_lib_last_error(const crypto_lib *lib)
{
    static _Thread_local char buf[256];
    buf[0] = '\0';
    if (lib->fn.ERR_get_error == NULL)
        return buf;
    unsigned long e, first = 0;
    while ((e = lib->fn.ERR_get_error()) != 0)
        if (first == 0)
            first = e;
    if (first != 0 && lib->fn.ERR_error_string_n != NULL)
        lib->fn.ERR_error_string_n(first, buf, sizeof buf);
    return buf;
}
