/* Every KDF line of the registry (kdf.h) on the system libcrypto: the
 * self-check passes on its vectors and fails (CHECK_FAIL, kat_failed) on a
 * copy of the line with one bit of one vector's known answer flipped --
 * each vector in turn, the timed one and the published ones -- and on a
 * copy whose vector is not hex, on every path the library has. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/kdf.h"
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

/* The vectors of a def, in the order the self-check runs them. */
static size_t vectors_of(kdf_def *d, kdf_vector *out[3])
{
    kdf_vector *all[3] = {&d->timed, &d->kat[0], &d->kat[1]};
    size_t n = 0;
    for (size_t i = 0; i < 3; i++)
        if (all[i]->name != NULL)
            out[n++] = all[i];
    return n;
}

/* `hex` with the low bit of its middle digit flipped, in `buf`. */
static const char *flipped(const char *hex, char *buf, size_t cap)
{
    size_t len = strlen(hex);
    assert_true(len > 0 && len < cap);
    memcpy(buf, hex, len + 1);
    char *c = &buf[len / 2];
    int v = *c <= '9' ? *c - '0' : *c - 'a' + 10;
    v ^= 1;
    *c = (char)(v < 10 ? '0' + v : 'a' + v - 10);
    return buf;
}

/* The self-check of `w` with `d` as its data, on one path. */
static check_result check_with(const workload *w, const kdf_def *d, api_path api, char *why,
                               size_t n)
{
    workload bad = *w;
    bad.data = d;
    workload_spec spec;
    workload_example(w, &spec);
    spec.w = &bad;
    why[0] = '\0';
    return w->self_check(&lib, &spec, api, why, n);
}

static void tampered_vectors_fail(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    size_t lines = 0, paths = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->self_check != kdf_self_check)
            continue;
        lines++;
        workload_spec good;
        workload_example(w, &good);
        for (int api = 0; api < API_COUNT; api++) {
            char why[512] = "";
            if (workload_check(&lib, &good, (api_path)api, why, sizeof why) != WL_SUPPORTED ||
                (w->available != NULL &&
                 w->available(&lib, &good, (api_path)api, why, sizeof why) != CHECK_PASS))
                continue;
            if (w->self_check(&lib, &good, (api_path)api, why, sizeof why) != CHECK_PASS)
                fail_msg("%s/%s: the self-check fails on its own vectors: %s", w->name,
                         api_name(api), why);
            kdf_def copy = *(const kdf_def *)w->data;
            kdf_vector *vs[3];
            size_t nv = vectors_of(&copy, vs);
            assert_true(nv >= 2); /* the timed inputs and at least one more */
            for (size_t k = 0; k < nv; k++) {
                const char *expect = vs[k]->expect;
                char buf[2 * KDF_MAX + 1];
                vs[k]->expect = flipped(expect, buf, sizeof buf);
                if (check_with(w, &copy, (api_path)api, why, sizeof why) != CHECK_FAIL)
                    fail_msg("%s/%s: a tampered answer of '%s' passes", w->name, api_name(api),
                             vs[k]->name);
                print_message("    %-19s %-7s tampered: %s\n", w->name, api_name(api), why);
                vs[k]->expect = expect;
            }
            const char *secret = copy.timed.secret;
            copy.timed.secret = "0x";
            if (check_with(w, &copy, (api_path)api, why, sizeof why) != CHECK_FAIL)
                fail_msg("%s/%s: a malformed vector passes", w->name, api_name(api));
            copy.timed.secret = secret;
            paths++;
        }
    }
    assert_true(lines >= 4);
    assert_true(paths > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tampered_vectors_fail)};
    return cmocka_run_group_tests(tests, open_lib, NULL);
}
