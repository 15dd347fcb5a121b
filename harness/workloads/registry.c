/* The workload registry and command-line names ("sha256", "rsa2048"). */
#include "../suggest.h"
#include "../../csv/units.h"
#include "../workload.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define WL(sym) extern const workload sym;
#include "registry.def"
#undef WL

const workload *const workload_registry[] = {
#define WL(sym) &sym,
#include "registry.def"
#undef WL
    NULL,
};

const char *workload_unit(const workload *w)
{
    return w->sized ? UNIT_BYTES : UNIT_OPS;
}

static bool is_family(const workload *w)
{
    return w->param_max > 0;
}

/* The algorithm part of a by-name line's name: what `openssl list
 * -cipher-algorithms` prints (aes-128-gcm, SHA2-512/256 aside), never a path
 * or shell text, and short enough for the CSV's workload column. */
#define ANY_NAME_RULE "letters, digits, '-', '_' and '.', starting with a letter or digit"
enum { SPEC_NAME_MAX = sizeof ((workload_spec *)0)->name - 1 };
static bool any_name_valid(const workload *w, const char *s)
{
    size_t len = strlen(s);
    if (len == 0 || len + strlen(w->name) > SPEC_NAME_MAX || !isalnum((unsigned char)*s))
        return false;
    for (; *s != '\0'; s++)
        if (!isalnum((unsigned char)*s) && strchr("-_.", *s) == NULL)
            return false;
    return true;
}

static const workload *any_name_line(const char *name)
{
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->any_name_example != NULL && strncmp(name, w->name, strlen(w->name)) == 0)
            return w;
    }
    return NULL;
}

const char *workload_name_rule(const char *name)
{
    static char rule[160];
    const workload *w = name != NULL ? any_name_line(name) : NULL;
    if (w == NULL || any_name_valid(w, name + strlen(w->name)))
        return NULL;
    snprintf(rule, sizeof rule, "%sNAME: NAME is 1 to %zu " ANY_NAME_RULE " (%s%s)", w->name,
             SPEC_NAME_MAX - strlen(w->name), w->name, w->any_name_example);
    return rule;
}

/* "<digits>" with no sign, no leading zero, within [lo, hi]. */
static bool parse_param(const char *s, int lo, int hi, int *out)
{
    if (*s < '1' || *s > '9')
        return false;
    long v = 0;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (*s - '0');
        if (v > hi)
            return false;
    }
    if (v < lo)
        return false;
    *out = (int)v;
    return true;
}

static void fill_spec(const workload *w, int param, workload_spec *out)
{
    out->w = w;
    out->param = param;
    if (is_family(w))
        snprintf(out->name, sizeof out->name, "%s%d", w->name, param);
    else
        snprintf(out->name, sizeof out->name, "%s", w->name);
}

bool workload_parse(const char *name, workload_spec *out)
{
    if (name == NULL)
        return false;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        size_t len = strlen(w->name);
        int param = w->param;
        if (w->any_name_example != NULL) {
            if (strncmp(name, w->name, len) != 0 || !any_name_valid(w, name + len))
                continue;
            out->w = w;
            out->param = 0;
            snprintf(out->name, sizeof out->name, "%s", name);
            return true;
        }
        if (is_family(w)) {
            if (strncmp(name, w->name, len) != 0 ||
                !parse_param(name + len, w->param_min, w->param_max, &param))
                continue;
        } else if (strcmp(name, w->name) != 0) {
            continue;
        }
        fill_spec(w, param, out);
        return true;
    }
    return false;
}

void workload_example(const workload *w, workload_spec *out)
{
    int param = w->param;
    if (is_family(w) && w->default_members != NULL && w->default_members[0] != 0)
        param = w->default_members[0];
    fill_spec(w, param, out);
    if (w->any_name_example != NULL)
        snprintf(out->name, sizeof out->name, "%s%s", w->name, w->any_name_example);
}

size_t workload_defaults(workload_spec *out, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (!is_family(w)) {
            if (w->in_default && n < cap)
                fill_spec(w, w->param, &out[n++]);
            continue;
        }
        for (const int *p = w->default_members; p != NULL && *p != 0 && n < cap; p++)
            fill_spec(w, *p, &out[n++]);
    }
    return n;
}

const char *workload_suggest(const char *name)
{
    /* Every fixed name and every listed member of a family. */
    enum { MAX_CANDIDATES = 256 };
    static workload_spec specs[MAX_CANDIDATES];
    const char *candidates[MAX_CANDIDATES];
    size_t count = 0;
    if (name == NULL)
        return NULL;
    for (size_t i = 0; workload_registry[i] != NULL && count < MAX_CANDIDATES; i++) {
        const workload *w = workload_registry[i];
        if (!is_family(w)) {
            fill_spec(w, w->param, &specs[count]);
            candidates[count] = specs[count].name;
            count++;
            continue;
        }
        for (const int *p = w->members; p != NULL && *p != 0 && count < MAX_CANDIDATES; p++) {
            fill_spec(w, *p, &specs[count]);
            candidates[count] = specs[count].name;
            count++;
        }
    }
    return suggest_nearest(name, candidates, count);
}
