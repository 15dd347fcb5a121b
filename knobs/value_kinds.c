/* Each kind of knob value and the runner option whose parser judges it. */
#include "value_kinds.h"

#include "../cli/command_options.h"
#include "../cli/run_options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const value_kind value_kinds[] = {
    {"workloads", "run", "--workloads", 0, "a comma-separated workload list"},
    {"workload", "run", "--workloads", VALUE_ONE, "one workload"},
    {"sizes", "run", "--sizes", 0, "comma-separated block sizes (bytes, k/K, m/M)"},
    {"size", "run", "--sizes", VALUE_ONE, "one block size (bytes, k/K, m/M)"},
    {"apis", "run", "--api", 0, "a comma-separated API path list"},
    {"time", "run", "--time", 0, "the most seconds one point may take"},
    {"precision", "run", "--precision", 0, "a precision (0.01 or 1%)"},
    {"duration", "run", "--budget", 0, "a duration (90, 6m, 1.5h)"},
    {"clock", "run", "--clock", 0, "wall or cpu"},
    {"metric", "run", "--metric", 0, "time or instructions"},
    {"threads", "run", "--threads", 0, "comma-separated thread counts"},
    {"procs", "run", "--procs", 0, "comma-separated process counts"},
    {"providers", "run", "--provider", VALUE_SPLIT, "provider names or module paths"},
    {"threshold", "regress", "--threshold", 0, "a percentage (0 to 1000)"},
    {"label", NULL, NULL, 0, "a release label"},
    {"labels", NULL, NULL, VALUE_SPLIT, "release labels, comma- or blank-separated"},
};
const size_t value_kind_count = sizeof value_kinds / sizeof value_kinds[0];

const value_kind *value_kind_find(const char *kind)
{
    for (size_t i = 0; i < value_kind_count; i++)
        if (strcmp(value_kinds[i].kind, kind) == 0)
            return &value_kinds[i];
    return NULL;
}

static bool check_label(const char *label, char *why, size_t n)
{
    if (row_label_valid(label))
        return true;
    snprintf(why, n, "'%.80s' is not a label (" ROW_LABEL_RULE ")", label);
    return false;
}

/* One value of run's option into a fresh run_args, as run's command line
 * would take it; a VALUE_ONE kind's list must come out one item long. */
static bool check_run(const value_kind *k, run_args *a, const char *value, char *why,
                      size_t n)
{
    if ((k->form & VALUE_ONE) && strchr(value, ',') != NULL) {
        snprintf(why, n, "'%.80s' is a list, not %s", value, k->what);
        return false;
    }
    if (!option_take_value(&run_option_table, k->option, a, value, why, n))
        return false;
    size_t items = strcmp(k->option, "--sizes") == 0 ? a->plan.nsizes : a->plan.nworkloads;
    if ((k->form & VALUE_ONE) && items != 1) {
        snprintf(why, n, "'%.80s' names %zu workloads, not one (osslbench list --workloads)",
                 value, items);
        return false;
    }
    return true;
}

static bool check_one(const value_kind *k, run_args *a, const char *value, char *why, size_t n)
{
    if (k->command == NULL)
        return check_label(value, why, n);
    if (strcmp(k->command, "regress") == 0)
        return regress_option_value(k->option, value, why, n);
    return check_run(k, a, value, why, n);
}

bool value_kind_check(const value_kind *k, const char *value, char *why, size_t n)
{
    /* run_args is large (every workload of a plan): on the heap, zeroed as
     * run_args_parse starts it; one for all words of a split value, so a
     * word given twice is refused as the options would refuse it. */
    run_args *a = calloc(1, sizeof *a);
    char *words = strdup(value);
    bool ok = a != NULL && words != NULL;
    if (!ok)
        snprintf(why, n, "out of memory");
    else if (!(k->form & VALUE_SPLIT))
        ok = check_one(k, a, value, why, n);
    else {
        char *save = NULL;
        size_t count = 0;
        for (char *w = strtok_r(words, ", \t", &save); ok && w != NULL;
             w = strtok_r(NULL, ", \t", &save), count++)
            ok = check_one(k, a, w, why, n);
        if (ok && count == 0) {
            snprintf(why, n, "'%.80s' has no %s", value, k->what);
            ok = false;
        }
    }
    free(words);
    free(a);
    return ok;
}
