#include "providers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What a library before providers already has built in. */
static bool built_in_before_providers(const char *name)
{
    return strcmp(name, "default") == 0 || strcmp(name, "legacy") == 0 ||
           strcmp(name, "base") == 0;
}

static bool without_providers(const crypto_lib *lib, const provider_setup *ps, char *note,
                              size_t note_size, char *why, size_t n)
{
    if (ps->propquery != NULL) {
        snprintf(why, n, "--propquery needs OpenSSL 3.0 or later (%s has no providers)",
                 lib->ver.name);
        return false;
    }
    for (size_t i = 0; i < ps->count; i++)
        if (!built_in_before_providers(ps->names[i])) {
            snprintf(why, n, "--provider %s needs OpenSSL 3.0 or later (%s has no providers)",
                     ps->names[i], lib->ver.name);
            return false;
        }
    if (ps->count > 0)
        snprintf(note, note_size,
                 "--provider ignored: %s has no providers; their algorithms are built in",
                 lib->ver.name);
    return true;
}

static bool load(const crypto_lib *lib, const char *name, char *why, size_t n)
{
    if (lib->fn.OSSL_PROVIDER_load(NULL, name) != NULL)
        return true;
    const char *dir = getenv("OPENSSL_MODULES");
    snprintf(why, n, "provider '%s' did not load (modules from %s): %s", name,
             dir != NULL ? dir : "the library's default folder", crypto_lib_last_error(lib));
    return false;
}

typedef struct {
    const crypto_lib *lib;
    char *text;
    size_t size;
} listing;

static int list_one(cx_OSSL_PROVIDER *prov, void *arg)
{
    listing *l = arg;
    const char *version = NULL;
    cx_OSSL_PARAM params[2] = {{.key = "version",
                                .data_type = CX_OSSL_PARAM_UTF8_PTR,
                                .data = &version,
                                .data_size = sizeof version,
                                .return_size = (size_t)-1},
                               {0}};
    if (l->lib->fn.OSSL_PROVIDER_get_params == NULL ||
        !l->lib->fn.OSSL_PROVIDER_get_params(prov, params))
        version = NULL;
    size_t len = strlen(l->text);
    if (len < l->size)
        snprintf(l->text + len, l->size - len, "%s%s%s%s", len ? " " : "",
                 l->lib->fn.OSSL_PROVIDER_get0_name(prov), version ? ":" : "",
                 version ? version : "");
    return 1;
}

bool providers_set_up(const crypto_lib *lib, const provider_setup *ps, char *loaded,
                      size_t loaded_size, char *note, size_t note_size, char *why, size_t n)
{
    *loaded = *note = '\0';
    const crypto_fns *fn = &lib->fn;
    if (fn->OSSL_PROVIDER_load == NULL || fn->OSSL_PROVIDER_do_all == NULL ||
        fn->OSSL_PROVIDER_get0_name == NULL || fn->EVP_set_default_properties == NULL)
        return without_providers(lib, ps, note, note_size, why, n);
    /* Loading any provider by name turns off the automatic `default`
     * (openssl#21248): an algorithm outside the named ones would then be
     * missing.  It stays: a run that wants only FIPS code says so with
     * --propquery fips=yes, as OpenSSL's own documentation does. */
    if (ps->count > 0 && !load(lib, "default", why, n))
        return false;
    for (size_t i = 0; i < ps->count; i++)
        if (!load(lib, ps->names[i], why, n))
            return false;
    if (ps->propquery != NULL && !fn->EVP_set_default_properties(NULL, ps->propquery)) {
        snprintf(why, n, "--propquery '%s' is not a property query: %s", ps->propquery,
                 crypto_lib_last_error(lib));
        return false;
    }
    listing l = {lib, loaded, loaded_size};
    fn->OSSL_PROVIDER_do_all(NULL, list_one, &l);
    return true;
}

bool propquery_excludes(const crypto_lib *lib, const provider_setup *ps, const workload_spec *ws,
                        api_path api)
{
    const crypto_fns *fn = &lib->fn;
    if (ps == NULL || ps->propquery == NULL || fn->EVP_set_default_properties == NULL ||
        !fn->EVP_set_default_properties(NULL, ""))
        return false;
    char why[256];
    bool passes = workload_check(lib, ws, api, why, sizeof why) == WL_SUPPORTED &&
                  ws->w->self_check(lib, ws, api, why, sizeof why) == CHECK_PASS;
    fn->EVP_set_default_properties(NULL, ps->propquery);
    crypto_lib_last_error(lib); /* what the checks left queued */
    return passes;
}
