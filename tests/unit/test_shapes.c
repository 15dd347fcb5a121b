/* Call shapes that changed between releases (compat/symbols.def SHAPE):
 * HMAC_Init_ex/Update/Final return void in 0.9.8 and int from 1.0.0.  Each
 * shape is a member of its real type, filled only for its releases, and the
 * hmac legacy loop calls the one that is there.  The 0.9.8 side runs
 * against a fake 0.9.8 library built beside this test (tests/faults/
 * fake098_lib.c: the void shape, HMAC computed by the system libcrypto). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workload.h"

#include <libgen.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The build machine's own system libcrypto: tests/tests.mk passes it. */
#ifndef SYSTEM_LIBCRYPTO
#error "compile with -DSYSTEM_LIBCRYPTO='\"path\"' (tests/tests.mk does)"
#endif

/* The members have the functions' real types (a compile error otherwise). */
#define HAS_TYPE(member, type) _Generic(((crypto_fns *)0)->member, type: 1, default: 0)
_Static_assert(HAS_TYPE(HMAC_Init_ex_void, void (*)(void *, const void *, int, const cx_EVP_MD *,
                                                    cx_ENGINE *)), "0.9.8 HMAC_Init_ex is void");
_Static_assert(HAS_TYPE(HMAC_Update_void, void (*)(void *, const unsigned char *, size_t)),
               "0.9.8 HMAC_Update is void");
_Static_assert(HAS_TYPE(HMAC_Final_void, void (*)(void *, unsigned char *, unsigned int *)),
               "0.9.8 HMAC_Final is void");
_Static_assert(HAS_TYPE(HMAC_Final, int (*)(void *, unsigned char *, unsigned int *)),
               "1.0.0+ HMAC_Final returns int");

static char fake_path[4096];

static void *member(const crypto_lib *lib, const char *name)
{
    for (size_t i = 0; i < crypto_symbol_count; i++)
        if (strcmp(crypto_symbols[i].name, name) == 0) {
            void *p;
            memcpy(&p, (const char *)&lib->fn + crypto_symbols[i].offset, sizeof p);
            return p;
        }
    fail_msg("no member %s", name);
    return NULL;
}

/* Every symbol with several shapes: each shape is range-bound and no two
 * shapes of one symbol overlap, so a release gets at most one of them. */
static void shapes_of_one_symbol_never_overlap(void **state)
{
    (void)state;
    size_t hmac_shapes = 0;
    for (size_t i = 0; i < crypto_symbol_count; i++) {
        const crypto_symbol *a = &crypto_symbols[i];
        if (strncmp(a->symbol, "HMAC_", 5) == 0 && strcmp(a->name, a->symbol) != 0)
            hmac_shapes++;
        for (size_t j = i + 1; j < crypto_symbol_count; j++) {
            const crypto_symbol *b = &crypto_symbols[j];
            if (strcmp(a->symbol, b->symbol) != 0)
                continue;
            if (!a->shape_only || !b->shape_only)
                fail_msg("%s: two members, not both SHAPEs", a->symbol);
            if (a->since <= b->until && b->since <= a->until)
                fail_msg("%s: shapes %s and %s overlap", a->symbol, a->name, b->name);
        }
    }
    assert_int_equal(hmac_shapes, 3); /* Init_ex, Update, Final */
}

static const char *const int_shape[] = {"HMAC_Init_ex", "HMAC_Update", "HMAC_Final"};
static const char *const void_shape[] = {"HMAC_Init_ex_void", "HMAC_Update_void",
                                         "HMAC_Final_void"};

/* Opens a library, or skips the test where it cannot run here: a library of
 * another architecture (the cross-built tests under qemu), or the fake one
 * where it was not built (it is built for the host only). */
static void open_lib(crypto_lib *lib, const char *path)
{
    char why[256];
    if (access(path, F_OK) != 0 || libpath_classify(path, why, sizeof why) == LIBPATH_FOREIGN) {
        print_message("%s cannot run here: skipped\n", path);
        skip();
    }
    if (!crypto_lib_open(lib, path, why, sizeof why) || !crypto_lib_init(lib, why, sizeof why))
        fail_msg("%s: %s", path, why);
}

