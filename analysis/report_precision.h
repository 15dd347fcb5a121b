/* How precise a run's speed-ups are, said where they are read (report.html):
 * the intervals of every ratio to the baseline, not a target they were
 * pushed to (docs/method.md, "What the intervals hold"). */
#ifndef ANALYSIS_REPORT_PRECISION_H
#define ANALYSIS_REPORT_PRECISION_H

#include "report.h"

typedef struct {
    size_t intervals;         /* ratios to the baseline that have a 95% interval */
    double median_half;       /* their median half-width, relative (0.012 = +-1.2%) */
    double within_1, within_2; /* the shares within +-1% and +-2% */
} report_precision;

/* Every release's ratio to the baseline at every point; false when none
 * has an interval (a run of one release, counts, an older file). */
bool report_precision_of(const report *r, report_precision *out);

#endif
