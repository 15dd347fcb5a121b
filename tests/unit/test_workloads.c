/* Workload tests: every (workload, API path) against every library in
 * OSSLBENCH_TEST_LIBS (colon-separated; default: the system libcrypto.so.3),
 * one forked child per library so that releases never share a process.
 *
 * For each supported pair the known-answer self-check must pass and
 * setup / run(3) / teardown must succeed for every op; an unsupported pair
 * must give a reason, and which pairs are supported must match the release.
 * A library built for another machine (an x86-64 libcrypto while the tests
 * run under qemu-aarch64) skips its tests instead of failing them.  Names,
 * defaults and the rules that need no library: test_workload_registry.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The build machine's own system libcrypto: tests/tests.mk passes it. */
#ifndef SYSTEM_LIBCRYPTO
#error "compile with -DSYSTEM_LIBCRYPTO='\"path\"' (tests/tests.mk does)"
#endif
#define DEFAULT_LIB SYSTEM_LIBCRYPTO

static const char *lib_path;
static crypto_lib the_lib;
static bool lib_foreign; /* built for another machine: every test skips */
#define SKIP_IF_FOREIGN() \
    do { \
        if (lib_foreign) \
            skip(); \
    } while (0)

static int lib_setup(void **state)
{
    (void)state;
    char why[256];
    if (libpath_classify(lib_path, why, sizeof why) == LIBPATH_FOREIGN) {
        print_message("library %s %s: skipping its tests\n", lib_path, why);
        lib_foreign = true;
        return 0;
    }
    if (!crypto_lib_open(&the_lib, lib_path, why, sizeof why)) {
        print_error("cannot open %s: %s\n", lib_path, why);
        return -1;
    }
    if (!crypto_lib_init(&the_lib, why, sizeof why)) {
        print_error("cannot initialise %s: %s\n", lib_path, why);
        return -1;
    }
    print_message("library %s: %s (series %ld)\n", lib_path, the_lib.ver.name,
                  the_lib.ver.series);
    return 0;
}

static int lib_teardown(void **state)
{
    (void)state;
    wl_rsa_cache_release();
    return 0;
}

/* Whether the library exports every function (workload, api) needs, leaving
 * the workload's own available() check aside, and the other paths' functions
 * its `not_built` looks at. */
static bool needs_met(const workload_spec *spec, api_path api)
{
    workload bare = *spec->w;
    bare.available = NULL;
    bare.not_built = NULL;
    workload_spec s = *spec;
    s.w = &bare;
    char why[256];
    return workload_check(&the_lib, &s, api, why, sizeof why) == WL_SUPPORTED;
}

/* Every path a workload has, through its own timed loop: the self-check
 * passes, and setup / loop(3) / teardown succeed for every op.  On a full
 * default build a function is only ever missing because the release is too
 * old or too new (derived from symbols.def), never "not exported", unless
 * the workload's algorithm is a Configure option the build went without
 * ("not built: enable-md2": off by default; Debian's no-mdc2); a
 * workload's available() may still turn a path down, with a reason (RC4
 * outside the default provider of 3.x). */
static bool not_built_reason(const workload *w, const char *why)
{
    char expect[64];
    snprintf(expect, sizeof expect, "not built: %s", w->not_built ? w->not_built : "");
    return w->not_built != NULL && strcmp(why, expect) == 0;
}

static void test_workload(void **state)
{
    SKIP_IF_FOREIGN();
    const workload_spec *spec = *state;
    const workload *w = spec->w;
    static const size_t sizes[] = {16, 1024};
    size_t nsizes = w->sized ? 2 : 1;
    for (int api = 0; api < API_COUNT; api++) {
        char why[512] = "";
        workload_support sup = workload_check(&the_lib, spec, (api_path)api, why, sizeof why);
        if (sup == WL_NO_SHAPE)
            continue;
        if (sup == WL_UNSUPPORTED) {
            print_message("    %-12s %-8s unsupported: %s\n", spec->name, api_name(api), why);
            bool from_available = needs_met(spec, (api_path)api);
            if (from_available ? why[0] == '\0'
                               : strstr(why, "needs ") != why && strstr(why, "gone after ") != why &&
                                     !not_built_reason(w, why))
                fail_msg("%s/%s unsupported on %s: %s", spec->name, api_name(api),
                         the_lib.ver.name, why);
            continue;
        }
        if (w->self_check(&the_lib, spec, (api_path)api, why, sizeof why) != CHECK_PASS)
            fail_msg("%s/%s self-check failed on %s: %s", spec->name, api_name(api),
                     the_lib.ver.name, why);
        for (int op = 0; w->ops[op] != NULL; op++)
            for (size_t k = 0; k < nsizes; k++) {
                /* An op the path cannot do is an unsupported row (child.c), not a set-up. */
                if (w->op_available != NULL &&
                    w->op_available(&the_lib, spec, (api_path)api, op, why, sizeof why) != CHECK_PASS)
                    break;
                size_t bytes = w->sized ? sizes[k] : 0;
                if (w->block_multiple > 1 && bytes % w->block_multiple != 0)
                    continue;
                workload_loop loop = NULL;
                void *st = w->setup(&the_lib, spec, (api_path)api, op, bytes, &loop, why,
                                    sizeof why);
                if (st == NULL || loop == NULL)
                    fail_msg("%s/%s/%s setup(%zu) failed: %s", spec->name, api_name(api),
                             w->ops[op], bytes, why);
                bool ran = loop(st, 3);
                const char *err = ran ? "" : crypto_lib_last_error(&the_lib);
                w->teardown(st);
                if (!ran)
                    fail_msg("%s/%s/%s loop(3) at %zu bytes failed: %s", spec->name,
                             api_name(api), w->ops[op], bytes, err);
            }
        print_message("    %-12s %-8s ok\n", spec->name, api_name(api));
    }
}

