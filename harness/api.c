#include "workload.h"

#include <string.h>

static const struct {
    const char *name, *doc;
} apis[API_COUNT] = {
#define API(id, name, doc) [id] = {name, doc},
#include "apis.def"
#undef API
};

static const char *const kinds[KIND_COUNT] = {
    [KIND_SYMMETRIC] = "symmetric",
    [KIND_PUBLIC_KEY] = "public-key",
    [KIND_KEY_EXCHANGE] = "key-exchange",
    [KIND_RANDOM] = "random",
    [KIND_TLS] = "tls",
};

const char *api_name(api_path api)
{
    return api < API_COUNT ? apis[api].name : "?";
}

const char *api_doc(api_path api)
{
    return api < API_COUNT ? apis[api].doc : "?";
}

bool api_parse(const char *name, api_path *out)
{
    for (int i = 0; i < API_COUNT; i++)
        if (strcmp(name, apis[i].name) == 0) {
            *out = (api_path)i;
            return true;
        }
    return false;
}

const char *kind_name(workload_kind kind)
{
    return kind < KIND_COUNT ? kinds[kind] : "?";
}
