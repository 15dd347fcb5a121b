#define _GNU_SOURCE
#include "sqlite.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

sqlite_api sq;

bool sqlite_load(char *why, size_t n)
{
    static void *handle;
    if (handle != NULL)
        return true;
    void *h = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        snprintf(why, n, "cannot load SQLite (libsqlite3.so.0: apt-get install libsqlite3-0): %s",
                 dlerror());
        return false;
    }
    /* POSIX: a data pointer from dlsym converts to the function's type. */
#define SQ(ret, name, args)                                                                  \
    *(void **)&sq.name = dlsym(h, #name);                                                    \
    if (sq.name == NULL) {                                                                   \
        snprintf(why, n, "libsqlite3.so.0 lacks %s", #name);                                 \
        dlclose(h);                                                                          \
        return false;                                                                        \
    }
#include "sqlite.def"
#undef SQ
    handle = h;
    return true;
}
