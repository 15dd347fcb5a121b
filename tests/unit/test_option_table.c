/* The generic option parser (options/option_table.c) on a table of its own:
 * flags, values, repeated options, refusals in one line, "did you mean",
 * `--`; and every command's --help listing every entry of its table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../cli/command_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    bool flag;
    const char *name;
    char items[4][16];
    size_t nitems;
    const char *words[4];
    size_t nwords;
} fake_args;

/* Repeatable: each --item adds one, an item given twice is refused. */
static bool take_item(const option_spec *o, void *dest, const char *typed, const char *v,
                      char *why, size_t n)
{
    (void)o, (void)typed;
    fake_args *a = dest;
    for (size_t i = 0; i < a->nitems; i++)
        if (strcmp(a->items[i], v) == 0) {
            snprintf(why, n, "item %s is given twice", v);
            return false;
        }
    if (a->nitems == 4) {
        snprintf(why, n, "at most 4 items");
        return false;
    }
    snprintf(a->items[a->nitems++], sizeof a->items[0], "%s", v);
    return true;
}

static bool take_word(const option_spec *o, void *dest, const char *typed, const char *v,
                      char *why, size_t n)
{
    (void)o, (void)typed;
    fake_args *a = dest;
    if (a->nwords == 4) {
        snprintf(why, n, "at most 4 words");
        return false;
    }
    a->words[a->nwords++] = v;
    return true;
}

static const option_spec fake_specs[] = {
    OPTION_FLAG("--flag", "-f", fake_args, flag, "a flag"),
    OPTION_TEXT("--name", NULL, "NAME", fake_args, name, "a value\nand a second line"),
    OPTION_VALUE("--item", "-i", "X", take_item, "repeatable"),
    OPTION_END,
};

static const option_table with_words = {
    .command = "fake",
    .specs = fake_specs,
    .synopsis = "usage: osslbench fake [options] WORD...\n",
    .epilogue = "the end\n",
    .positional = take_word,
    .missing_fmt = "%s needs a value",
    .unknown_fmt = "unknown option '%s' (%s)",
    .hint = "see --help",
};

static option_table no_words(void)
{
    option_table t = with_words;
    t.positional = NULL;
    return t;
}

static fake_args got;
static char err[1024], out[4096];

/* Reads what `fd` received into a tmpfile while `fn` ran. */
static void slurp(FILE *tmp, char *buf, size_t n)
{
    rewind(tmp);
    size_t len = fread(buf, 1, n - 1, tmp);
    buf[len] = '\0';
    fclose(tmp);
}

/* Parses argv (argv[0] = "fake") with t; what went to stderr and stdout is in err, out. */
static int parse_with(const option_table *t, int argc, char **argv)
{
    memset(&got, 0, sizeof got);
    FILE *e = tmpfile(), *o = tmpfile();
    assert_non_null(e);
    assert_non_null(o);
    fflush(stderr);
    fflush(stdout);
    int saved_err = dup(2), saved_out = dup(1);
    dup2(fileno(e), 2);
    dup2(fileno(o), 1);
    int rc = option_parse(t, argc, argv, &got);
    fflush(stderr);
    fflush(stdout);
    dup2(saved_err, 2);
    dup2(saved_out, 1);
    close(saved_err);
    close(saved_out);
    slurp(e, err, sizeof err);
    slurp(o, out, sizeof out);
    return rc;
}

#define ARGV(...) (char *[]){"fake", __VA_ARGS__}
#define ARGC(...) (int)(sizeof((char *[]){"fake", __VA_ARGS__}) / sizeof(char *))
#define PARSE(t, ...) parse_with(t, ARGC(__VA_ARGS__), ARGV(__VA_ARGS__))

static void flags_and_values(void **state)
{
    (void)state;
    assert_int_equal(PARSE(&with_words, "--flag", "--name", "n1"), OPTIONS_READY);
    assert_true(got.flag);
    assert_string_equal(got.name, "n1");
    assert_string_equal(err, "");
    assert_int_equal(PARSE(&with_words, "-f"), OPTIONS_READY);
    assert_true(got.flag);
    assert_null(got.name);
    /* the word after an option is its value, whatever it looks like */
    assert_int_equal(PARSE(&with_words, "--name", "--flag"), OPTIONS_READY);
    assert_string_equal(got.name, "--flag");
    assert_false(got.flag);
}

