/* A command's options as data: one table of option_spec, read both by
 * option_parse (argv) and by option_usage (--help), so what is accepted and
 * what is documented cannot drift apart.  BoringSSL's tool/args.cc
 * kArguments is the model.  An option takes its value as the next word
 * (`--lib PATH`, never `--lib=PATH`), whatever that word looks like: the
 * option's own `take` judges it. */
#ifndef OPTIONS_OPTION_TABLE_H
#define OPTIONS_OPTION_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct option_spec option_spec;

/* Takes one occurrence of an option into the command's own struct `dest`:
 * `typed` is the option as the user wrote it (alias or name), `value` the
 * word after it, NULL for a flag.  A positional word comes with spec and
 * typed NULL.  false with a one-line reason in why. */
typedef bool (*option_take)(const option_spec *spec, void *dest, const char *typed,
                            const char *value, char *why, size_t n);

struct option_spec {
    const char *name;  /* "--lib" */
    const char *alias; /* "-l", or NULL */
    const char *value; /* the value's name in --help ("[LABEL=]PATH"); NULL: a flag */
    option_take take;
    size_t offset;     /* for option_set_flag/option_set_text: the field in dest */
    const char *help;  /* each '\n' starts a line indented under the first */
    const char *(*help_now)(void); /* instead of help, for text built at run time */
};

/* Takes: the bool at dest + spec->offset becomes true; the const char * there
 * becomes the value. */
bool option_set_flag(const option_spec *spec, void *dest, const char *typed, const char *value,
                     char *why, size_t n);
bool option_set_text(const option_spec *spec, void *dest, const char *typed, const char *value,
                     char *why, size_t n);

#define OPTION_FLAG(name, alias, type, field, help) \
    {name, alias, NULL, option_set_flag, offsetof(type, field), help, NULL}
#define OPTION_TEXT(name, alias, value, type, field, help) \
    {name, alias, value, option_set_text, offsetof(type, field), help, NULL}
#define OPTION_VALUE(name, alias, value, take, help) {name, alias, value, take, 0, help, NULL}

typedef struct {
    const char *command; /* messages begin "osslbench COMMAND: " */
    const option_spec *specs; /* ends with OPTION_END, as getopt_long's array does */
    const char *synopsis; /* --help before the options */
    const char *epilogue; /* --help after them, or NULL */
    /* A word that is no option ("-" included); `--` ends the options.  NULL:
     * the command takes none, and such a word is an unknown option. */
    option_take positional;
    /* Each command's own wording of the generic refusals, kept as it was. */
    const char *missing_fmt; /* %s: the option */
    const char *unknown_fmt; /* %s: the word, %s: "did you mean '--x'?" or hint */
    const char *hint;        /* "see --help" */
} option_table;

#define OPTION_END {NULL, NULL, NULL, NULL, 0, NULL, NULL}

enum { OPTIONS_READY = 0, OPTIONS_HELP = 1, OPTIONS_BAD = 2 };

/* Reads argv[1..] (argv[0]: the command) into dest.  OPTIONS_HELP after
 * printing --help on stdout, OPTIONS_BAD after one line on stderr. */
int option_parse(const option_table *t, int argc, char **argv, void *dest);
/* As option_parse, saying nothing: OPTIONS_BAD with the reason in why (no
 * "osslbench COMMAND: " before it), OPTIONS_HELP without printing --help.
 * For a command called as a function by another (cli/cmd_bench.c). */
int option_parse_why(const option_table *t, int argc, char **argv, void *dest, char *why, size_t n);

/* The --help text: synopsis, one entry per option (and -h, --help), epilogue. */
void option_usage(const option_table *t, FILE *f);

/* true when the table has that option (name or alias) and it takes a value. */
bool option_has_value(const option_table *t, const char *option);

/* One option's value judged as option_parse would take it (`--sizes 8K`),
 * into dest (the command's own struct, zeroed); false with the one-line
 * reason, or when the table has no such option. */
bool option_take_value(const option_table *t, const char *option, void *dest, const char *value,
                       char *why, size_t n);

/* Prints "osslbench COMMAND: why" on stderr; returns OPTIONS_BAD. */
int option_refuse(const option_table *t, const char *why);

#endif
