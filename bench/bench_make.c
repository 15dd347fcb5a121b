/* The mapping plots/compare.sh did, from the table rather than from code:
 * a knob whose compare column is a run option goes after -- (a flag's option
 * when it is 1, a providers list one option per name), one that is "self"
 * becomes bench's option of its name (LIBS: --libs, NO_BUILD: --no-build). */
#include "bench_make.h"

#include "../charts/chart_tools.h"
#include "../knobs/knob_grammar.h"
#include "../knobs/knob_table.h"
#include "system_lib.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAKE_ARGS_MAX = 1024 };

static int split_at(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--") == 0)
            return i;
    return argc;
}

bool bench_make_wanted(int argc, char **argv)
{
    int split = split_at(argc, argv);
    for (int i = 1; i < split; i++)
        if (strcmp(argv[i], "--from-make") == 0)
            return true;
    return false;
}

/* The value of a bench option given before --, or NULL. */
static const char *given(int split, char **argv, const char *name)
{
    for (int i = 1; i + 1 < split; i++)
        if (strcmp(argv[i], name) == 0)
            return argv[i + 1];
    return NULL;
}

static const char *env_or(const char *name, const char *fallback)
{
    const char *v = getenv(name);
    return v != NULL && v[0] != '\0' ? v : fallback;
}

/* A copy of text kept with a (freed with it; the table is not kept); NULL
 * when out of memory or room. */
static char *keep(bench_make_args *a, const char *text)
{
    if (a->nowned == 2 * MAKE_ARGS_MAX)
        return NULL;
    char *s = strdup(text);
    if (s != NULL)
        a->owned[a->nowned++] = s;
    return s;
}

typedef struct {
    char **v;
    int n;
    bool full;
} arg_list;

static void add(arg_list *l, char *word)
{
    if (word == NULL || l->n == MAKE_ARGS_MAX)
        l->full = true;
    else
        l->v[l->n++] = word;
}

/* "--no-build" for NO_BUILD: bench's option named as the knob is. */
static char *own_option(bench_make_args *a, const char *name)
{
    char opt[160] = "--";
    for (size_t i = 0; name[i] != '\0' && i + 3 < sizeof opt; i++)
        opt[i + 2] = name[i] == '_' ? '-' : (char)tolower((unsigned char)name[i]), opt[i + 3] = '\0';
    return keep(a, opt);
}

/* One set knob: its --knob record, then what it becomes. */
static void map_knob(bench_make_args *a, const knob_row *k, const char *v, arg_list *own, arg_list *run)
{
    char record[8192];
    snprintf(record, sizeof record, "%s=%s", k->name, v);
    add(own, "--knob");
    add(own, keep(a, record));
    if (v[0] == '\0')
        return; /* the default */
    bool flag = strcmp(k->kind, "flag") == 0;
    if (strcmp(k->compare, "self") == 0) {
        if (!flag || strcmp(v, "1") == 0)
            add(own, own_option(a, k->name));
        if (!flag)
            add(own, (char *)v);
    } else if (flag) {
        if (strcmp(v, "1") == 0)
            add(run, keep(a, k->compare));
    } else if (strcmp(k->kind, "providers") == 0) {
        char *words = keep(a, v), *save = NULL;
        for (char *w = words ? strtok_r(words, ", \t", &save) : NULL; w; w = strtok_r(NULL, ", \t", &save))
            add(run, keep(a, k->compare)), add(run, w);
    } else {
        add(run, keep(a, k->compare));
        add(run, (char *)v);
    }
}

static int fail(const char *why)
{
    fprintf(stderr, "compare: error: %s (nothing was built or run)\n", why);
    return 1;
}

/* The knobs, checked in the table's order (the first bad one is said). */
static int map_knobs(bench_make_args *a, const knob_table *t, arg_list *own, arg_list *run)
{
    char why[1024];
    for (size_t i = 0; i < t->count; i++) {
        const knob_row *k = &t->row[i];
        if (strcmp(k->compare, "-") == 0)
            continue;
        char var[KNOB_FIELD_SIZE + 16];
        snprintf(var, sizeof var, "COMPARE_%s", k->name);
        const char *v = getenv(var);
        if (v == NULL)
            continue;
        if (!knob_value_ok(t, k, v, why, sizeof why))
            return fail(why);
        map_knob(a, k, v, own, run);
    }
    return -1;
}

static int build(int argc, char **argv, bench_make_args *a, knob_table *t)
{
    int split = split_at(argc, argv);
    const char *repo = given(split, argv, "--repo");
    char path[4200], why[4400];
    if (!knob_tables_read(repo ? repo : ".", t, why, sizeof why))
        return fail(why);
    char *own_v[MAKE_ARGS_MAX], *run_v[MAKE_ARGS_MAX];
    arg_list own = {own_v, 0, false}, run = {run_v, 0, false};
    if (given(split, argv, "--make") == NULL)
        add(&own, "--make"), add(&own, (char *)env_or("COMPARE_MAKE", env_or("MAKE", "make")));
    if (given(split, argv, "--installed") == NULL && env_or("OSSLBENCH_BUILDS_DIR", NULL) != NULL) {
        snprintf(path, sizeof path, "%s/install", env_or("OSSLBENCH_BUILDS_DIR", NULL));
        add(&own, "--installed"), add(&own, keep(a, path));
    }
    int rc = map_knobs(a, t, &own, &run);
    if (rc >= 0)
        return rc;
    if (getenv("COMPARE_SYSTEM_LIB") == NULL) { /* found, or the likeliest path (left out) */
        system_lib_find(path, sizeof path);
        add(&own, "--system-lib"), add(&own, keep(a, path));
    }
    if (own.full || run.full)
        return fail("too many knob values");
    bool charts = true; /* make explain draws no gnuplot chart */
    for (int i = 1; i < split; i++)
        charts = charts && strcmp(argv[i], "--explain-only") != 0;
    if (charts && !chart_tools_ready(repo ? repo : "."))
        return 1;
    a->argv = calloc((size_t)(argc + own.n + run.n + 2), sizeof *a->argv);
    if (a->argv == NULL)
        return fail("out of memory");
    for (int i = 0; i < split; i++)
        a->argv[a->argc++] = argv[i];
    for (int i = 0; i < own.n; i++)
        a->argv[a->argc++] = own.v[i];
    a->argv[a->argc++] = "--";
    for (int i = split + 1; i < argc; i++)
        a->argv[a->argc++] = argv[i];
    for (int i = 0; i < run.n; i++)
        a->argv[a->argc++] = run.v[i];
    a->argv[a->argc] = NULL;
    return -1;
}

int bench_make_args_build(int argc, char **argv, bench_make_args *a)
{
    *a = (bench_make_args){0};
    knob_table *t = malloc(sizeof *t);
    a->owned = calloc(2 * MAKE_ARGS_MAX, sizeof *a->owned);
    int rc = t != NULL && a->owned != NULL ? build(argc, argv, a, t) : fail("out of memory");
    free(t);
    return rc;
}

void bench_make_args_free(bench_make_args *a)
{
    for (size_t i = 0; a->owned != NULL && i < a->nowned; i++)
        free(a->owned[i]);
    free(a->owned);
    free(a->argv);
    *a = (bench_make_args){0};
}
