/* The patterns and wording are tools/knob-kinds.tsv's, the table that
 * tools/knobs.sh's knob_problem reads too (tests/knobs.bats holds both to
 * the same lines). */
#include "knob_grammar.h"

#include "value_judge.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>

static bool matches(const char *re, const char *value)
{
    regex_t r;
    if (regcomp(&r, re, REG_EXTENDED | REG_NOSUB) != 0)
        return false;
    bool ok = regexec(&r, value, 0, NULL, 0) == 0;
    regfree(&r);
    return ok;
}

/* text, its unprintable bytes as '?', at most max bytes: safe in one line. */
static void visible(const char *text, size_t max, char *out, size_t n)
{
    size_t i = 0;
    for (; text[i] != '\0' && i < max && i + 1 < n; i++)
        out[i] = isprint((unsigned char)text[i]) ? text[i] : '?';
    out[i] = '\0';
}

bool knob_value_ok(const knob_table *t, const knob_row *k, const char *value, char *why,
                   size_t n)
{
    if (value[0] == '\0')
        return true;
    const knob_kind *g = knob_kind_find(t, k->kind);
    char shown[512];
    /* An unknown kind takes nothing but the default. */
    if (g == NULL || !matches(g->values, value)) {
        visible(value, 200, shown, sizeof shown);
        snprintf(why, n, "%s: '%s' is not %s", k->name, shown, g != NULL ? g->what : "");
        return false;
    }
    char parser[512];
    if (strcmp(g->judge, "-") == 0 || value_judge_check(g->judge, value, parser, sizeof parser))
        return true;
    visible(parser, 300, shown, sizeof shown);
    snprintf(why, n, "%s: %s", k->name, shown);
    return false;
}
