/* The certificate lines of the registry (x509-*, harness/workloads/x509*.c)
 * on the system libcrypto: each self-check passes on its own known answers
 * and fails (CHECK_FAIL, kat_failed) on a copy of its line with one of them
 * wrong, on every path the library has: a parsed subject or serial other
 * than the certificate's, a verified chain of another length, another
 * error without the intermediate, another issuer expected. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/x509.h"
#include "system_lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static crypto_lib lib;
static bool lib_usable;

static int open_lib(void **state)
{
    (void)state;
    return system_lib_open(&lib, &lib_usable);
}

/* A copy of a hex string with its last digit changed. */
static char *flipped(const char *hex)
{
    char *copy = strdup(hex);
    assert_non_null(copy);
    size_t last = strlen(copy) - 1;
    copy[last] = copy[last] == '0' ? '1' : '0';
    return copy;
}

/* Runs the line's self-check with `line` on every path the library has:
 * CHECK_PASS expected when `good`, else CHECK_FAIL; the paths run. */
static int check_line(const workload *w, const x509_line *line, bool good, const char *what)
{
    workload bad = *w;
    bad.data = line;
    workload_spec spec;
    workload_example(w, &spec);
    spec.w = &bad;
    int paths = 0;
    for (int api = 0; api < API_COUNT; api++) {
        char why[512] = "";
        if (workload_check(&lib, &spec, (api_path)api, why, sizeof why) != WL_SUPPORTED)
            continue;
        check_result r = w->self_check(&lib, &spec, (api_path)api, why, sizeof why);
        if (good && r != CHECK_PASS)
            fail_msg("%s/%s: the self-check fails on its own answers: %s", w->name, api_name(api), why);
        if (!good && r != CHECK_FAIL)
            fail_msg("%s/%s: %s passes", w->name, api_name(api), what);
        if (!good)
            print_message("    %-24s %-7s %s: %s\n", w->name, api_name(api), what, why);
        paths++;
    }
    return paths;
}

static int parse_tampered(const workload *w, const x509_line *good)
{
    x509_cert cert = *good->cert;
    x509_line line = *good;
    line.cert = &cert;
    char *subject = flipped(cert.subject_hex), *serial = flipped(cert.serial_hex);
    cert.subject_hex = subject;
    int paths = check_line(w, &line, false, "another subject");
    cert.subject_hex = good->cert->subject_hex;
    cert.serial_hex = serial;
    paths += check_line(w, &line, false, "another serial");
    free(subject);
    free(serial);
    return paths;
}

static int verify_tampered(const workload *w, const x509_line *good)
{
    x509_line line = *good;
    line.chain_len = good->chain_len - 1;
    int paths = check_line(w, &line, false, "a chain of another length");
    line = *good;
    line.missing_error = good->missing_error + 1;
    return paths + check_line(w, &line, false, "another error without the intermediate");
}

static int store_tampered(const workload *w, const x509_line *good)
{
    x509_line line = *good;
    line.issuer = &x509_root;
    return check_line(w, &line, false, "the root as the issuer");
}

static void tampered_answers_fail(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    int lines = 0, paths = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        int (*tamper)(const workload *, const x509_line *) =
            w->self_check == x509_parse_self_check    ? parse_tampered
            : w->self_check == x509_verify_self_check ? verify_tampered
            : w->self_check == x509_store_self_check  ? store_tampered
                                                      : NULL;
        if (tamper == NULL)
            continue;
        lines++;
        assert_true(check_line(w, w->data, true, "") > 0);
        paths += tamper(w, w->data);
    }
    assert_true(lines >= 5);
    assert_true(paths >= 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tampered_answers_fail)};
    return cmocka_run_group_tests(tests, open_lib, NULL);
}
