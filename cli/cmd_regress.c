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
#include "../analysis/verdict_format.h"
#include "../analysis/verdict_set.h"

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

/* Rows of one library.  No label given: the input must hold one library
 * only -- silently mixing two would compare nonsense. */
static bool select_rows(const input *in, const char *label, const char *side,
                        const result_row ***rows, size_t *n, const char **chosen, char *why,
                        size_t whylen)
{
    const result_set *s = &in->set;
    if (s->count == 0) {
        snprintf(why, whylen, "%s: no result rows", in->path);
        return false;
    }
    char labels[512] = "";
    size_t nlabels = 0;
    for (size_t i = 0; i < s->count; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(s->rows[j].label, s->rows[i].label) == 0;
        if (!seen) {
            size_t len = strlen(labels);
            snprintf(labels + len, sizeof labels - len, "%s%s", nlabels ? ", " : "",
                     s->rows[i].label);
            nlabels++;
        }
    }
    if (label == NULL && nlabels > 1) {
        snprintf(why, whylen, "%s holds %zu libraries (%s): pick one with --%s-label", in->path,
                 nlabels, labels, side);
        return false;
    }
    const char *want = label ? label : s->rows[0].label;
    *rows = malloc(s->count * sizeof **rows);
    if (*rows == NULL) {
        snprintf(why, whylen, "out of memory");
        return false;
    }
    *n = 0;
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->rows[i].label, want) == 0)
            (*rows)[(*n)++] = &s->rows[i];
    if (*n == 0) {
        snprintf(why, whylen, "%s: no library labelled '%s' (labels: %s)", in->path, want,
                 labels);
        free(*rows);
        *rows = NULL;
        return false;
    }
    *chosen = want;
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

    int status = EXIT_USAGE;
    char why[6144];
    input in[2] = {0};
    const result_row **old_rows = NULL, **new_rows = NULL;
    size_t n_old = 0, n_new = 0;
    const char *old_label = NULL, *new_label = NULL;
    verdict_table table = {0};

    for (size_t i = 0; i < o.ninputs; i++)
        if (!load_input(o.inputs[i], &in[i], why, sizeof why)) {
            fail_usage("%s", why);
            goto done;
        }
    const input *new_in = o.ninputs == 2 ? &in[1] : &in[0];
    if (!select_rows(&in[0], o.old_label, "old", &old_rows, &n_old, &old_label, why,
                     sizeof why) ||
        !select_rows(new_in, o.new_label, "new", &new_rows, &n_new, &new_label, why,
                     sizeof why)) {
        fail_usage("%s", why);
        goto done;
    }
    if (!verdict_table_build(old_rows, n_old, new_rows, n_new, &o.rule, &table)) {
        fail_usage("out of memory");
        goto done;
    }
    const verdict_point *mixed = verdict_table_mixed_units(&table);
    if (mixed != NULL) {
        fail_usage("%s and %s: %s %s %s, %llu bytes is in %s on one side and %s on the other: "
                   "they cannot be compared",
                   in[0].path, new_in->path, mixed->workload, mixed->api, mixed->op,
                   (unsigned long long)mixed->bytes, mixed->unit, mixed->other_unit);
        goto done;
    }
    if (verdict_table_count(&table, V_ONLY_OLD) + verdict_table_count(&table, V_ONLY_NEW) == table.count) {
        /* no verdict at all is not "no regression" */
        fail_usage("%s and %s share no point (workload, API path, operation, size): nothing to compare",
                   in[0].path, new_in->path);
        goto done;
    }
    verdict_table_sort(&table);
    if (!o.quiet) {
        verdict_context ctx = {.old_label = old_label, .new_label = new_label,
                               .old_source = in[0].path, .new_source = new_in->path,
                               .rule = o.rule};
        verdict_print(stdout, &table, &ctx, o.format);
        fflush(stdout);
    }
    status = verdict_table_has_regression(&table) ? EXIT_REGRESSION : EXIT_SAME;
done:
    verdict_table_free(&table);
    free(old_rows);
    free(new_rows);
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
