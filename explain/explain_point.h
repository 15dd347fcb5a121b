/* What osslbench explain knows of one point: each library's callgrind
 * profile of one counted sample, per operation, its counters
 * (counters.def), and the difference of each library from the baseline,
 * function by function.  Built by the runner's rows (their `profile`),
 * formatted by explain_write.h and explain_svg.h, which compute nothing. */
#ifndef EXPLAIN_EXPLAIN_POINT_H
#define EXPLAIN_EXPLAIN_POINT_H

#include "../record/row.h"
#include "cg_profile.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
#define COUNTER(name, functions, what) COUNTER_##name,
#include "counters.def"
#undef COUNTER
    COUNTER_COUNT
} counter_id;

const char *counter_name(counter_id c);
const char *counter_what(counter_id c);
/* Whether a function (as callgrind names it) is of the counter's family. */
bool counter_matches(counter_id c, const char *function);

typedef struct {
    result_row row;    /* the runner's row: label, version, status, instr/op */
    bool profiled;     /* an ok row with its profile read */
    cg_profile prof;   /* raw counts of row.iterations operations */
    double per_op;     /* 1 / row.iterations */
    double counter_calls[COUNTER_COUNT]; /* per operation */
    double counter_cost[COUNTER_COUNT];  /* instructions per operation inside the family */
} explained_lib;

/* One function's change from the baseline, per operation. */
typedef struct {
    const char *name;
    size_t base_fn, lib_fn; /* index in each profile, SIZE_MAX: the side lacks it */
    double base_self, lib_self, base_incl, lib_incl, base_calls, lib_calls;
    double delta;           /* lib_self - base_self */
} function_change;

typedef struct {
    size_t lib;              /* index of explained_point.lib */
    function_change *fn;     /* largest increase first */
    size_t nfn;
    double delta;            /* total instr/op, lib - baseline */
} point_diff;

typedef struct {
    char workload[32], api[16], op[16];
    uint64_t bytes;
    explained_lib *lib;      /* the point's rows, in library order */
    size_t nlib;
    size_t baseline;         /* index of lib; SIZE_MAX: no library was profiled */
    point_diff *diff;        /* one per profiled library other than the baseline */
    size_t ndiff;
} explained_point;

/* The k-th largest change one way (0 = the largest): of the increases
 * (the front of d->fn) or the decreases (its back), by more than `least`
 * instructions per operation; NULL past the last. */
const function_change *diff_nth(const point_diff *d, size_t k, bool increases, double least);

/* Adds a row of the point (the first row names the point).  For an ok row,
 * reads the profile at dir/row->profile and removes the file; false with a
 * one-line reason when that fails. */
bool explained_point_add(explained_point *p, const result_row *row, const char *dir, char *why,
                         size_t n);
/* Once every row is in: picks the baseline (`want`, else the oldest
 * release, as report's) and computes the differences. */
bool explained_point_finish(explained_point *p, const char *want, char *why, size_t n);
void explained_point_free(explained_point *p);

/* Whether the function ran in the counted window: the frames that were on
 * the stack when it opened (main, the runner's loop) have neither cost nor
 * calls there. */
bool fn_counted(const explained_lib *l, size_t f);
/* A function's figures per operation. */
double fn_self_per_op(const explained_lib *l, size_t f);
double fn_incl_per_op(const explained_lib *l, size_t f);
double fn_calls_per_op(const explained_lib *l, size_t f);
/* The profile's instructions per operation: every function's self cost. */
double lib_total_per_op(const explained_lib *l);

#endif