static void repeated_and_duplicates(void **state)
{
    (void)state;
    assert_int_equal(PARSE(&with_words, "--item", "a", "-i", "b", "--item", "c"), OPTIONS_READY);
    assert_int_equal(got.nitems, 3);
    assert_string_equal(got.items[2], "c");
    assert_int_equal(PARSE(&with_words, "--item", "a", "--item", "a", "--flag"), OPTIONS_BAD);
    assert_string_equal(err, "osslbench fake: item a is given twice\n");
    assert_false(got.flag); /* parsing stops at the first refusal */
}

static void missing_value(void **state)
{
    (void)state;
    assert_int_equal(PARSE(&with_words, "--flag", "--name"), OPTIONS_BAD);
    assert_string_equal(err, "osslbench fake: --name needs a value\n");
    assert_int_equal(PARSE(&with_words, "-i"), OPTIONS_BAD);
    assert_string_equal(err, "osslbench fake: -i needs a value\n");
}

static void unknown_with_suggestion(void **state)
{
    (void)state;
    assert_int_equal(PARSE(&with_words, "--nmae", "x"), OPTIONS_BAD);
    assert_string_equal(err, "osslbench fake: unknown option '--nmae' (did you mean '--name'?)\n");
    assert_int_equal(PARSE(&with_words, "--zzzzzzzz"), OPTIONS_BAD);
    assert_string_equal(err, "osslbench fake: unknown option '--zzzzzzzz' (see --help)\n");
    assert_int_equal(PARSE(&with_words, "-x"), OPTIONS_BAD);
    assert_string_equal(err, "osslbench fake: unknown option '-x' (see --help)\n");
}

static void words_and_double_dash(void **state)
{
    (void)state;
    assert_int_equal(PARSE(&with_words, "w1", "-", "--flag", "--", "--item", "-f"),
                     OPTIONS_READY);
    assert_true(got.flag);
    assert_int_equal(got.nitems, 0);
    assert_int_equal(got.nwords, 4);
    assert_string_equal(got.words[1], "-");
    assert_string_equal(got.words[2], "--item");
    assert_string_equal(got.words[3], "-f");
    /* a command without words refuses them, and `--` with them */
    option_table t = no_words();
    assert_int_equal(PARSE(&t, "w1"), OPTIONS_BAD);
    assert_string_equal(err, "osslbench fake: unknown option 'w1' (see --help)\n");
    assert_int_equal(PARSE(&t, "--"), OPTIONS_BAD);
    assert_string_equal(err, "osslbench fake: unknown option '--' (see --help)\n");
}

static void help_stops_parsing(void **state)
{
    (void)state;
    assert_int_equal(PARSE(&with_words, "--flag", "-h", "--bogus"), OPTIONS_HELP);
    assert_string_equal(err, "");
    assert_non_null(strstr(out, "usage: osslbench fake"));
    assert_non_null(strstr(out, "  -f, --flag"));
    assert_non_null(strstr(out, "      --name NAME"));
    assert_non_null(strstr(out, "and a second line\n"));
    assert_non_null(strstr(out, "-h, --help"));
    assert_non_null(strstr(out, "the end\n"));
    assert_int_equal(PARSE(&with_words, "--bogus", "--help"), OPTIONS_BAD);
    assert_string_equal(out, "");
}

/* Each command's --help names every option of its table with its alias and
 * value, and the first line of what it does: derived from the table, so a
 * line added there is checked here too. */
static void help_lists_every_entry(void **state)
{
    (void)state;
    for (size_t c = 0; c < command_option_table_count; c++) {
        const option_table *t = command_option_tables[c];
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        assert_non_null(f);
        option_usage(t, f);
        fclose(f);
        for (const option_spec *s = t->specs; s->name != NULL; s++) {
            char left[128], first[256];
            snprintf(left, sizeof left, "%s%s%s%s%s", s->alias ? s->alias : "",
                     s->alias ? ", " : "    ", s->name, s->value ? " " : "",
                     s->value ? s->value : "");
            const char *help = s->help_now ? s->help_now() : s->help;
            snprintf(first, sizeof first, "%.*s\n", (int)strcspn(help, "\n"), help);
            if (strstr(text, left) == NULL || strstr(text, first) == NULL)
                fail_msg("osslbench %s --help lacks '%s' or its help '%s'", t->command, left,
                         first);
        }
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flags_and_values),
        cmocka_unit_test(repeated_and_duplicates),
        cmocka_unit_test(missing_value),
        cmocka_unit_test(unknown_with_suggestion),
        cmocka_unit_test(words_and_double_dash),
        cmocka_unit_test(help_stops_parsing),
        cmocka_unit_test(help_lists_every_entry),
    };
    return cmocka_run_group_tests_name("option_table", tests, NULL, NULL);
}
