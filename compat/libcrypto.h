/* One loaded libcrypto: its handle, identity and resolved function table. */
#ifndef COMPAT_LIBCRYPTO_H
#define COMPAT_LIBCRYPTO_H

#include "constants.h"
#include "release.h"
#include "types.h"
#include "version.h"

#include <limits.h>
#include <stdbool.h>

typedef struct {
#define FN(since, until, ret, name, params) ret(*name) params;
#define SHAPE(since, until, ret, member, symbol, params) ret(*member) params;
#define RENAMED(since, renamed, until, ret, name, old, params) ret(*name) params;
#include "symbols.def"
#undef RENAMED
#undef SHAPE
#undef FN
} crypto_fns;

typedef struct {
    void *handle;
    char path[PATH_MAX];
    release_version ver; /* a fork: its flavor and own name, the shape of the release it claims */
    char version_text[160];
    crypto_fns fn;
    /* The libssl beside it (compat/libssl.c): its handle, or NULL with the
     * reason in ssl_why; its functions are in fn like libcrypto's. */
    void *ssl_handle;
    char ssl_path[PATH_MAX];
    char ssl_why[200];
} crypto_lib;

/* Fields of `osslbench info`; each maps to a per-release OpenSSL_version /
 * SSLeay_version type code (they were renumbered in 1.1.0). */
typedef enum {
    INFO_CFLAGS,
    INFO_BUILT_ON,
    INFO_PLATFORM,
    INFO_DIR,
    INFO_MODULES_DIR,
    INFO_CPU,
} crypto_info_field;

/* Checks that PATH is something dlopen could load as a libcrypto for this
 * machine (exists, regular, ELF of our class and machine) without loading
 * it.  Returns false and a one-line reason otherwise. */
bool libpath_check(const char *path, char *why, size_t whylen);
/* The same check, telling a library for another machine (architecture, word
 * size, byte order: fine elsewhere, e.g. under an emulator's tests) from one
 * that is not a loadable library at all. */
typedef enum { LIBPATH_OK, LIBPATH_BAD, LIBPATH_FOREIGN } libpath_verdict;
libpath_verdict libpath_classify(const char *path, char *why, size_t whylen);

/* dlopen + resolve the table + identify the release.  On failure returns
 * false with a one-line reason; the process should not use `lib` then. */
bool crypto_lib_open(crypto_lib *lib, const char *path, char *why, size_t whylen);

/* Per-release library initialisation (algorithm tables, error strings,
 * configuration off). */
bool crypto_lib_init(crypto_lib *lib, char *why, size_t whylen);

/* Makes the library safe to call from several threads at once: releases
 * before 1.1.0 get the locking and thread-id callbacks an application must
 * install (once per process); 1.1.0 and later need nothing.  false + reason
 * when the build lacks the functions to do it. */
bool crypto_lib_enable_threads(const crypto_lib *lib, char *why, size_t whylen);

/* Finds, loads and checks the libssl beside an opened libcrypto (the same
 * folder and suffix: libcrypto.so.3 -> libssl.so.3) and fills its part of
 * the table.  Never fails the library: without a usable libssl, ssl_handle
 * stays NULL and ssl_why says why (the TLS workloads are then
 * unsupported).  Called by crypto_lib_open; initialised by crypto_lib_init. */
void crypto_lib_open_ssl(crypto_lib *lib);
bool crypto_lib_init_ssl(crypto_lib *lib);

/* NULL when the release does not expose that field. */
const char *crypto_lib_info(const crypto_lib *lib, crypto_info_field f);

static inline bool crypto_lib_is_fork(const crypto_lib *lib)
{
    return lib->ver.flavor != FLAVOR_OPENSSL;
}

static inline bool crypto_lib_since(const crypto_lib *lib, long series)
{
    return lib->ver.series >= series;
}

/* Text of the oldest queued libcrypto error (or "" when none), draining the
 * queue so later checks start clean.  The queue and the returned buffer
 * are the calling thread's own. */
const char *crypto_lib_last_error(const crypto_lib *lib);

/* Table introspection for `osslbench info -v` and the unit tests. */
typedef struct {
    const char *name;   /* the member of crypto_fns */
    const char *symbol; /* the exported name (a SHAPE member's may differ) */
    long since, until;
    bool shape_only;    /* a SHAPE: filled only for releases in [since, until] */
    size_t offset;      /* of the pointer inside crypto_fns */
    const char *old_symbol; /* a RENAMED entry: the name before `renamed`; else NULL */
    long renamed;           /* a RENAMED entry: the first release with `symbol` */
    bool in_libssl;         /* resolved from the libssl beside (symbols_ssl.def) */
} crypto_symbol;
extern const crypto_symbol crypto_symbols[];
extern const size_t crypto_symbol_count;

#endif
