#include "workload.h"

#include <string.h>

static const char *const api_names[API_COUNT] = {"legacy", "evp", "fetch"};

const char *api_name(api_path api)
{
    return api < API_COUNT ? api_names[api] : "?";
}

bool api_parse(const char *name, api_path *out)
{
    for (int i = 0; i < API_COUNT; i++)
        if (strcmp(name, api_names[i]) == 0) {
            *out = (api_path)i;
            return true;
        }
    return false;
}
