/* The verdict for one measured point (workload x API x op x size) seen in
 * two result sets: is NEW slower, faster or the same as OLD?
 *
 * Rule (both conditions, on purpose):
 *   1. relevant:    the ratio NEW/OLD is below 1 - threshold (slower) or above
 *                   1 + threshold (faster);
 *   2. significant: the two-sided p-value of "the ratio is 1" is below alpha,
 *                   from the interval `osslbench report` prints
 *                   (stats/blocked.h): Student's t over batch means of the
 *                   visits' log ratios when both sides come from one run
 *                   over the same visits (paired: the machine's drift
 *                   cancels), Welch's t over each side's batch means
 *                   otherwise (each run's drift in it).
 * Significance alone would flag every tiny systematic drift once there are
 * enough samples (a shared machine is never quite the same twice); the
 * threshold alone would flag noise when there are few samples.  Requiring
 * both keeps "A vs A" calm while a 4x slowdown passes both by far.
 *
 * Rows without visits (files of older osslbench versions) have no interval:
 * the ratio of their rates is shown and the verdict is "n/a", never slower
 * or faster.  Instruction counts repeat exactly: the threshold alone. */
#ifndef ANALYSIS_VERDICT_H
#define ANALYSIS_VERDICT_H

#include "../record/row.h"
#include "../stats/blocked.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    V_SLOWER,         /* a regression */
    V_FASTER,
    V_SAME,
    V_FAILED,         /* OLD measured fine, NEW did not (crashed, kat_failed...) */
    V_NOT_COMPARABLE, /* neither side gave a rate, or OLD failed */
    V_ONLY_OLD,       /* the point is missing from NEW */
    V_ONLY_NEW,       /* the point is missing from OLD */
    V_COUNT
} verdict_kind;

const char *verdict_name(verdict_kind v);
/* Counts towards exit status 1 (regression). */
bool verdict_is_regression(verdict_kind v);

typedef struct {
    double threshold; /* relative change that matters, 0.05 = 5% */
    double alpha;     /* significance level; the ratio CI is at 1 - alpha */
} verdict_rule;

#define VERDICT_RULE_DEFAULT ((verdict_rule){.threshold = 0.05, .alpha = 0.05})

/* One side of a point.  `samples` are the raw per-sample rates (possibly
 * pooled from several rows of the same point); rate/ci are the summary. */
typedef struct {
    bool present;
    row_status status;
    double rate, ci_low, ci_high;
    const double *samples;
    size_t nsample;
    const char *note; /* the row's note (why unsupported, which signal) */
    /* Rows of this version's runner: the visits the samples came in and the
     * statistic the rate is (stats/blocked.h); stat < 0 for older rows. */
    const uint32_t *blocks;
    size_t nblock;
    int stat;
} verdict_side;


typedef struct {
    verdict_kind verdict;
    ci_method method;
    double ratio;       /* NEW/OLD (counts: OLD/NEW); NAN if none */
    double ratio_low, ratio_high;
    double p_value;     /* NAN unless a t test ran */
    bool significant;
    char note[200];     /* why not comparable, or a caveat */
} verdict_result;

/* How large a change is, for "largest first" (the page's What changed,
 * make compare EXPLAIN=N): a failure above all, else how far the ratio is
 * from 1 either way (|log ratio|), 0 without one. */
double verdict_change_size(const verdict_result *v);

/* Pure function of its inputs: same inputs, same verdict.  `paired`: both
 * sides come from one run over the same visits (their blocks agree). */
void verdict_decide(const verdict_side *old_side, const verdict_side *new_side,
                    const verdict_rule *rule, bool paired, verdict_result *out);

/* Instruction counts (unit instr/op, csv/units.h) repeat exactly, so no
 * test of significance applies: the threshold alone decides.  The ratio is
 * OLD/NEW instructions, so that, as for rates, below 1 is slower (NEW
 * executes more); its interval is that of the two sides' sample ranges. */
void verdict_decide_counts(const verdict_side *old_side, const verdict_side *new_side,
                           const verdict_rule *rule, verdict_result *out);

#endif
