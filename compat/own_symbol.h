/* dlsym limited to the object that was opened (compat/load.c). */
#ifndef COMPAT_OWN_SYMBOL_H
#define COMPAT_OWN_SYMBOL_H

struct link_map;
/* NAME as defined by the object `self` itself, or NULL: dlsym on a handle
 * also searches its dependencies (a libssl hands out its libcrypto's). */
void *compat_own_symbol(void *handle, struct link_map *self, const char *name);

#endif
