/* The regexes and wording are tools/knobs.sh's knob_problem, kind for kind
 * (tests/knobs.bats holds both to the same lines). */
#include "knob_grammar.h"

#include "value_kinds.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <string.h>

/* The characters any value of a runner kind can have: enough to refuse
 * code; its parser judges the rest. */
#define ALPHA_WORD "^[A-Za-z0-9._,:%+ -]*$"
#define ALPHA_LABEL "^[A-Za-z0-9._+, -]*$"
#define ALPHA_PATH "^[A-Za-z0-9._,:%+/ -]*$"
#define NAMES_RE "^[ ,]*[A-Za-z0-9._/+-]+([ ,]+[A-Za-z0-9._/+-]+)*[ ,]*$"
#define LOGINS_RE "^ *[A-Za-z0-9_][A-Za-z0-9_.@:%-]*( +[A-Za-z0-9_][A-Za-z0-9_.@:%-]*)* *$"

typedef struct {
    const char *kind, *re, *what;
} kind_grammar;

static const kind_grammar grammars[] = {
    {"workloads", ALPHA_WORD, "a comma-separated workload list"},
    {"workload", ALPHA_WORD, "a workload name"},
    {"sizes", ALPHA_WORD, "a comma-separated list of sizes"},
    {"size", ALPHA_WORD, "a size in bytes (16, 1024, 8k)"},
    {"apis", ALPHA_WORD, "a comma-separated API list (legacy,evp,fetch)"},
    {"time", ALPHA_WORD, "a number of seconds"},
    {"precision", ALPHA_WORD, "a precision (0.01 or 1%)"},
    {"duration", ALPHA_WORD, "a duration (seconds, or 90s, 6m, 1.5h)"},
    {"threads", ALPHA_WORD, "a comma-separated list of counts"},
    {"procs", ALPHA_WORD, "a comma-separated list of counts"},
    {"clock", ALPHA_WORD, "wall or cpu"},
    {"metric", ALPHA_WORD, "time or instructions"},
    {"providers", ALPHA_PATH, "a list of names, comma- or space-separated"},
    {"threshold", ALPHA_WORD, "a percentage"},
    {"label", ALPHA_LABEL, "a release label"},
    {"labels", ALPHA_LABEL, "a list of release labels"},
    {"count", "^[0-9]+$", "a whole number"},
    {"names", NAMES_RE, "a list of names, comma- or space-separated"},
    {"flag", "^[01]$", "0 or 1"},
    {"host", "^[A-Za-z0-9][A-Za-z0-9._-]*$", "a host label"},
    {"logins", LOGINS_RE, "a list of ssh logins (user@host or an alias)"},
    {"retries", "^[1-9]$", "a number of attempts (1-9)"},
    {"reldir", "^[A-Za-z0-9._/-]+$", "a plain folder path"},
    {"command", "^[A-Za-z0-9._/=+:@%,~ -]+$", "a command with plain options (no shell characters)"},
    {"ref", "^[A-Za-z0-9._/@^~{}:+-]+$", "a commit, tag or branch name"},
    {"format", "^(term|csv|md)$", "term, csv or md"},
    {"words", "^[A-Za-z0-9._,=:/+@% -]*$", "a list of plain words (no shell characters)"},
    {"arch", "^[a-z0-9_]+$", "an architecture name (aarch64)"},
    {"path", "^[^[:cntrl:]$`;|&<>\"'\\\\]*$",
     "a path (no $, `, ;, |, &, <, >, quotes, backslashes or control characters)"},
};

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

bool knob_value_ok(const knob_row *k, const char *value, char *why, size_t n)
{
    if (value[0] == '\0')
        return true;
    const kind_grammar *g = NULL;
    for (size_t i = 0; i < sizeof grammars / sizeof grammars[0]; i++)
        if (strcmp(grammars[i].kind, k->kind) == 0)
            g = &grammars[i];
    char shown[512];
    /* An unknown kind takes nothing but the default; a reldir never climbs. */
    bool fits = g != NULL && matches(g->re, value);
    if (fits && strcmp(k->kind, "reldir") == 0 && strstr(value, "..") != NULL)
        fits = false;
    if (!fits) {
        visible(value, 200, shown, sizeof shown);
        snprintf(why, n, "%s: '%s' is not %s", k->name, shown, g != NULL ? g->what : "");
        return false;
    }
    const value_kind *runner = value_kind_find(k->kind);
    char parser[512];
    if (runner == NULL || value_kind_check(runner, value, parser, sizeof parser))
        return true;
    visible(parser, 300, shown, sizeof shown);
    snprintf(why, n, "%s: %s", k->name, shown);
    return false;
}
