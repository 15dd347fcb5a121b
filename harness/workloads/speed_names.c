/* openssl speed's names as --workloads names: one table (speed_names.def)
 * read by the run's name resolution and by `list`. */
#include "speed_names.h"

#include "../suggest.h"
#include "../../compat/release.h"

#include <stdio.h>
#include <string.h>

enum {
    SP098 = 1u << 0,
    SP102 = 1u << 1,
    SP111 = 1u << 2,
    SP30 = 1u << 3,
    SP35 = 1u << 4,
    SP40 = 1u << 5,
    SP_ALL = (1u << SPEED_RELEASES) - 1,
    SP_FROM_102 = SP_ALL & ~SP098,
    SP_FROM_111 = SP_ALL & ~(SP098 | SP102),
    SP_FROM_30 = SP30 | SP35 | SP40,
    SP_FROM_35 = SP35 | SP40,
    SP_UPTO_111 = SP098 | SP102 | SP111,
    SP_OWN = 0,
    SYM = SPEED_SYMMETRIC,
    PK = SPEED_PUBLIC_KEY,
    SWITCH = SPEED_SWITCH,
    OWN = SPEED_OWN,
};

const speed_name speed_names[] = {
#define SPEED_NAME(list, name, workloads, releases) {(speed_list)(list), name, workloads, releases},
#include "speed_names.def"
#undef SPEED_NAME
};
const size_t speed_name_count = sizeof speed_names / sizeof *speed_names;

static const struct {
    const char *name;
    long series;
} releases[SPEED_RELEASES] = {
    {"0.9.8", R_098}, {"1.0.2", R_102}, {"1.1.1", R_111},
    {"3.0", R_300},   {"3.5", R_350},   {"4.0", 40000L},
};

const char *speed_list_name(speed_list l)
{
    static const char *const names[] = {"symmetric", "public-key", "switch", "own"};
    return (unsigned)l < sizeof names / sizeof *names ? names[l] : "?";
}

const char *speed_release_name(int i)
{
    return i >= 0 && i < SPEED_RELEASES ? releases[i].name : NULL;
}

long speed_release_series(int i)
{
    return i >= 0 && i < SPEED_RELEASES ? releases[i].series : R_NONE;
}

/* The name's line; of several (a family word that grew), the newest. */
static const speed_name *table_line(const char *name)
{
    const speed_name *found = NULL;
    for (size_t i = 0; i < speed_name_count; i++)
        if (strcmp(speed_names[i].name, name) == 0 &&
            (found == NULL || speed_names[i].releases > found->releases))
            found = &speed_names[i];
    return found;
}

/* Calls `each` for every word of a space-separated list; stops at false. */
static bool each_word(const char *list, bool (*each)(const char *word, void *ctx), void *ctx)
{
    char word[64];
    for (const char *p = list; *p != '\0';) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        if (len == 0)
            break;
        snprintf(word, sizeof word, "%.*s", (int)len, p);
        if (!each(word, ctx))
            return false;
        p += len;
    }
    return true;
}

typedef struct {
    workload_spec *out;
    size_t cap, count;
} expansion;

static bool add_spec(const char *name, void *ctx)
{
    expansion *e = ctx;
    workload_spec ws;
    if (!workload_parse(name, &ws))
        return true; /* a table line naming no workload: test_speed_names fails on it */
    if (e->count < e->cap)
        e->out[e->count] = ws;
    e->count++;
    return true;
}

/* Every name `list --workloads` prints: fixed lines and the listed members
 * of a family.  A line that takes no name of its own is left out by
 * add_spec's parse. */
static void add_every_workload(expansion *e)
{
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->param_max == 0) {
            add_spec(w->name, e);
            continue;
        }
        for (const int *p = w->members; p != NULL && *p != 0; p++) {
            char name[48];
            snprintf(name, sizeof name, "%s%d", w->name, *p);
            add_spec(name, e);
        }
    }
}

size_t speed_name_expand(const speed_name *sn, workload_spec *out, size_t cap)
{
    expansion e = {out, cap, 0};
    if (strcmp(sn->workloads, "*") == 0)
        add_every_workload(&e);
    else
        each_word(sn->workloads, add_spec, &e);
    return e.count;
}

size_t workload_expand(const char *name, workload_spec *out, size_t cap)
{
    if (name == NULL)
        return 0;
    if (workload_parse(name, &(workload_spec){0})) {
        expansion e = {out, cap, 0};
        add_spec(name, &e);
        return e.count;
    }
    const speed_name *sn = table_line(name);
    return sn != NULL ? speed_name_expand(sn, out, cap) : 0;
}

const char *workload_expand_suggest(const char *name)
{
    const char *candidates[256];
    size_t count = 0;
    const char *near = workload_suggest(name);
    if (near != NULL)
        candidates[count++] = near;
    for (size_t i = 0; i < speed_name_count && count < sizeof candidates / sizeof *candidates; i++)
        if (speed_names[i].workloads[0] != '\0') /* a switch names nothing to run */
            candidates[count++] = speed_names[i].name;
    return suggest_nearest(name, candidates, count);
}

static bool differs(const char *word, void *ctx)
{
    return strcmp(word, ctx) != 0;
}

bool speed_name_covers(const speed_name *sn, const char *canonical)
{
    if (strcmp(sn->workloads, "*") == 0)
        return true;
    return !each_word(sn->workloads, differs, (void *)canonical);
}

void speed_releases_text(unsigned mask, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < SPEED_RELEASES && len < n; i++) {
        if (!(mask & (1u << i)))
            continue;
        int last = i;
        while (last + 1 < SPEED_RELEASES && (mask & (1u << (last + 1))))
            last++;
        len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "," : "", releases[i].name);
        if (last > i && len < n)
            len += (size_t)snprintf(buf + len, n - len, "-%s", releases[last].name);
        i = last;
    }
    if (buf[0] == '\0')
        snprintf(buf, n, "-");
}

typedef struct {
    const workload *w;
    size_t words;
    bool lists;
} family_probe;

static bool probe_word(const char *word, void *ctx)
{
    family_probe *fp = ctx;
    workload_spec ws;
    fp->words++;
    if (workload_parse(word, &ws) && ws.w == fp->w)
        fp->lists = true;
    return true;
}

const char *workload_family(const workload_spec *ws)
{
    for (size_t i = 0; i < speed_name_count; i++) {
        family_probe fp = {ws->w, 0, false};
        if (strcmp(speed_names[i].workloads, "*") == 0)
            continue;
        each_word(speed_names[i].workloads, probe_word, &fp);
        if (fp.words >= 2 && fp.lists)
            return speed_names[i].name;
    }
    if (ws->w->family != NULL)
        return ws->w->family;
    for (const char *const *op = ws->w->ops; *op != NULL; op++)
        if (strcmp(*op, "encaps") == 0)
            return "kem";
    return kind_name(ws->w->kind);
}
