/* The kinds of value that make's knobs share with the runner's options
 * (tools/knobs.tsv: SIZES is a `sizes`, TIME a `time`, ...), each judged by
 * the parser of the option it becomes: `osslbench check-value KIND VALUE`
 * (cli/cmd_check_value.c) is how tools/knobs.sh asks, so that a knob and the
 * option accept exactly the same values. */
#ifndef KNOBS_VALUE_KINDS_H
#define KNOBS_VALUE_KINDS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *kind;    /* tools/knobs.tsv's word: "sizes" */
    const char *command; /* whose option judges it: "run", "compare"; NULL: a label */
    const char *option;  /* "--sizes" */
    unsigned form;       /* VALUE_ONE, VALUE_SPLIT or 0 */
    const char *what;    /* for --kinds: "block sizes, k/K or m/M suffixes" */
} value_kind;

/* VALUE_ONE: the option's list of exactly one item (SIZE, WORKLOAD);
 * VALUE_SPLIT: words apart by commas or blanks, each one option's value or
 * label (PROVIDERS="legacy fips" is --provider legacy --provider fips). */
enum { VALUE_ONE = 1, VALUE_SPLIT = 2 };

extern const value_kind value_kinds[];
extern const size_t value_kind_count;

/* The kind of that name, or NULL. */
const value_kind *value_kind_find(const char *kind);

/* true when the option (or the label rule) takes value as it is; else
 * false with the parser's one-line reason in why. */
bool value_kind_check(const value_kind *k, const char *value, char *why, size_t n);

#endif
