/* A 3.5+ libcrypto for the unit tests of ML-KEM and ML-DSA, which the
 * system one (3.0 here) lacks: OSSLBENCH_PQ_LIB, else the first
 * builds/install/<release> of 3.5 or later.  Include after <cmocka.h>. */
#ifndef TESTS_UNIT_PQ_LIB_H
#define TESTS_UNIT_PQ_LIB_H

#include "../../compat/libcrypto.h"

#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* OSSLBENCH_PQ_LIB, else the libcrypto.so.3 of the first builds/install/<release>
 * of 3.5 or later. */
static inline char *pq_lib_find(void)
{
    const char *env = getenv("OSSLBENCH_PQ_LIB");
    if (env != NULL && env[0] != '\0')
        return strdup(env);
    glob_t g;
    char *found = NULL;
    if (glob("builds/install/*/lib*/libcrypto.so.3", 0, NULL, &g) != 0)
        return NULL;
    for (size_t i = 0; i < g.gl_pathc && found == NULL; i++) {
        int major = 0, minor = 0;
        if (sscanf(g.gl_pathv[i], "builds/install/%d.%d", &major, &minor) == 2 &&
            major * 100 + minor >= 305)
            found = strdup(g.gl_pathv[i]);
    }
    globfree(&g);
    return found;
}

/* A group set-up's body: 0 when opened (*usable: it is 3.5+) or when there
 * is none (the tests that need it skip, saying `what`); -1 when the one
 * named cannot be used. */
static inline int pq_lib_open(crypto_lib *lib, bool *usable, const char *what)
{
    char *path = pq_lib_find(), why[256];
    *usable = false;
    if (path == NULL) {
        print_message("no 3.5+ libcrypto (OSSLBENCH_PQ_LIB or builds/install/3.5.x): "
                      "skipping %s\n",
                      what);
        return 0;
    }
    if (!crypto_lib_open(lib, path, why, sizeof why) || !crypto_lib_init(lib, why, sizeof why)) {
        /* One named in OSSLBENCH_PQ_LIB must load; a build found under
         * builds/install may be another machine's (cross-test runs these
         * tests for another architecture in the same checkout). */
        bool named = getenv("OSSLBENCH_PQ_LIB") != NULL && getenv("OSSLBENCH_PQ_LIB")[0] != '\0';
        if (named || strstr(why, "another architecture") == NULL) {
            print_error("cannot load %s: %s\n", path, why);
            free(path);
            return -1;
        }
        print_message("%s: %s: skipping %s\n", path, why, what);
        free(path);
        return 0;
    }
    print_message("library %s: %s\n", path, lib->ver.name);
    free(path);
    *usable = crypto_lib_since(lib, R_350);
    if (!*usable)
        print_message("%s is older than 3.5: skipping\n", lib->ver.name);
    return 0;
}

#endif
