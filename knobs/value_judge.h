/* The runner's last word on a knob's value: a kind of tools/knob-kinds.tsv
 * with a judge ("run --sizes", "run --workloads one", "regress --threshold",
 * "label split") is held to the parser of that option, so that a knob and
 * the option accept exactly the same values (SIZE=8K as --sizes 8K).
 * `osslbench check-value JUDGE VALUE` (cli/cmd_check_value.c) is how
 * tools/knobs.sh asks; knobs/knob_grammar.c asks in process. */
#ifndef KNOBS_VALUE_JUDGE_H
#define KNOBS_VALUE_JUDGE_H

#include <stdbool.h>
#include <stddef.h>

/* true when judge names a parser: "run OPTION", "regress OPTION" (an option
 * of that command with a value) or "label", then at most one of "one" (the
 * option's list must come out one item long) and "split" (words apart by
 * commas or blanks, each judged alone); else false with the reason. */
bool value_judge_known(const char *judge, char *why, size_t n);

/* true when that parser takes value as it is; else false with the parser's
 * one-line reason in why (or value_judge_known's, for a judge it is not). */
bool value_judge_check(const char *judge, const char *value, char *why, size_t n);

#endif
