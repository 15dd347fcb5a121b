/* The verdicts of `osslbench regress` as a function: two sides' rows (two
 * results files, or two libraries of one run), one library each, paired
 * point by point, judged (verdict_set.h) and printed (verdict_format.h).
 * What cli/cmd_regress.c and make compare's verdicts on instruction counts
 * (bench/bench_outputs.c) both call. */
#ifndef ANALYSIS_REGRESS_H
#define ANALYSIS_REGRESS_H

#include "verdict_format.h"
#include "../csv/csv.h"

#include <stdio.h>

typedef struct {
    const result_set *set;
    const char *path;  /* where the rows came from, for the header and messages */
    const char *label; /* the library of the side; NULL: the set must hold one */
} regress_side;

enum { REGRESS_SAME = 0, REGRESS_SLOWER = 1, REGRESS_REFUSED = 2 };

/* REGRESS_SLOWER when a point is slower (or fails only in NEW), else
 * REGRESS_SAME, the verdicts printed on out in fmt unless quiet; or
 * REGRESS_REFUSED with the one-line reason in why (a side with no such
 * library, several libraries and no label, mixed units, no shared point). */
int regress_verdicts(const regress_side *old_side, const regress_side *new_side,
                     const verdict_rule *rule, verdict_format fmt, bool quiet, FILE *out,
                     char *why, size_t n);

#endif
