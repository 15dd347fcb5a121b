/* The machine's own libcrypto (SYSTEM_LIBCRYPTO, set by tests/tests.mk) for
 * the unit tests that load one: include after <cmocka.h>.  A library built
 * for another machine (a cross build under qemu) is no failure: *usable
 * stays false and the tests that need it skip. */
#ifndef TESTS_UNIT_SYSTEM_LIB_H
#define TESTS_UNIT_SYSTEM_LIB_H

#include "../../compat/libcrypto.h"

#include <stdbool.h>

#ifndef SYSTEM_LIBCRYPTO
#error "compile with -DSYSTEM_LIBCRYPTO='\"path\"' (tests/tests.mk does)"
#endif

/* A group set-up's body: 0 when opened and initialised (or skipped), -1
 * when the library is there but unusable. */
static inline int system_lib_open(crypto_lib *lib, bool *usable)
{
    char why[256];
    *usable = false;
    if (libpath_classify(SYSTEM_LIBCRYPTO, why, sizeof why) != LIBPATH_OK) {
        print_message("library %s %s: skipping the tests that load it\n", SYSTEM_LIBCRYPTO, why);
        return 0;
    }
    if (!crypto_lib_open(lib, SYSTEM_LIBCRYPTO, why, sizeof why) ||
        !crypto_lib_init(lib, why, sizeof why)) {
        print_error("cannot use %s: %s\n", SYSTEM_LIBCRYPTO, why);
        return -1;
    }
    *usable = true;
    return 0;
}

#endif
