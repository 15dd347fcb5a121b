/* `osslbench regress`'s command line as data: the option table (its --help)
 * and the struct it fills, below cli/ so that tools/knobs.sh's judges
 * (knobs/value_judge.c) take a value by regress's own parser. */
#ifndef OPTIONS_REGRESS_OPTIONS_H
#define OPTIONS_REGRESS_OPTIONS_H

#include "option_table.h"
#include "../analysis/verdict_format.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *inputs[2];
    size_t ninputs;
    const char *old_label, *new_label;
    verdict_rule rule;
    verdict_format format;
    bool quiet;
} regress_args;

extern const option_table regress_option_table;

/* `osslbench regress`'s option OPTION given VALUE: true when regress would
 * take it, else false with its one-line reason. */
bool regress_option_value(const char *option, const char *value, char *why, size_t n);

#endif
