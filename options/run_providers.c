#include "run_providers.h"

#include "run_options.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* A value reaches the library and the CSV: one printable line, and not an
 * option (a forgotten value). */
static bool plain_value(const char *typed, const char *v, size_t cap, char *why, size_t n)
{
    if (*v == '\0' || *v == '-') {
        snprintf(why, n, "%s needs a value, got %s", typed, *v ? v : "an empty one");
        return false;
    }
    if (strlen(v) >= cap) {
        snprintf(why, n, "%s: '%.40s...' is longer than %zu characters", typed, v, cap - 1);
        return false;
    }
    for (const char *c = v; *c; c++)
        if (!isprint((unsigned char)*c)) {
            snprintf(why, n, "%s: a value is one line of printable characters", typed);
            return false;
        }
    return true;
}

bool take_provider(const option_spec *o, void *dest, const char *typed, const char *v,
                   char *why, size_t n)
{
    (void)o;
    provider_setup *ps = &((run_args *)dest)->plan.providers;
    /* Each name, with its version, must fit the providers column. */
    if (!plain_value(typed, v, PROVIDERS_SIZE / MAX_PROVIDERS - 24, why, n))
        return false;
    for (size_t i = 0; i < ps->count; i++)
        if (strcmp(ps->names[i], v) == 0) {
            snprintf(why, n, "provider %s is given twice", v);
            return false;
        }
    if (ps->count == MAX_PROVIDERS) {
        snprintf(why, n, "at most %d providers", MAX_PROVIDERS);
        return false;
    }
    ps->names[ps->count++] = v;
    return true;
}

bool take_propquery(const option_spec *o, void *dest, const char *typed, const char *v,
                    char *why, size_t n)
{
    (void)o;
    provider_setup *ps = &((run_args *)dest)->plan.providers;
    if (ps->propquery != NULL) {
        snprintf(why, n, "%s is given twice", typed);
        return false;
    }
    if (!plain_value(typed, v, PROPQUERY_SIZE, why, n))
        return false;
    ps->propquery = v;
    return true;
}
