/* osslbench explain's run: each library's child under callgrind, keeping
 * the profile of each point's counted sample (harness/counting.h), the
 * runner's schedule as `run --metric instructions` has it (the same
 * operations per sample, the same known-answer checks), and each point
 * explained as soon as its rows are in: one callgrind run per library and
 * point, read once, for every output. */
#ifndef EXPLAIN_EXPLAIN_RUN_H
#define EXPLAIN_EXPLAIN_RUN_H

#include "../harness/run_plan.h"
#include "../record/row.h"
#include "explain_point.h"

#include <stdbool.h>
#include <stddef.h>

/* Called with each explained point (its baseline may be SIZE_MAX: nothing
 * was profiled); returns false to stop with the reason in why. */
typedef bool (*explain_point_fn)(const explained_point *p, void *ctx, char *why, size_t n);

typedef struct {
    const run_plan *plan;           /* metric instructions, one sample per point */
    const char *const *lib_paths;
    const char (*labels)[LABEL_SIZE]; /* "" or NULL: the release */
    size_t nlibs;
    const char *baseline;           /* NULL: the oldest release, per point */
    explain_point_fn each;
    void *ctx;
} explain_request;

typedef enum { EXPLAIN_DONE, EXPLAIN_SOME_FAILED, EXPLAIN_REFUSED, EXPLAIN_INTERRUPTED } explain_end;

/* Runs the plan; EXPLAIN_REFUSED with one line in why when nothing could be
 * run (no valgrind, a library valgrind cannot load, an unknown baseline). */
explain_end explain_run(const explain_request *rq, char *why, size_t n);

#endif
