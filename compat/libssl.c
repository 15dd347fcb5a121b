/* The libssl beside a libcrypto: found by name in the same folder, loaded
 * into the same process, and accepted only when it is bound to that very
 * libcrypto.  A build tree's libssl.so.3 next to the system's libcrypto.so.3
 * would otherwise mix two releases in one measurement (builds/README: build
 * trees have no RUNPATH). */
#define _GNU_SOURCE
#include "libcrypto.h"
#include "own_symbol.h"

#include <dlfcn.h>
#include <link.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static bool no_ssl(crypto_lib *lib, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool no_ssl(crypto_lib *lib, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lib->ssl_why, sizeof lib->ssl_why, fmt, ap);
    va_end(ap);
    if (lib->ssl_handle != NULL)
        dlclose(lib->ssl_handle);
    lib->ssl_handle = NULL;
    for (size_t i = 0; i < crypto_symbol_count; i++)
        if (crypto_symbols[i].in_libssl)
            memset((char *)&lib->fn + crypto_symbols[i].offset, 0, sizeof(void *));
    return false;
}

/* ".../libcrypto.so.1.1" -> ".../libssl.so.1.1" when that exists, else the
 * folder's "libssl.so" (LibreSSL numbers the two apart: libcrypto.so.53,
 * libssl.so.56); false when the file name does not start with "libcrypto"
 * (a library renamed by hand).  The binding check decides whether it is
 * the right one. */
static bool beside(const char *crypto_path, char *out, size_t n)
{
    const char *base = strrchr(crypto_path, '/');
    base = base ? base + 1 : crypto_path;
    if (strncmp(base, "libcrypto", 9) != 0)
        return false;
    int dir = (int)(base - crypto_path);
    int len = snprintf(out, n, "%.*slibssl%s", dir, crypto_path, base + 9);
    struct stat st;
    if (len > 0 && (size_t)len < n && stat(out, &st) != 0) {
        char plain[PATH_MAX];
        int plen = snprintf(plain, sizeof plain, "%.*slibssl.so", dir, crypto_path);
        if (plen > 0 && (size_t)plen < sizeof plain && stat(plain, &st) == 0)
            len = snprintf(out, n, "%s", plain);
    }
    return len > 0 && (size_t)len < n;
}

/* The version entry point libssl's own lookup binds to, against ours. */
static bool bound_to(const crypto_lib *lib, void *ssl)
{
    void *mine = lib->fn.OpenSSL_version_num ? (void *)lib->fn.OpenSSL_version_num
                                             : (void *)lib->fn.SSLeay;
    void *theirs = dlsym(ssl, lib->fn.OpenSSL_version_num ? "OpenSSL_version_num" : "SSLeay");
    return mine != NULL && theirs == mine;
}

static bool open_ssl(crypto_lib *lib)
{
    struct stat st;
    if (!beside(lib->path, lib->ssl_path, sizeof lib->ssl_path))
        return no_ssl(lib, "no libssl beside %s (not named libcrypto*)", lib->path);
    if (stat(lib->ssl_path, &st) != 0)
        return no_ssl(lib, "no libssl beside this libcrypto (%s)", lib->ssl_path);
    char why[256];
    if (!libpath_check(lib->ssl_path, why, sizeof why))
        return no_ssl(lib, "%s: %s", lib->ssl_path, why);
    lib->ssl_handle = dlopen(lib->ssl_path, RTLD_NOW | RTLD_LOCAL);
    if (lib->ssl_handle == NULL) {
        const char *e = dlerror();
        return no_ssl(lib, "cannot load %s: %s", lib->ssl_path, e ? e : "dlopen failed");
    }
    struct link_map *self = NULL;
    if (dlinfo(lib->ssl_handle, RTLD_DI_LINKMAP, &self) != 0)
        return no_ssl(lib, "cannot inspect %s", lib->ssl_path);
    if (!bound_to(lib, lib->ssl_handle))
        return no_ssl(lib, "%s is bound to another libcrypto than %s", lib->ssl_path, lib->path);
    compat_resolve(lib, lib->ssl_handle, self, true);
    if (lib->fn.SSL_new == NULL || lib->fn.SSL_CTX_free == NULL)
        return no_ssl(lib, "%s is not a libssl (no SSL_new)", lib->ssl_path);
    return true;
}

void crypto_lib_open_ssl(crypto_lib *lib)
{
    (void)open_ssl(lib);
}

bool crypto_lib_init_ssl(crypto_lib *lib)
{
    if (lib->ssl_handle == NULL)
        return false;
    if (lib->fn.OPENSSL_init_ssl != NULL) {
        /* NO_LOAD_CONFIG: a distro openssl.cnf must not change the numbers. */
        uint64_t opts = CX_OPENSSL_INIT_LOAD_SSL_STRINGS | CX_OPENSSL_INIT_NO_LOAD_CONFIG;
        if (lib->fn.OPENSSL_init_ssl(opts, NULL) != 1)
            return no_ssl(lib, "OPENSSL_init_ssl failed");
    } else if (lib->fn.SSL_library_init != NULL) {
        lib->fn.SSL_library_init();
        if (lib->fn.SSL_load_error_strings != NULL)
            lib->fn.SSL_load_error_strings();
    }
    return true;
}