/* A path the release is too old for says which release it needs: the fetch
 * path needs 3.0, or the later release its algorithm or calls came in
 * (ML-KEM 3.5, EVP_PKEY_sign_message_init 3.4); never this one or older. */
static void test_too_old_says_which_release(void **state)
{
    SKIP_IF_FOREIGN();
    (void)state;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        workload_spec ws;
        workload_example(workload_registry[i], &ws);
        char why[256] = "";
        workload_support s = workload_check(&the_lib, &ws, API_FETCH, why, sizeof why);
        if (s == WL_NO_SHAPE)
            continue;
        long series = the_lib.ver.series, named = 0;
        int major = 0, minor = 0;
        if (sscanf(why, "needs %d.%d or later", &major, &minor) == 2)
            named = major * 10000L + minor * 100L;
        if (s == WL_SUPPORTED)
            assert_true(crypto_lib_since(&the_lib, R_300));
        else if (needs_met(&ws, API_FETCH)) /* the functions are there: available() says why not */
            assert_true(why[0] != '\0');
        else if (named < R_300 || named <= series || named < ws.w->since)
            fail_msg("%s/fetch on %s: \"%s\"", ws.name, the_lib.ver.name, why);
    }
}

/* Every fixed line, and every listed member of a family (so every fixed
 * key's known answer; a family that lists none: the member its `param`
 * names): the specs the per-library tests run. */
static size_t test_specs(workload_spec *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->param_max == 0 && n < cap) {
            workload_example(w, &out[n++]);
            continue;
        }
        const int own[] = {w->param, 0};
        const int *m = w->members != NULL && w->members[0] != 0 ? w->members : own;
        for (; *m != 0 && n < cap; m++) {
            char name[32];
            snprintf(name, sizeof name, "%s%d", w->name, *m);
            if (!workload_parse(name, &out[n++]))
                n--;
        }
    }
    return n;
}

static int run_library(const char *path)
{
    lib_path = path;
    enum { MAX_SPECS = 256 }; /* every listed member: grows with speed's lists */
    static workload_spec specs[MAX_SPECS];
    static char names[MAX_SPECS][48];
    static struct CMUnitTest tests[MAX_SPECS + 1];
    size_t n = test_specs(specs, MAX_SPECS);
    if (n == MAX_SPECS) { /* some would go untested */
        fprintf(stderr, "test_workloads: more than %d specs: raise MAX_SPECS\n", MAX_SPECS - 1);
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        snprintf(names[i], sizeof names[i], "workload %s", specs[i].name);
        tests[i] = (struct CMUnitTest){names[i], test_workload, NULL, NULL, &specs[i]};
    }
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_too_old_says_which_release);
    char name[600];
    snprintf(name, sizeof name, "workloads on %s", path);
    return _cmocka_run_group_tests(name, tests, n, lib_setup, lib_teardown);
}

int main(void)
{
    int failures = 0;
    const char *env = getenv("OSSLBENCH_TEST_LIBS");
    char *libs = strdup(env != NULL && env[0] != '\0' ? env : DEFAULT_LIB);
    if (libs == NULL)
        return 1;
    char *save = NULL;
    for (char *p = strtok_r(libs, ":", &save); p != NULL; p = strtok_r(NULL, ":", &save)) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            failures++;
            continue;
        }
        if (pid == 0)
            exit(run_library(p) == 0 ? 0 : 1);
        int status = 0;
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            if (WIFSIGNALED(status))
                fprintf(stderr, "[  ERROR   ] %s: test process killed by signal %d\n", p,
                        WTERMSIG(status));
            else
                fprintf(stderr, "[  FAILED  ] workloads on %s\n", p);
            failures++;
        }
    }
    free(libs);
    return failures == 0 ? 0 : 1;
}
