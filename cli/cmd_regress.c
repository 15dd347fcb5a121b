/* `osslbench regress OLD NEW` (`make regress`'s verdicts; `osslbench regress`
 * is its earlier name, kept one release): is NEW slower, faster or the same as OLD,
 * point by point?  This file is the command line: resolving inputs (file,
 * result folder, stdin), picking the rows of one library per side, and the
 * exit status.  The statistics live in stats/visit_stat.c, the rule in
 * analysis/verdict.c, the pairing in verdict_set.c, the output in
 * verdict_format.c. */
#include "command_options.h"
#include "commands.h"
#include "../csv/csv.h"
#include "../analysis/regress.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_SAME = 0, EXIT_REGRESSION = 1, EXIT_USAGE = 2 };

static int fail_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("osslbench regress: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_USAGE;
}

/* ---------------------------------------------------------------- inputs */

typedef struct {
    char path[4096]; /* the CSV actually read, for messages and the header */
    result_set set;
} input;

static bool load_input(const char *arg, input *in, char *why, size_t whylen)
{
    if (!csv_read_input(arg, &in->set, in->path, sizeof in->path, why, whylen))
        return false;
    if (in->set.warning[0] != '\0')
        fprintf(stderr, "osslbench regress: warning: %s\n", in->set.warning);
    return true;
}

/* Returns -1 when parsed, else the exit status to return right away. */
static int parse_options(int argc, char **argv, regress_args *o)
{
    *o = (regress_args){.rule = VERDICT_RULE_DEFAULT, .format = VF_TERM};
    int rc = option_parse(&regress_option_table, argc, argv, o);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? EXIT_SAME : EXIT_USAGE;
    if (o->ninputs == 0)
        return fail_usage("missing OLD and NEW results; try --help");
    if (o->ninputs == 1 && (o->old_label == NULL || o->new_label == NULL))
        return fail_usage("one input needs --old-label and --new-label (two libraries in it)");
    if (o->ninputs == 1 && strcmp(o->old_label, o->new_label) == 0)
        return fail_usage("--old-label and --new-label are both '%s'", o->old_label);
    if (o->ninputs == 2 && strcmp(o->inputs[0], "-") == 0 && strcmp(o->inputs[1], "-") == 0)
        return fail_usage("stdin can be only one of OLD and NEW");
    return -1;
}

/* ---------------------------------------------------------------- command */

int cmd_regress(int argc, char **argv)
{
    regress_args o;
    int early = parse_options(argc, argv, &o);
    if (early >= 0)
        return early;
    char why[6144];
    input in[2] = {0};
    int status = EXIT_USAGE;
    bool loaded = true;
    for (size_t i = 0; loaded && i < o.ninputs; i++)
        loaded = load_input(o.inputs[i], &in[i], why, sizeof why);
    if (loaded) {
        const input *new_in = o.ninputs == 2 ? &in[1] : &in[0];
        regress_side old_side = {.set = &in[0].set, .path = in[0].path, .label = o.old_label};
        regress_side new_side = {.set = &new_in->set, .path = new_in->path, .label = o.new_label};
        status = regress_verdicts(&old_side, &new_side, &o.rule, o.format, o.quiet, stdout, why,
                                  sizeof why);
    }
    if (status == EXIT_USAGE)
        fail_usage("%s", why);
    for (size_t i = 0; i < 2; i++)
        result_set_free(&in[i].set);
    return status;
}

/* The verdict command's earlier name: it works for one more release and
 * says where it went (the make target it serves was always `make regress`). */
int cmd_compare(int argc, char **argv)
{
    fputs("osslbench compare: this is now 'osslbench regress' (the old name goes in the next "
          "release)\n", stderr);
    argv[0] = "regress";
    return cmd_regress(argc, argv);
}
