/* Reading tools/knobs.tsv (blank-separated fields: a run of tabs is one
 * separator) and tools/knob-kinds.tsv (TAB-separated: a pattern may hold
 * blanks); '#' lines are notes.  The one reader of both: make and the
 * scripts read the views `osslbench knobs` writes of them. */
#include "knob_table.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static bool name_ok(const char *s)
{
    if (*s < 'A' || *s > 'Z')
        return false;
    return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == strlen(s);
}

/* A kind, or goals apart by commas: lower-case words, so that make's and
 * bash's views of the table (cli/cmd_knobs.c) hold them as they are. */
static bool words_ok(const char *s)
{
    return *s >= 'a' && *s <= 'z' &&
           strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789,-") == strlen(s);
}

/* A run option ("--sizes"), "self" (bench's own) or "-". */
static bool compare_ok(const char *s)
{
    return strcmp(s, "-") == 0 || strcmp(s, "self") == 0 ||
           (strncmp(s, "--", 2) == 0 && words_ok(s + 2));
}

static bool fleet_ok(const char *s)
{
    return strcmp(s, "host") == 0 || strcmp(s, "own") == 0 || strcmp(s, "-") == 0;
}

/* One row's fields into r; false when it has not exactly five that fit. */
static bool split_row(char *line, knob_row *r)
{
    char *fields[5], *save = NULL, *w = strtok_r(line, " \t\r\n", &save);
    size_t count = 0;
    for (; w != NULL; w = strtok_r(NULL, " \t\r\n", &save)) {
        if (count == 5 || strlen(w) >= KNOB_FIELD_SIZE)
            return false;
        fields[count++] = w;
    }
    if (count != 5 || !name_ok(fields[0]) || !words_ok(fields[1]) || !words_ok(fields[2]) ||
        !compare_ok(fields[3]) || !fleet_ok(fields[4]))
        return false;
    memcpy(r->name, fields[0], strlen(fields[0]) + 1);
    memcpy(r->kind, fields[1], strlen(fields[1]) + 1);
    memcpy(r->goals, fields[2], strlen(fields[2]) + 1);
    memcpy(r->compare, fields[3], strlen(fields[3]) + 1);
    memcpy(r->fleet, fields[4], strlen(fields[4]) + 1);
    return true;
}

/* KIND VALUES JUDGE WHAT, each field between tabs, none empty. */
static bool split_kind(char *line, knob_kind *k)
{
    line[strcspn(line, "\r\n")] = '\0';
    char *field[4] = {line, NULL, NULL, NULL};
    for (int i = 1; i < 4; i++) {
        char *tab = field[i - 1] == NULL ? NULL : strchr(field[i - 1], '\t');
        if (tab != NULL)
            *tab = '\0', field[i] = tab + 1;
    }
    char *dest[4] = {k->kind, k->values, k->judge, k->what};
    for (int i = 0; i < 4; i++) {
        if (field[i] == NULL || field[i][0] == '\0' || strlen(field[i]) >= KNOB_FIELD_SIZE ||
            (i == 3 && strchr(field[i], '\t') != NULL))
            return false;
        memcpy(dest[i], field[i], strlen(field[i]) + 1);
    }
    return strspn(k->kind, "abcdefghijklmnopqrstuvwxyz") == strlen(k->kind);
}

/* One line of either file into t; false with the reason. */
typedef bool take_line(char *line, knob_table *t, const char *path, size_t lineno, char *why,
                       size_t n);

static bool take_knob(char *line, knob_table *t, const char *path, size_t lineno, char *why,
                      size_t n)
{
    if (t->count == KNOB_ROWS_MAX)
        snprintf(why, n, "%s: more than %d knobs", path, KNOB_ROWS_MAX);
    else if (!split_row(line, &t->row[t->count]))
        snprintf(why, n, "%s: line %zu is not NAME KIND GOALS COMPARE FLEET", path, lineno);
    else {
        t->count++;
        return true;
    }
    return false;
}

static bool take_kind(char *line, knob_table *t, const char *path, size_t lineno, char *why,
                      size_t n)
{
    if (t->nkinds == KNOB_KINDS_MAX)
        snprintf(why, n, "%s: more than %d kinds", path, KNOB_KINDS_MAX);
    else if (!split_kind(line, &t->kind[t->nkinds]))
        snprintf(why, n, "%s: line %zu is not KIND VALUES JUDGE WHAT (tab-separated)", path,
                 lineno);
    else {
        t->nkinds++;
        return true;
    }
    return false;
}

static bool read_lines(const char *path, knob_table *t, take_line *take, char *why, size_t n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(why, n, "cannot read the knob table %s: %s", path, strerror(errno));
        return false;
    }
    char line[1024];
    size_t lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            snprintf(why, n, "%s: line %zu is too long", path, lineno);
            ok = false;
        } else if (line[strspn(line, " \t\r\n")] != '\0' && line[0] != '#') {
            ok = take(line, t, path, lineno, why, n);
        }
    }
    if (ok && ferror(f)) {
        snprintf(why, n, "cannot read the knob table %s", path);
        ok = false;
    }
    fclose(f);
    return ok;
}

bool knob_table_read(const char *path, knob_table *t, char *why, size_t n)
{
    t->count = 0;
    return read_lines(path, t, take_knob, why, n);
}

bool knob_kinds_read(const char *path, knob_table *t, char *why, size_t n)
{
    t->nkinds = 0;
    return read_lines(path, t, take_kind, why, n);
}

bool knob_tables_read(const char *repo, knob_table *t, char *why, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/tools/knobs.tsv", repo);
    if (!knob_table_read(path, t, why, n))
        return false;
    snprintf(path, sizeof path, "%s/tools/knob-kinds.tsv", repo);
    return knob_kinds_read(path, t, why, n);
}

const knob_kind *knob_kind_find(const knob_table *t, const char *kind)
{
    for (size_t i = 0; i < t->nkinds; i++)
        if (strcmp(t->kind[i].kind, kind) == 0)
            return &t->kind[i];
    return NULL;
}
