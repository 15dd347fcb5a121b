/* The known answers of issue 41's lines bite: with one of them altered the
 * line's self-check fails (CHECK_FAIL, kat_failed) on every path the system
 * libcrypto runs, while the intact line passes.
 *   newrawkey-*      the RFC public key, one hex digit changed
 *   evp-fetch(-libctx) each class's answer in turn: a digest, ciphertext,
 *                    MAC or KDF output one hex digit off, an is_a name
 *                    that is not the algorithm's
 *   evp-setpeer-*    the shared secret one bit off; and a "wrong" peer of
 *                    the line's own type, which set_peer accepts */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/evp_fetch.h"
#include "../../harness/workloads/rawkey.h"
#include "../../harness/workloads/setpeer.h"
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

/* `bad` (a copy of `w` with altered data) fails where `w` passes, on every
 * path the library runs (but `skip`); how many paths that was. */
static size_t fails_where_good_passes(const workload *w, const workload *bad, const char *what,
                                      api_path skip_api)
{
    workload_spec good_spec, bad_spec;
    workload_example(w, &good_spec);
    bad_spec = good_spec;
    bad_spec.w = bad;
    size_t paths = 0;
    for (int api = 0; api < API_COUNT; api++) {
        char why[512] = "";
        if (api == (int)skip_api ||
            workload_check(&the_lib, &good_spec, (api_path)api, why, sizeof why) != WL_SUPPORTED)
            continue;
        if (w->self_check(&the_lib, &good_spec, (api_path)api, why, sizeof why) != CHECK_PASS)
            fail_msg("%s/%s: fails on its own answer: %s", w->name, api_name(api), why);
        why[0] = '\0';
        if (bad->self_check(&the_lib, &bad_spec, (api_path)api, why, sizeof why) != CHECK_FAIL)
            fail_msg("%s/%s: passes with %s", w->name, api_name(api), what);
        print_message("    %-20s %-6s %s: %s\n", w->name, api_name(api), what, why);
        paths++;
    }
    return paths;
}

/* A hex answer with its middle digit changed. */
static const char *hex_off(const char *hex, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s", hex);
    size_t mid = strlen(buf) / 2;
    buf[mid] = buf[mid] == '0' ? '1' : '0';
    return buf;
}

static void rawkey_public_key_bites(void **state)
{
    (void)state;
    if (!lib_open)
        skip();
    size_t paths = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->self_check != rawkey_self_check)
            continue;
        rawkey_def def = *(const rawkey_def *)w->data;
        char buf[256];
        def.pub_hex = hex_off(def.pub_hex, buf, sizeof buf);
        workload bad = *w;
        bad.data = &def;
        paths += fails_where_good_passes(w, &bad, "another public key", API_COUNT);
    }
    assert_true(paths >= 8); /* four lines, evp and fetch */
}

static void fetch_answers_bite(void **state)
{
    (void)state;
    if (!lib_open)
        skip();
    size_t paths = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (strncmp(w->name, "evp-fetch", 9) != 0)
            continue;
        const fetch_def *d = w->data;
        for (size_t k = 0; d->classes[k].op != NULL; k++) {
            fetch_class classes[16];
            size_t count = 0;
            while (d->classes[count].op != NULL)
                count++;
            assert_true(count < 16);
            memcpy(classes, d->classes, (count + 1) * sizeof classes[0]);
            char buf[256], what[64];
            bool hex = strspn(classes[k].expect, "0123456789abcdef") == strlen(classes[k].expect);
            if (hex)
                classes[k].expect = hex_off(classes[k].expect, buf, sizeof buf);
            else
                snprintf(buf, sizeof buf, "X%s", classes[k].expect), classes[k].expect = buf;
            fetch_def bad_def = {classes, d->own_libctx};
            workload bad = *w;
            bad.data = &bad_def;
            snprintf(what, sizeof what, "%s answer %s", classes[k].op, classes[k].expect);
            /* The evp path checks only the classes it has a lookup for. */
            paths += fails_where_good_passes(w, &bad, what,
                                             classes[k].evp_name == NULL ? API_EVP : API_COUNT);
        }
    }
    assert_true(paths >= 9 + 2 + 9); /* evp-fetch: 9 fetch + 2 evp; -libctx: 9 */
}

static void setpeer_answers_bite(void **state)
{
    (void)state;
    if (!lib_open)
        skip();
    size_t paths = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->self_check != setpeer_self_check)
            continue;
        setpeer_def def = *(const setpeer_def *)w->data;
        pkey_vector vec = *def.fixed.vec;
        unsigned char expect[256];
        assert_true(vec.expect_len <= sizeof expect);
        memcpy(expect, vec.expect, vec.expect_len);
        expect[vec.expect_len / 2] ^= 0x10;
        vec.expect = expect;
        def.fixed.vec = &vec;
        workload bad = *w;
        bad.data = &def;
        paths += fails_where_good_passes(w, &bad, "another secret", API_COUNT);
        setpeer_def same = *(const setpeer_def *)w->data;
        same.wrong = same.fixed.vec;
        bad.data = &same;
        paths += fails_where_good_passes(w, &bad, "a peer of its own type as the wrong one",
                                         API_COUNT);
    }
    assert_true(paths >= 8); /* two lines, evp and fetch, two alterations */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rawkey_public_key_bites),
        cmocka_unit_test(fetch_answers_bite),
        cmocka_unit_test(setpeer_answers_bite),
    };
    return cmocka_run_group_tests(tests, lib_setup, NULL);
}
