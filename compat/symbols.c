/* The one symbol table (symbols.def) as data, and its resolution against a
 * loaded object: what both libcrypto (load.c) and the libssl beside it
 * (libssl.c) are read through, below the two. */
#define _GNU_SOURCE
#include "libcrypto.h"
#include "own_symbol.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>

const crypto_symbol crypto_symbols[] = {
/* Macro parameters named apart from the fields they fill; `ssl`: an entry
 * of symbols_ssl.def, resolved from the libssl beside. */
#define ENTRY_FN(ssl, from, to, fn)                                                           \
    {.name = #fn, .symbol = #fn, .since = from, .until = to, .offset = offsetof(crypto_fns, fn), \
     .in_libssl = ssl},
#define ENTRY_SHAPE(ssl, from, to, member, sym)                                               \
    {.name = #member, .symbol = #sym, .since = from, .until = to, .shape_only = true,         \
     .offset = offsetof(crypto_fns, member), .in_libssl = ssl},
#define ENTRY_RENAMED(ssl, from, renamed_in, to, fn, old)                                     \
    {.name = #fn, .symbol = #fn, .since = from, .until = to, .offset = offsetof(crypto_fns, fn), \
     .old_symbol = #old, .renamed = renamed_in, .in_libssl = ssl},
#define FN(from, to, ret, fn, params) ENTRY_FN(false, from, to, fn)
#define SHAPE(from, to, ret, member, sym, params) ENTRY_SHAPE(false, from, to, member, sym)
#define RENAMED(from, renamed_in, to, ret, fn, old, params)                                   \
    ENTRY_RENAMED(false, from, renamed_in, to, fn, old)
#define SSL_FN(from, to, ret, fn, params) ENTRY_FN(true, from, to, fn)
#define SSL_SHAPE(from, to, ret, member, sym, params) ENTRY_SHAPE(true, from, to, member, sym)
#define SSL_RENAMED(from, renamed_in, to, ret, fn, old, params)                               \
    ENTRY_RENAMED(true, from, renamed_in, to, fn, old)
#include "symbols.def"
#undef SSL_RENAMED
#undef SSL_SHAPE
#undef SSL_FN
#undef RENAMED
#undef SHAPE
#undef FN
#undef ENTRY_RENAMED
#undef ENTRY_SHAPE
#undef ENTRY_FN
};
const size_t crypto_symbol_count = sizeof crypto_symbols / sizeof crypto_symbols[0];

_Static_assert(sizeof(void *) == sizeof(void (*)(void)), "dlsym needs data/code pointers alike");

/* dlsym on a handle also searches the object's dependencies; a libssl handle
 * would silently hand out its libcrypto's functions.  Keep only symbols
 * defined by the very object that was opened. */
void *compat_own_symbol(void *handle, struct link_map *self, const char *name)
{
    void *p = dlsym(handle, name);
    if (p == NULL)
        return NULL;
    Dl_info info;
    struct link_map *owner = NULL;
    if (dladdr1(p, &info, (void **)&owner, RTLD_DL_LINKMAP) == 0 || owner != self)
        return NULL;
    return p;
}

void compat_resolve(crypto_lib *lib, void *handle, struct link_map *self, bool libssl)
{
    for (size_t i = 0; i < crypto_symbol_count; i++) {
        const crypto_symbol *s = &crypto_symbols[i];
        if (s->in_libssl != libssl)
            continue;
        void *p = compat_own_symbol(handle, self, s->symbol);
        if (p == NULL && s->old_symbol != NULL)
            p = compat_own_symbol(handle, self, s->old_symbol);
        memcpy((char *)&lib->fn + s->offset, &p, sizeof p);
    }
}
