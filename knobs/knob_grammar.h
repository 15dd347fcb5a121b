/* What a value of each kind of make knob may look like (tools/knobs.tsv's
 * kind column): the same grammar as tools/knobs.sh's knob_problem, for
 * `osslbench bench --from-make` (make compare).  A kind that is a runner
 * option's (sizes, time, labels, ...: knobs/value_kinds.c) is held to its
 * alphabet first, then to that option's own parser. */
#ifndef KNOBS_KNOB_GRAMMAR_H
#define KNOBS_KNOB_GRAMMAR_H

#include "knob_table.h"

#include <stdbool.h>
#include <stddef.h>

/* true when value fits knob k (an empty value is the default: it fits);
 * else false with "NAME: ..." in why, the line tools/knobs.sh would say. */
bool knob_value_ok(const knob_row *k, const char *value, char *why, size_t n);

#endif
