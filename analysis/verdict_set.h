/* Pairing two result sets point by point (workload, API, op, bytes, threads,
 * procs) and
 * deciding each point with verdict_decide().  Points seen on one side only
 * are kept as only-old / only-new rows: a comparison never drops anything. */
#ifndef ANALYSIS_VERDICT_SET_H
#define ANALYSIS_VERDICT_SET_H

#include "verdict.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char workload[32], api[16], op[16], unit[16];
    uint64_t bytes;
    uint32_t threads, procs; /* workers at once (>= 1) */
    verdict_side old_side, new_side;
    size_t old_rows, new_rows; /* rows pooled into each side (normally 0 or 1) */
    double *old_pool, *new_pool; /* owned copies when rows were pooled */
    uint32_t *old_blocks, *new_blocks; /* owned: their blocks, end to end */
    const result_row *old_first, *new_first; /* first row of each side */
    size_t order;              /* first appearance, for stable sorting */
    bool mixed_units;          /* rows of this point in unit and in other_unit: not comparable */
    char other_unit[16];
    verdict_result result;
} verdict_point;

typedef struct {
    verdict_point *points;
    size_t count;
} verdict_table;

/* Both libraries of one run (the same run_id, one row a side) over the same
 * visits (their sample_blocks agree) are paired: decided on the visits'
 * ratios (paired visit-t, the ratio and CI `osslbench report` prints).
 * Rows of different runs are decided apart (Welch's t over each side's
 * visits); rows without visits get no interval and the verdict n/a
 * (verdict.h).
 *
 * Builds and decides every point.  The rows must outlive the table (sides
 * point at their samples and notes).  Returns false only when out of memory. */
bool verdict_table_build(const result_row *const *old_rows, size_t n_old,
                         const result_row *const *new_rows, size_t n_new,
                         const verdict_rule *rule, verdict_table *out);

/* Worst first: failed, then comparable points by ratio (slowest first), then
 * points without a ratio, then one-sided points. */
void verdict_table_sort(verdict_table *t);

/* The first point whose rows give two units (B/s and op/s), or NULL: such
 * a table is no comparison (the command refuses it). */
const verdict_point *verdict_table_mixed_units(const verdict_table *t);

size_t verdict_table_count(const verdict_table *t, verdict_kind k);
bool verdict_table_has_regression(const verdict_table *t);
void verdict_table_free(verdict_table *t);

#endif
