#include "regress.h"
#include "verdict_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Rows of one library.  No label given: the input must hold one library
 * only -- silently mixing two would compare nonsense. */
static bool select_rows(const regress_side *in, const char *side,
                        const result_row ***rows, size_t *n, const char **chosen, char *why,
                        size_t whylen)
{
    const result_set *s = in->set;
    const char *label = in->label;
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

/* The two sides' verdict table: false with why. */
static bool build(const regress_side *old_side, const regress_side *new_side,
                  const verdict_rule *rule, verdict_table *table, const char *labels[2],
                  char *why, size_t n)
{
    const result_row **old_rows = NULL, **new_rows = NULL;
    size_t n_old = 0, n_new = 0;
    bool ok = select_rows(old_side, "old", &old_rows, &n_old, &labels[0], why, n) &&
              select_rows(new_side, "new", &new_rows, &n_new, &labels[1], why, n);
    if (ok && !(ok = verdict_table_build(old_rows, n_old, new_rows, n_new, rule, table)))
        snprintf(why, n, "out of memory");
    free(old_rows);
    free(new_rows);
    if (!ok)
        return false;
    const verdict_point *mixed = verdict_table_mixed_units(table);
    if (mixed != NULL) {
        snprintf(why, n, "%s and %s: %s %s %s, %llu bytes is in %s on one side and %s on the other: "
                 "they cannot be compared",
                 old_side->path, new_side->path, mixed->workload, mixed->api, mixed->op,
                 (unsigned long long)mixed->bytes, mixed->unit, mixed->other_unit);
        return false;
    }
    if (verdict_table_count(table, V_ONLY_OLD) + verdict_table_count(table, V_ONLY_NEW) == table->count) {
        /* no verdict at all is not "no regression" */
        snprintf(why, n, "%s and %s share no point (workload, API path, operation, size): nothing to compare",
                 old_side->path, new_side->path);
        return false;
    }
    return true;
}

int regress_verdicts(const regress_side *old_side, const regress_side *new_side,
                     const verdict_rule *rule, verdict_format fmt, bool quiet, FILE *out,
                     char *why, size_t n)
{
    verdict_table table = {0};
    const char *labels[2] = {NULL, NULL};
    int status = REGRESS_REFUSED;
    if (build(old_side, new_side, rule, &table, labels, why, n)) {
        verdict_table_sort(&table);
        if (!quiet) {
            verdict_context ctx = {.old_label = labels[0], .new_label = labels[1],
                                   .old_source = old_side->path, .new_source = new_side->path,
                                   .rule = *rule};
            verdict_print(out, &table, &ctx, fmt);
            fflush(out);
        }
        status = verdict_table_has_regression(&table) ? REGRESS_SLOWER : REGRESS_SAME;
    }
    verdict_table_free(&table);
    return status;
}
