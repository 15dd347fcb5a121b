#include "option_table.h"

#include "../harness/suggest.h"

#include <string.h>

enum { MAX_SPECS = 64, LEFT_WIDTH = 21 };

bool option_set_flag(const option_spec *spec, void *dest, const char *typed, const char *value,
                     char *why, size_t n)
{
    (void)typed, (void)value, (void)why, (void)n;
    *(bool *)((char *)dest + spec->offset) = true;
    return true;
}

bool option_set_text(const option_spec *spec, void *dest, const char *typed, const char *value,
                     char *why, size_t n)
{
    (void)typed, (void)why, (void)n;
    *(const char **)((char *)dest + spec->offset) = value;
    return true;
}

int option_refuse(const option_table *t, const char *why)
{
    fprintf(stderr, "osslbench %s: %s\n", t->command, why);
    return OPTIONS_BAD;
}

static bool is_help(const char *word)
{
    return strcmp(word, "--help") == 0 || strcmp(word, "-h") == 0;
}

static const option_spec *find(const option_table *t, const char *word)
{
    for (const option_spec *s = t->specs; s->name != NULL; s++)
        if (strcmp(word, s->name) == 0 || (s->alias != NULL && strcmp(word, s->alias) == 0))
            return s;
    return NULL;
}

/* "unknown option '--tme' (did you mean '--time'?)": the long names are
 * compared without their "--", so the shared prefix makes no typo look near. */
static int refuse_unknown(const option_table *t, const char *word, char *out, size_t n)
{
    const char *names[MAX_SPECS];
    size_t count = 0;
    for (const option_spec *s = t->specs; s->name != NULL && count < MAX_SPECS; s++)
        names[count++] = s->name + 2;
    const char *near = strncmp(word, "--", 2) == 0 && word[2] != '\0'
                           ? suggest_nearest(word + 2, names, count)
                           : NULL;
    char hint[96];
    if (near != NULL)
        snprintf(hint, sizeof hint, "did you mean '--%s'?", near);
    else
        snprintf(hint, sizeof hint, "%s", t->hint);
    snprintf(out, n, t->unknown_fmt, word, hint);
    return OPTIONS_BAD;
}

bool option_has_value(const option_table *t, const char *option)
{
    const option_spec *spec = find(t, option);
    return spec != NULL && spec->value != NULL;
}

bool option_take_value(const option_table *t, const char *option, void *dest, const char *value,
                       char *why, size_t n)
{
    const option_spec *spec = find(t, option);
    if (spec == NULL || spec->value == NULL) {
        snprintf(why, n, "osslbench %s has no option %s with a value", t->command, option);
        return false;
    }
    return spec->take(spec, dest, option, value, why, n);
}

int option_parse_why(const option_table *t, int argc, char **argv, void *dest, char *why, size_t n)
{
    bool options_end = false;
    for (int i = 1; i < argc; i++) {
        const char *word = argv[i];
        bool positional = t->positional != NULL &&
                          (options_end || word[0] != '-' || strcmp(word, "-") == 0);
        if (positional) {
            if (!t->positional(NULL, dest, NULL, word, why, n))
                return OPTIONS_BAD;
            continue;
        }
        if (t->positional != NULL && strcmp(word, "--") == 0) {
            options_end = true;
            continue;
        }
        if (is_help(word))
            return OPTIONS_HELP;
        const option_spec *spec = find(t, word);
        if (spec == NULL)
            return refuse_unknown(t, word, why, n);
        const char *value = NULL;
        if (spec->value != NULL) {
            if (i + 1 >= argc) {
                snprintf(why, n, t->missing_fmt, word);
                return OPTIONS_BAD;
            }
            value = argv[++i];
        }
        if (!spec->take(spec, dest, word, value, why, n))
            return OPTIONS_BAD;
    }
    return OPTIONS_READY;
}

int option_parse(const option_table *t, int argc, char **argv, void *dest)
{
    char why[512];
    int rc = option_parse_why(t, argc, argv, dest, why, sizeof why);
    if (rc == OPTIONS_HELP)
        option_usage(t, stdout);
    return rc == OPTIONS_BAD ? option_refuse(t, why) : rc;
}

/* "  -l, --lib [LABEL=]PATH" and its help, each further line of it indented
 * to the help column; a left side too wide for it puts the help below. */
static void print_entry(FILE *f, const char *alias, const char *name, const char *value,
                        const char *help)
{
    char left[128];
    snprintf(left, sizeof left, "%s%s%s%s%s", alias ? alias : "", alias ? ", " : "    ", name,
             value ? " " : "", value ? value : "");
    int width = (int)strlen(left);
    fprintf(f, "  %s", left);
    if (width > LEFT_WIDTH)
        fprintf(f, "\n%*s", LEFT_WIDTH + 2, "");
    else
        fprintf(f, "%*s", LEFT_WIDTH - width, "");
    for (const char *line = help; *line != '\0';) {
        size_t len = strcspn(line, "\n");
        fprintf(f, " %.*s\n", (int)len, line);
        line += len;
        if (*line == '\n' && *++line != '\0')
            fprintf(f, "%*s", LEFT_WIDTH + 2, "");
    }
}

void option_usage(const option_table *t, FILE *f)
{
    fputs(t->synopsis, f);
    for (const option_spec *s = t->specs; s->name != NULL; s++)
        print_entry(f, s->alias, s->name, s->value, s->help_now ? s->help_now() : s->help);
    print_entry(f, "-h", "--help", NULL, "this text");
    if (t->epilogue != NULL)
        fputs(t->epilogue, f);
}
