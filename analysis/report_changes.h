/* The significant changes of a run, every release against the baseline,
 * largest first: the verdicts of the page's "What changed" (the same rule
 * and order), as a list for what acts on them (make compare EXPLAIN=N). */
#ifndef ANALYSIS_REPORT_CHANGES_H
#define ANALYSIS_REPORT_CHANGES_H

#include "report.h"
#include "verdict.h"

typedef struct {
    char workload[32], api[16], op[16], unit[16];
    uint64_t bytes;
    uint32_t threads, procs;
    char old_label[LABEL_SIZE], new_label[LABEL_SIZE];
    verdict_kind verdict; /* slower, faster or failed */
    double ratio;         /* NEW/OLD */
    size_t order;         /* release, then the verdict table's order: ties keep it */
} report_change;

/* false when out of memory; *out is freed by the caller. */
bool report_changes(const report *r, report_change **out, size_t *n);

#endif
