/* The SSL object lines (harness/workloads/ssl_new.c: sslctx-new, ssl-new,
 * ssl-new-shared) on the system libcrypto and the libssl beside it: each
 * passes its check, and fails it (CHECK_FAIL, kat_failed) on a copy of the
 * library that lies in one call -- an SSL on the wrong side, its BIOs
 * swapped, another context, a make that succeeds with nothing to make from,
 * a make that fails -- so no part of the check can be dropped silently.
 * The check of the releases before SSL_is_server (1.0.2) runs here too, on
 * a copy without it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/ssl_new.h"
#include "system_lib.h"

#include <stdio.h>
#include <string.h>

static crypto_lib lib, liar;
static bool lib_usable;
static cx_SSL_CTX *spare; /* a context no line made */

static int open_lib(void **state)
{
    (void)state;
    int rc = system_lib_open(&lib, &lib_usable);
    if (lib_usable && lib.ssl_handle == NULL) {
        print_message("%s: skipping the SSL object tests\n", lib.ssl_why);
        lib_usable = false;
    }
    if (lib_usable)
        spare = lib.fn.SSL_CTX_new(lib.fn.TLS_client_method());
    return rc;
}

static int close_lib(void **state)
{
    (void)state;
    if (spare != NULL)
        lib.fn.SSL_CTX_free(spare);
    return 0;
}

/* The liar's calls: the real one, bent. */
static cx_SSL_CTX *ctx_new_of_anything(const cx_SSL_METHOD *m)
{
    return lib.fn.SSL_CTX_new(m != NULL ? m : lib.fn.TLS_server_method());
}
static cx_SSL *ssl_new_of_anything(cx_SSL_CTX *ctx)
{
    return lib.fn.SSL_new(ctx != NULL ? ctx : spare);
}
static cx_SSL *ssl_new_fails(cx_SSL_CTX *ctx)
{
    (void)ctx;
    return NULL;
}
static int other_side(const cx_SSL *ssl)
{
    return !lib.fn.SSL_is_server(ssl);
}
static cx_BIO *rbio_is_wbio(const cx_SSL *ssl)
{
    return lib.fn.SSL_get_wbio(ssl);
}
static cx_SSL_CTX *ctx_is_spare(const cx_SSL *ssl)
{
    (void)ssl;
    return spare;
}
static const cx_SSL_METHOD *method_is_client(cx_SSL *ssl)
{
    (void)ssl;
    return lib.fn.TLS_client_method();
}

static check_result check(const crypto_lib *l, const char *name, char *why, size_t n)
{
    workload_spec spec;
    assert_true(workload_parse(name, &spec));
    assert_int_equal(workload_check(l, &spec, API_SSL, why, n), WL_SUPPORTED);
    why[0] = '\0';
    return spec.w->self_check(l, &spec, API_SSL, why, n);
}

static const char *const lines[] = {"sslctx-new", "ssl-new", "ssl-new-shared"};
enum { LINES = sizeof lines / sizeof lines[0] };

/* Each line fails on the liar (those of `only`, when it is one name), with
 * `reason` in its why. */
static void liar_fails(const char *only, const char *reason)
{
    for (size_t i = 0; i < LINES; i++) {
        if (only != NULL && strcmp(only, lines[i]) != 0)
            continue;
        char why[256];
        if (check(&liar, lines[i], why, sizeof why) != CHECK_FAIL)
            fail_msg("%s passes on a library that lies (%s expected)", lines[i], reason);
        if (strstr(why, reason) == NULL)
            fail_msg("%s: '%s', not '%s'", lines[i], why, reason);
        print_message("    %-15s %s\n", lines[i], why);
    }
}

static void lines_pass(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    for (size_t i = 0; i < LINES; i++) {
        char why[256];
        if (check(&lib, lines[i], why, sizeof why) != CHECK_PASS)
            fail_msg("%s: %s", lines[i], why);
    }
}

static void wrong_side_fails(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    liar = lib;
    liar.fn.SSL_is_server = other_side;
    liar_fails(NULL, "(SSL_is_server)");
}

/* Before 1.0.2 the side is the SSL's method: right, then wrong. */
static void side_without_ssl_is_server(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    liar = lib;
    liar.fn.SSL_is_server = NULL;
    for (size_t i = 0; i < LINES; i++) {
        char why[256];
        if (check(&liar, lines[i], why, sizeof why) != CHECK_PASS)
            fail_msg("%s by SSL_get_ssl_method: %s", lines[i], why);
    }
    liar.fn.SSL_get_ssl_method = method_is_client;
    liar_fails("ssl-new", "has another method");
    liar_fails("sslctx-new", "has another method"); /* its server op */
}

static void wrong_wiring_fails(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    liar = lib;
    liar.fn.SSL_get_SSL_CTX = ctx_is_spare;
    liar_fails(NULL, "not of the context");
    liar = lib;
    liar.fn.SSL_get_rbio = rbio_is_wbio;
    liar_fails("ssl-new", "BIOs SSL_set_bio gave it");
    liar_fails("ssl-new-shared", "BIOs SSL_set_bio gave it");
}

/* A loop that made an object of nothing would time nothing; one whose
 * call fails must say so. */
static void made_of_nothing_fails(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    liar = lib;
    liar.fn.SSL_CTX_new = ctx_new_of_anything;
    liar_fails("sslctx-new", "succeeds with no method");
    liar = lib;
    liar.fn.SSL_new = ssl_new_of_anything;
    liar_fails("ssl-new", "succeeds with no SSL_CTX");
    liar_fails("ssl-new-shared", "succeeds with no SSL_CTX");
    liar = lib;
    liar.fn.SSL_new = ssl_new_fails;
    liar_fails(NULL, "failed");
}

/* Where both sides' methods are one object (BoringSSL), nothing tells the
 * side: the check takes the SSL as it is. */
static void one_method_for_both_sides(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    cx_SSL *ssl = lib.fn.SSL_new(spare); /* a client's */
    assert_non_null(ssl);
    const cx_SSL_METHOD *m = lib.fn.TLS_server_method();
    char why[256] = "";
    assert_true(ssl_obj_side_ok(&lib, ssl, false, lib.fn.TLS_client_method(), m, why, sizeof why));
    assert_false(ssl_obj_side_ok(&lib, ssl, true, m, lib.fn.TLS_client_method(), why, sizeof why));
    assert_true(ssl_obj_side_ok(&lib, ssl, true, m, m, why, sizeof why));
    lib.fn.SSL_free(ssl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lines_pass),
        cmocka_unit_test(wrong_side_fails),
        cmocka_unit_test(side_without_ssl_is_server),
        cmocka_unit_test(wrong_wiring_fails),
        cmocka_unit_test(made_of_nothing_fails),
        cmocka_unit_test(one_method_for_both_sides),
    };
    return cmocka_run_group_tests_name("ssl_new", tests, open_lib, close_lib);
}
