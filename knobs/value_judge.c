/* A judge is a few words of tools/knob-kinds.tsv: the command whose option
 * parses the value, the option, and how the value is cut into words. */
#include "value_judge.h"

#include "../options/regress_options.h"
#include "../options/run_options.h"
#include "../record/row.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char command[16], option[64];
    bool one, split;
} judge;

static bool bad_judge(const char *text, char *why, size_t n)
{
    snprintf(why, n, "'%.80s' is not a judge (run OPTION, regress OPTION or label; then one "
                     "or split)", text);
    return false;
}

static bool parse_judge(const char *text, judge *j, char *why, size_t n)
{
    memset(j, 0, sizeof *j);
    char copy[128], *save = NULL, *word[4] = {NULL};
    size_t count = 0;
    if (strlen(text) >= sizeof copy)
        return bad_judge(text, why, n);
    memcpy(copy, text, strlen(text) + 1);
    for (char *w = strtok_r(copy, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save))
        if (count < 4)
            word[count++] = w;
    if (count == 0 || count > 3 || strlen(word[0]) >= sizeof j->command)
        return bad_judge(text, why, n);
    memcpy(j->command, word[0], strlen(word[0]) + 1);
    size_t at = 1;
    if (strcmp(j->command, "run") == 0 || strcmp(j->command, "regress") == 0) {
        const option_table *t =
            strcmp(j->command, "run") == 0 ? &run_option_table : &regress_option_table;
        if (count < 2 || strlen(word[1]) >= sizeof j->option || !option_has_value(t, word[1])) {
            snprintf(why, n, "judge '%.80s': osslbench %s has no such option with a value", text,
                     j->command);
            return false;
        }
        memcpy(j->option, word[1], strlen(word[1]) + 1);
        at = 2;
    } else if (strcmp(j->command, "label") != 0) {
        return bad_judge(text, why, n);
    }
    if (at < count) {
        j->one = strcmp(word[at], "one") == 0 && j->option[0] != '\0';
        j->split = strcmp(word[at], "split") == 0;
        if (!j->one && !j->split)
            return bad_judge(text, why, n);
        at++;
    }
    return at == count || bad_judge(text, why, n);
}

bool value_judge_known(const char *text, char *why, size_t n)
{
    judge j;
    return parse_judge(text, &j, why, n);
}

static bool check_label(const char *label, char *why, size_t n)
{
    if (row_label_valid(label))
        return true;
    snprintf(why, n, "'%.80s' is not a label (" ROW_LABEL_RULE ")", label);
    return false;
}

/* One value of run's option into a fresh run_args, as run's command line
 * would take it; a "one" judge's list must come out one item long. */
static bool check_run(const judge *j, run_args *a, const char *value, char *why, size_t n)
{
    bool sizes = strcmp(j->option, "--sizes") == 0;
    if (j->one && strchr(value, ',') != NULL) {
        snprintf(why, n, "'%.80s' is a list, not one %s", value,
                 sizes ? "block size (bytes, k/K, m/M)" : "workload");
        return false;
    }
    if (!option_take_value(&run_option_table, j->option, a, value, why, n))
        return false;
    size_t items = sizes ? a->plan.nsizes : a->plan.nworkloads;
    if (j->one && items != 1) {
        snprintf(why, n, "'%.80s' names %zu workloads, not one (osslbench list --workloads)",
                 value, items);
        return false;
    }
    return true;
}

static bool check_one(const judge *j, run_args *a, const char *value, char *why, size_t n)
{
    if (strcmp(j->command, "label") == 0)
        return check_label(value, why, n);
    if (strcmp(j->command, "regress") == 0)
        return regress_option_value(j->option, value, why, n);
    return check_run(j, a, value, why, n);
}

bool value_judge_check(const char *text, const char *value, char *why, size_t n)
{
    judge j;
    if (!parse_judge(text, &j, why, n))
        return false;
    /* run_args is large (every workload of a plan): on the heap, zeroed as
     * run_args_parse starts it; one for all words of a split value, so a
     * word given twice is refused as the options would refuse it. */
    run_args *a = calloc(1, sizeof *a);
    char *words = strdup(value);
    bool ok = a != NULL && words != NULL;
    if (!ok)
        snprintf(why, n, "out of memory");
    else if (!j.split)
        ok = check_one(&j, a, value, why, n);
    else {
        char *save = NULL;
        size_t count = 0;
        for (char *w = strtok_r(words, ", \t", &save); ok && w != NULL;
             w = strtok_r(NULL, ", \t", &save), count++)
            ok = check_one(&j, a, w, why, n);
        if (ok && count == 0) {
            snprintf(why, n, "'%.80s' has no word to judge", value);
            ok = false;
        }
    }
    free(words);
    free(a);
    return ok;
}