/* The hmac legacy path through whatever shape the library got, checked
 * against RFC 4231 by the workload's own known-answer test. */
static void hmac_legacy_passes(const crypto_lib *lib)
{
    workload_spec ws;
    assert_true(workload_parse("hmac-sha256", &ws));
    char why[256] = "";
    if (workload_check(lib, &ws, API_LEGACY, why, sizeof why) != WL_SUPPORTED)
        fail_msg("legacy hmac unsupported: %s", why);
    if (ws.w->self_check(lib, &ws, API_LEGACY, why, sizeof why) != CHECK_PASS)
        fail_msg("legacy hmac self-check: %s", why);
}

static void release_098_gets_the_void_shape_only(void **state)
{
    (void)state;
    static crypto_lib lib;
    open_lib(&lib, fake_path);
    assert_string_equal(lib.ver.name, "0.9.8q");
    for (int i = 0; i < 3; i++) {
        if (member(&lib, int_shape[i]) != NULL)
            fail_msg("0.9.8: the int-returning %s is filled", int_shape[i]);
        if (member(&lib, void_shape[i]) == NULL)
            fail_msg("0.9.8: %s is not filled", void_shape[i]);
    }
    hmac_legacy_passes(&lib);
}

/* A renamed function is one member, whichever name the release exports
 * (EVP_MD_CTX_create up to 1.0.2, EVP_MD_CTX_new from 1.1.0), and `needs`
 * names it once; the old name is no member at all. */
static void renamed_function_is_one_member(void **state)
{
    (void)state;
    static crypto_lib old, now;
    open_lib(&old, fake_path);
    open_lib(&now, SYSTEM_LIBCRYPTO);
    for (size_t i = 0; i < crypto_symbol_count; i++)
        if (strcmp(crypto_symbols[i].name, "EVP_MD_CTX_create") == 0 ||
            strcmp(crypto_symbols[i].name, "EVP_MD_CTX_destroy") == 0)
            fail_msg("%s is a member of its own", crypto_symbols[i].name);
    const crypto_lib *libs[] = {&old, &now};
    for (size_t i = 0; i < 2; i++) {
        assert_non_null(member(libs[i], "EVP_MD_CTX_new"));
        assert_non_null(member(libs[i], "EVP_MD_CTX_free"));
        cx_EVP_MD_CTX *ctx = libs[i]->fn.EVP_MD_CTX_new();
        assert_non_null(ctx);
        libs[i]->fn.EVP_MD_CTX_free(ctx);
        workload w = {.name = "synthetic", .needs = {[API_EVP] = "EVP_MD_CTX_new EVP_MD_CTX_free"}};
        workload_spec ws = {.w = &w, .name = "synthetic"};
        char why[256] = "";
        if (workload_check(libs[i], &ws, API_EVP, why, sizeof why) != WL_SUPPORTED)
            fail_msg("%s: %s", libs[i]->ver.name, why);
    }
}

static void release_300_gets_the_int_shape_only(void **state)
{
    (void)state;
    static crypto_lib lib;
    open_lib(&lib, SYSTEM_LIBCRYPTO);
    for (int i = 0; i < 3; i++) {
        assert_non_null(member(&lib, int_shape[i]));
        assert_null(member(&lib, void_shape[i]));
    }
    hmac_legacy_passes(&lib);
}

int main(int argc, char **argv)
{
    (void)argc;
    char self[4096];
    snprintf(self, sizeof self, "%s", argv[0]);
    snprintf(fake_path, sizeof fake_path, "%s/fake-098.so", dirname(self));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shapes_of_one_symbol_never_overlap),
        cmocka_unit_test(release_098_gets_the_void_shape_only),
        cmocka_unit_test(release_300_gets_the_int_shape_only),
        cmocka_unit_test(renamed_function_is_one_member),
    };
    return cmocka_run_group_tests_name("shapes", tests, NULL, NULL);
}
