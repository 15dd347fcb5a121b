/* The TLS lines on the system libcrypto and the libssl beside it: every
 * line the release has passes its known-answer check; a copy expecting
 * another group or cipher suite fails it (kat_failed), so the check cannot
 * be dropped silently; a libcrypto with no libssl beside it, or with one
 * bound to another libcrypto, makes the lines unsupported with the reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/tls.h"
#include "system_lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static crypto_lib lib;
static bool lib_usable;

static int open_lib(void **state)
{
    (void)state;
    int rc = system_lib_open(&lib, &lib_usable);
    if (lib_usable && lib.ssl_handle == NULL) {
        print_message("%s: skipping the TLS tests\n", lib.ssl_why);
        lib_usable = false;
    }
    return rc;
}

static check_result check_with(const workload *w, const tls_line *line, char *why, size_t n)
{
    workload copy = *w;
    copy.data = line;
    workload_spec spec;
    workload_example(w, &spec);
    spec.w = &copy;
    return copy.self_check(&lib, &spec, API_SSL, why, n);
}

static void lines_pass_and_tampered_fail(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    size_t checked = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->self_check != tls_self_check) /* a tls.def line, not another libssl one */
            continue;
        workload_spec spec;
        workload_example(w, &spec);
        char why[256];
        if (workload_check(&lib, &spec, API_SSL, why, sizeof why) != WL_SUPPORTED)
            continue;
        checked++;
        const tls_line *good = w->data;
        if (check_with(w, good, why, sizeof why) != CHECK_PASS)
            fail_msg("%s: %s", w->name, why);
        tls_line bad = *good;
        bad.def.group_names = "secp384r1";
        assert_int_equal(check_with(w, &bad, why, sizeof why), CHECK_FAIL);
        if (strstr(why, "negotiated group") == NULL)
            fail_msg("%s, another group expected: %s", w->name, why);
        bad = *good;
        bad.def.suite_id ^= 0x0001;
        assert_int_equal(check_with(w, &bad, why, sizeof why), CHECK_FAIL);
        if (strstr(why, "cipher suite") == NULL)
            fail_msg("%s, another suite expected: %s", w->name, why);
    }
    print_message("%zu TLS lines checked\n", checked);
    assert_true(checked >= 12);
}

/* FOLDER/libcrypto.so.N, a copy of the system's, with libssl beside it or not */
static void copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, got, out), got);
    fclose(in);
    assert_int_equal(fclose(out), 0);
}

static void unsupported_without_own_libssl(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    char dir[] = "/tmp/osslbench-tls-XXXXXX", crypto[128], ssl[128], why[256];
    assert_non_null(mkdtemp(dir));
    const char *base = strrchr(SYSTEM_LIBCRYPTO, '/') + 1;
    snprintf(crypto, sizeof crypto, "%s/%s", dir, base);
    snprintf(ssl, sizeof ssl, "%s/libssl%s", dir, base + strlen("libcrypto"));
    copy_file(SYSTEM_LIBCRYPTO, crypto);

    static crypto_lib alone, mixed;
    assert_true(crypto_lib_open(&alone, crypto, why, sizeof why));
    assert_null(alone.ssl_handle);
    assert_non_null(strstr(alone.ssl_why, "no libssl beside"));
    workload_spec spec;
    assert_true(workload_parse("tls13-ecdsa-p256-x25519", &spec));
    assert_int_equal(workload_check(&alone, &spec, API_SSL, why, sizeof why), WL_UNSUPPORTED);
    assert_non_null(strstr(why, "no libssl beside"));

    /* The copy's libssl binds the libcrypto.so.N this process loaded first
     * (the system's): refused, never a mix of two libraries. */
    copy_file(lib.ssl_path, ssl);
    assert_true(crypto_lib_open(&mixed, crypto, why, sizeof why));
    assert_null(mixed.ssl_handle);
    assert_non_null(strstr(mixed.ssl_why, "bound to another libcrypto"));
    unlink(ssl);
    unlink(crypto);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_pass_and_tampered_fail),
        cmocka_unit_test(unsupported_without_own_libssl),
    };
    return cmocka_run_group_tests(tests, open_lib, NULL);
}
