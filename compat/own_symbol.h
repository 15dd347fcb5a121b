/* dlsym limited to the object that was opened (compat/symbols.c). */
#ifndef COMPAT_OWN_SYMBOL_H
#define COMPAT_OWN_SYMBOL_H

#include "libcrypto.h"

#include <stdbool.h>

struct link_map;
/* NAME as defined by the object `self` itself, or NULL: dlsym on a handle
 * also searches its dependencies (a libssl hands out its libcrypto's). */
void *compat_own_symbol(void *handle, struct link_map *self, const char *name);
/* Fills lib->fn with the entries of one library of the table (libcrypto's,
 * or with `libssl` those of symbols_ssl.def) that `self` itself defines,
 * under either name of a RENAMED entry; NULL for the others. */
void compat_resolve(crypto_lib *lib, void *handle, struct link_map *self, bool libssl);

#endif
