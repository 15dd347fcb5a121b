/* The known answers of every fixed-key line of the registry (the sig.h and
 * kex.h families: ECDSA and DSA signatures, ECDH and X25519 secrets) bite:
 * with one bit of its compiled-in signature or shared secret flipped, the
 * line's self-check fails on every path the system libcrypto runs, while
 * the intact vector passes (test_workloads.c runs the lines themselves). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/kex.h"
#include "../../harness/workloads/sig.h"
#include "system_lib.h"

#include <stdio.h>
#include <string.h>

static crypto_lib the_lib;
static bool lib_open;

static int lib_setup(void **state)
{
    (void)state;
    return system_lib_open(&the_lib, &lib_open);
}

/* A copy of line `w` whose def (a sig_def or kex_def, which both start with
 * the pk_fixed) has a vector with bit 4 of byte len/2 of `expect` flipped,
 * or the intact vector when !tamper. */
typedef struct {
    workload w;
    union {
        sig_def sig;
        kex_def kex;
    } def;
    pkey_vector vec;
    unsigned char expect[1024];
} tampered;

static bool is_sig(const workload *w)
{
    return w->self_check == sig_self_check;
}

static void make_copy(tampered *t, const workload *w, bool tamper)
{
    t->w = *w;
    if (is_sig(w))
        t->def.sig = *(const sig_def *)w->data;
    else
        t->def.kex = *(const kex_def *)w->data;
    pk_fixed *f = is_sig(w) ? &t->def.sig.fixed : &t->def.kex.fixed;
    t->vec = *f->vec;
    assert_true(t->vec.expect_len > 0 && t->vec.expect_len <= sizeof t->expect);
    memcpy(t->expect, t->vec.expect, t->vec.expect_len);
    if (tamper)
        t->expect[t->vec.expect_len / 2] ^= 0x10;
    t->vec.expect = t->expect;
    f->vec = &t->vec;
    t->w.data = &t->def;
}

static bool fixed_key_line(const workload *w)
{
    return w->available == pk_fixed_available &&
           (w->self_check == sig_self_check || w->self_check == kex_self_check);
}

static void tampered_vector_fails(void **state)
{
    (void)state;
    if (!lib_open)
        skip();
    size_t lines = 0, paths = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (!fixed_key_line(w))
            continue;
        lines++;
        for (int api = 0; api < API_COUNT; api++) {
            workload_spec ws;
            workload_example(w, &ws);
            char why[512] = "";
            if (workload_check(&the_lib, &ws, (api_path)api, why, sizeof why) != WL_SUPPORTED)
                continue;
            static tampered t;
            make_copy(&t, w, false);
            ws.w = &t.w;
            if (t.w.self_check(&the_lib, &ws, (api_path)api, why, sizeof why) != CHECK_PASS)
                fail_msg("%s/%s: the intact copy fails: %s", w->name, api_name(api), why);
            make_copy(&t, w, true);
            check_result r = t.w.self_check(&the_lib, &ws, (api_path)api, why, sizeof why);
            crypto_lib_last_error(&the_lib); /* drop the expected error */
            if (r != CHECK_FAIL)
                fail_msg("%s/%s: a flipped bit of the known answer passes", w->name,
                         api_name(api));
            paths++;
        }
    }
    print_message("    %zu fixed-key lines, %zu paths\n", lines, paths);
    assert_true(lines > 0);
    assert_true(paths >= lines);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(tampered_vector_fails)};
    return cmocka_run_group_tests(tests, lib_setup, NULL);
}
