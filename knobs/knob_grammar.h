/* Is a make knob's value one its kind takes (tools/knob-kinds.tsv, the
 * grammar tools/knobs.sh's knob_problem reads too), for `osslbench bench
 * --from-make` (make compare)?  A kind with a judge (sizes, time, labels,
 * ...: knobs/value_judge.h) is held to its alphabet first, then to that
 * option's own parser. */
#ifndef KNOBS_KNOB_GRAMMAR_H
#define KNOBS_KNOB_GRAMMAR_H

#include "knob_table.h"

#include <stdbool.h>
#include <stddef.h>

/* true when value fits knob k, its kind looked up in t (knob_kinds_read);
 * an empty value is the default: it fits.  Else false with "NAME: ..." in
 * why, the line tools/knobs.sh would say. */
bool knob_value_ok(const knob_table *t, const knob_row *k, const char *value, char *why,
                   size_t n);

#endif
