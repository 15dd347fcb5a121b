/* `osslbench knobs --make|--shell [--repo DIR]`: make's and the scripts'
 * views of the knob tables (tools/knobs.tsv, tools/knob-kinds.tsv), which
 * knobs/knob_table.c is the one reader of.  Make must know the knob names
 * while it reads its makefiles, before any recipe or shell runs (a knob is
 * turned into a plain value there: tools/knobs.mk), and make's check runs
 * before bin/osslbench is built; so the views are files in the tree,
 * tools/knobs.gen.mk and tools/knobs.gen.sh (`make knob-views` writes them,
 * tests/knobs.bats fails while they are not what this prints). */
#include "commands.h"
#include "../knobs/knob_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char header[] = "written by `bin/osslbench knobs %s` from tools/knobs.tsv and\n"
                             "%s tools/knob-kinds.tsv: edit those, then `make knob-views`.\n";

static int usage(FILE *f)
{
    fputs("usage: osslbench knobs --make|--shell [--repo DIR]\n\n"
          "Prints make's (--make) or the shell scripts' (--shell) view of the knob tables\n"
          "DIR/tools/knobs.tsv and DIR/tools/knob-kinds.tsv (DIR: the working folder):\n"
          "what tools/knobs.gen.mk and tools/knobs.gen.sh hold.\n",
          f);
    return f == stdout ? 0 : 2;
}

/* Is word one of list's items, apart by sep? */
static bool in_list(const char *list, char sep, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == sep) && (p[n] == sep || p[n] == '\0'))
            return true;
    return false;
}

/* The goals, each once, in the table's order, apart by blanks. */
static void goals_of(const knob_table *t, char *out, size_t n)
{
    out[0] = '\0';
    for (size_t i = 0; i < t->count; i++) {
        char goals[KNOB_FIELD_SIZE], *save = NULL;
        memcpy(goals, t->row[i].goals, sizeof goals);
        for (char *g = strtok_r(goals, ",", &save); g; g = strtok_r(NULL, ",", &save))
            if (!in_list(out, ' ', g))
                snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? " " : "", g);
    }
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(((const knob_row *)a)->name, ((const knob_row *)b)->name);
}

/* make: the variables tools/knobs.mk and the goals' makefiles use. */
static void write_make(const knob_table *t, const char *goals)
{
    printf("# tools/knobs.gen.mk — ");
    printf(header, "--make", "#");
    knob_row sorted[KNOB_ROWS_MAX];
    memcpy(sorted, t->row, t->count * sizeof *sorted);
    qsort(sorted, t->count, sizeof *sorted, cmp_name);
    printf("KNOBS :=");
    for (size_t i = 0; i < t->count; i++)
        printf(" %s", sorted[i].name);
    printf("\nKNOBS_GOALS_ALL := %s\n", goals);
    static const char *const lists[][2] = {
        {"KNOBS_TO_COMPARE", "compare"}, {"KNOBS_TO_FLEET", "own"}, {"KNOBS_TO_HOSTS", "host"}};
    for (size_t l = 0; l < 3; l++) {
        printf("%s :=", lists[l][0]);
        for (size_t i = 0; i < t->count; i++) {
            const knob_row *r = &t->row[i];
            bool take = l == 0 ? strcmp(r->compare, "-") != 0 : strcmp(r->fleet, lists[l][1]) == 0;
            if (take)
                printf(" %s", r->name);
        }
        putchar('\n');
    }
    char list[4096], *save = NULL;
    snprintf(list, sizeof list, "%s", goals);
    for (char *g = strtok_r(list, " ", &save); g; g = strtok_r(NULL, " ", &save)) {
        printf("KNOBS_OF_%s :=", g);
        for (size_t i = 0; i < t->count; i++)
            if (in_list(t->row[i].goals, ',', g))
                printf(" %s", t->row[i].name);
        putchar('\n');
    }
}

/* A word as bash reads it back: single-quoted. */
static void put_quoted(const char *s)
{
    putchar('\'');
    for (; *s; s++)
        fputs(*s == '\'' ? "'\\''" : (char[2]){*s, '\0'}, stdout);
    putchar('\'');
}

/* bash: the arrays tools/knobs.sh's functions read. */
static void write_shell(const knob_table *t, const char *goals)
{
    printf("# tools/knobs.gen.sh — ");
    printf(header, "--shell", "#");
    printf("# shellcheck shell=bash disable=SC2034 # tools/knobs.sh reads them\n");
    printf("declare -gA KIND_VALUES=() KIND_JUDGE=() KIND_WHAT=()\n");
    for (size_t i = 0; i < t->nkinds; i++) {
        const knob_kind *k = &t->kind[i];
        printf("KIND_VALUES[%s]=", k->kind), put_quoted(k->values);
        printf(" KIND_JUDGE[%s]=", k->kind), put_quoted(k->judge);
        printf(" KIND_WHAT[%s]=", k->kind), put_quoted(k->what);
        putchar('\n');
    }
    printf("KNOB_NAMES=(");
    for (size_t i = 0; i < t->count; i++)
        printf("%s%s", i ? " " : "", t->row[i].name);
    printf(")\nKNOB_GOALS='%s'\n", goals);
    printf("declare -gA KNOB_KIND=() KNOB_GOALS_OF=() KNOB_COMPARE=() KNOB_FLEET=()\n");
    for (size_t i = 0; i < t->count; i++) {
        const knob_row *r = &t->row[i];
        printf("KNOB_KIND[%s]=%s KNOB_GOALS_OF[%s]=,%s, KNOB_COMPARE[%s]=%s KNOB_FLEET[%s]=%s\n",
               r->name, r->kind, r->name, r->goals, r->name, r->compare, r->name, r->fleet);
    }
}

int cmd_knobs(int argc, char **argv)
{
    const char *view = NULL, *repo = ".";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return usage(stdout);
        if ((strcmp(argv[i], "--make") == 0 || strcmp(argv[i], "--shell") == 0) && view == NULL)
            view = argv[i];
        else if (strcmp(argv[i], "--repo") == 0 && i + 1 < argc)
            repo = argv[++i];
        else
            return usage(stderr);
    }
    if (view == NULL)
        return usage(stderr);
    static knob_table t;
    char why[4400];
    bool ok = knob_tables_read(repo, &t, why, sizeof why);
    /* a view names every knob's kind: none may be missing */
    for (size_t i = 0; ok && i < t.count; i++)
        if (knob_kind_find(&t, t.row[i].kind) == NULL) {
            snprintf(why, sizeof why,
                     "%s/tools/knobs.tsv: knob %s is of kind '%s', which %s/tools/knob-kinds.tsv lacks",
                     repo, t.row[i].name, t.row[i].kind, repo);
            ok = false;
        }
    if (!ok) {
        fprintf(stderr, "osslbench knobs: %s\n", why);
        return 2;
    }
    char goals[4096];
    goals_of(&t, goals, sizeof goals);
    if (strcmp(view, "--make") == 0)
        write_make(&t, goals);
    else
        write_shell(&t, goals);
    return fflush(stdout) == 0 ? 0 : 2;
}
