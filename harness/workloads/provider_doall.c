/* provider-doall: one operation = one walk over the activated providers of
 * the default library context, OSSL_PROVIDER_do_all(NULL, cb, &count) with
 * a callback that counts them, as perftools' providerdoall times it (3.0+:
 * the store's lock and each provider's reference; fetch path).  Known
 * answer: the walk counts the same providers twice through the loop, as
 * many as a walk that reads their names finds, each named provider is
 * available, and a callback that answers 0 stops the walk after one
 * provider with do_all failing. */
#include "common.h"

#include <stdlib.h>

typedef struct {
    const crypto_lib *lib;
    int count; /* the last walk's */
} doall_state;

static int count_one(cx_OSSL_PROVIDER *provider, void *arg)
{
    (void)provider;
    ++*(int *)arg;
    return 1;
}

static bool doall_loop(void *p, uint64_t iterations)
{
    doall_state *s = p;
    int (*doall)(cx_OSSL_LIB_CTX *, int (*)(cx_OSSL_PROVIDER *, void *), void *) =
        s->lib->fn.OSSL_PROVIDER_do_all;
    int count = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        count = 0;
        if (doall(NULL, count_one, &count) != 1)
            return false;
    }
    s->count = count;
    return true;
}

static void *doall_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                         size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)op, (void)bytes;
    if (api != API_FETCH)
        return wl_why(why, n, "%s has no %s call", ws->name, api_name(api)), NULL;
    *loop = doall_loop;
    doall_state *s = wl_alloc(sizeof *s, why, n);
    if (s != NULL)
        *s = (doall_state){lib, -1};
    return s;
}

static void doall_teardown(void *p)
{
    free(p);
}

typedef struct {
    const crypto_lib *lib;
    int named, unavailable, calls;
} name_walk;

static int name_one(cx_OSSL_PROVIDER *provider, void *arg)
{
    name_walk *w = arg;
    const char *name = w->lib->fn.OSSL_PROVIDER_get0_name(provider);
    w->named += name != NULL;
    w->unavailable += name == NULL || w->lib->fn.OSSL_PROVIDER_available(NULL, name) != 1;
    return 1;
}

static int stop_at_first(cx_OSSL_PROVIDER *provider, void *arg)
{
    (void)provider;
    ++((name_walk *)arg)->calls;
    return 0;
}

static check_result doall_self_check(const crypto_lib *lib, const workload_spec *ws,
                                     api_path api, char *why, size_t n)
{
    workload_loop loop;
    doall_state *s = doall_setup(lib, ws, api, 0, 0, &loop, why, n);
    if (s == NULL)
        return CHECK_FAIL;
    bool ok = loop(s, 1) || wl_fail(lib, why, n, "OSSL_PROVIDER_do_all failed");
    int first = s->count;
    ok = ok && (loop(s, 1) || wl_fail(lib, why, n, "OSSL_PROVIDER_do_all failed"));
    name_walk w = {lib, 0, 0, 0};
    if (ok && (first < 1 || s->count != first))
        ok = wl_why(why, n, "the walks counted %d and %d providers", first, s->count);
    if (ok && (lib->fn.OSSL_PROVIDER_do_all(NULL, name_one, &w) != 1 || w.named != first ||
               w.unavailable != 0))
        ok = wl_why(why, n, "a walk for names found %d named (%d unavailable), the loop %d",
                    w.named, w.unavailable, first);
    if (ok && (lib->fn.OSSL_PROVIDER_do_all(NULL, stop_at_first, &w) != 0 || w.calls != 1))
        ok = wl_why(why, n, "a callback answering 0 did not stop the walk (%d calls)", w.calls);
    crypto_lib_last_error(lib);
    doall_teardown(s);
    return wl_result(ok);
}

static const char *const doall_ops[] = {"walk", NULL};

const workload wl_provider_doall = {
    .name = "provider-doall",
    .kind = KIND_SYMMETRIC,
    .ops = doall_ops,
    .family = "context",
    .doc = "walk the default library context's providers with a counting callback "
           "(OSSL_PROVIDER_do_all)",
    .needs = {[API_FETCH] = "OSSL_PROVIDER_do_all OSSL_PROVIDER_get0_name "
                            "OSSL_PROVIDER_available"},
    .self_check = doall_self_check,
    .setup = doall_setup,
    .teardown = doall_teardown,
};
