/* Reading tools/knobs.tsv: blank-separated fields (tools/knobs.sh reads it
 * with `read`, so a run of tabs is one separator), '#' lines are notes. */
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
    if (count != 5 || !name_ok(fields[0]))
        return false;
    memcpy(r->name, fields[0], strlen(fields[0]) + 1);
    memcpy(r->kind, fields[1], strlen(fields[1]) + 1);
    memcpy(r->goals, fields[2], strlen(fields[2]) + 1);
    memcpy(r->compare, fields[3], strlen(fields[3]) + 1);
    memcpy(r->fleet, fields[4], strlen(fields[4]) + 1);
    return true;
}

bool knob_table_read(const char *path, knob_table *t, char *why, size_t n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(why, n, "cannot read the knob table %s: %s", path, strerror(errno));
        return false;
    }
    char line[1024];
    size_t lineno = 0;
    bool ok = true;
    t->count = 0;
    while (ok && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            snprintf(why, n, "%s: line %zu is too long", path, lineno);
            ok = false;
        } else if (line[strspn(line, " \t\r\n")] == '\0' || line[0] == '#') {
            continue;
        } else if (t->count == KNOB_ROWS_MAX) {
            snprintf(why, n, "%s: more than %d knobs", path, KNOB_ROWS_MAX);
            ok = false;
        } else if (!split_row(line, &t->row[t->count])) {
            snprintf(why, n, "%s: line %zu is not NAME KIND GOALS COMPARE FLEET", path, lineno);
            ok = false;
        } else {
            t->count++;
        }
    }
    if (ok && ferror(f)) {
        snprintf(why, n, "cannot read the knob table %s", path);
        ok = false;
    }
    fclose(f);
    return ok;
}
