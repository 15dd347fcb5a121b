/* Every fixed-key signature and key-agreement line of the registry (the
 * lines on sig.h's and kex.h's self-checks: ECDSA, DSA, ECDH, X25519, X448,
 * FFDH) on the system libcrypto: the self-check passes on its vector and
 * fails (CHECK_FAIL, kat_failed) on a copy with one bit of the known answer
 * flipped -- a known-good signature that no longer verifies, a shared
 * secret that is not the one derived -- on every path the library has. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/kex.h"
#include "../../harness/workloads/sig.h"
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

/* The line's def copied with its vector's known answer bit-flipped; the
 * copies live in `keep` (freed by the caller). */
static const void *tampered(const workload *w, void *keep[3])
{
    size_t size = w->self_check == kex_self_check ? sizeof(kex_def) : sizeof(sig_def);
    pk_fixed *def = keep[0] = malloc(size);
    pkey_vector *v = keep[1] = malloc(sizeof *v);
    assert_non_null(def);
    assert_non_null(v);
    memcpy(def, w->data, size); /* a kex_def / sig_def: its pk_fixed first */
    *v = *def->vec;
    unsigned char *expect = keep[2] = malloc(v->expect_len);
    assert_non_null(expect);
    memcpy(expect, v->expect, v->expect_len);
    expect[v->expect_len / 2] ^= 0x01;
    v->expect = expect;
    def->vec = v;
    return def;
}

static void tampered_vectors_fail(void **state)
{
    (void)state;
    if (!lib_usable)
        skip();
    size_t lines = 0, paths = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->self_check != kex_self_check && w->self_check != sig_self_check)
            continue;
        lines++;
        void *keep[3];
        workload bad = *w;
        bad.data = tampered(w, keep);
        workload_spec good_spec, bad_spec;
        workload_example(w, &good_spec);
        bad_spec = good_spec;
        bad_spec.w = &bad;
        for (int api = 0; api < API_COUNT; api++) {
            char why[512] = "";
            if (workload_check(&lib, &good_spec, (api_path)api, why, sizeof why) != WL_SUPPORTED)
                continue;
            if (w->self_check(&lib, &good_spec, (api_path)api, why, sizeof why) != CHECK_PASS)
                fail_msg("%s/%s: the self-check fails on its own vector: %s", w->name,
                         api_name(api), why);
            why[0] = '\0';
            if (w->self_check(&lib, &bad_spec, (api_path)api, why, sizeof why) != CHECK_FAIL)
                fail_msg("%s/%s: a tampered known answer passes", w->name, api_name(api));
            print_message("    %-16s %-7s tampered: %s\n", w->name, api_name(api), why);
            paths++;
        }
        for (int k = 0; k < 3; k++)
            free(keep[k]);
    }
    assert_true(lines > 0);
    assert_true(paths > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tampered_vectors_fail)};
    return cmocka_run_group_tests(tests, open_lib, NULL);
}
