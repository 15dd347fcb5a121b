/* The history as one static page (make dashboard): for each point and
 * host, the rate of every library run after run, with its 95% CI, the
 * changes marked, each point linked to its run's context; then the runs.
 * Inert like report.html: no script, nothing remote, every text escaped.
 *
 * Rates move with the machine (a shared host 40% faster one minute than
 * the next), so a change is judged on what the machine cancels out of: a
 * library's ratio to a reference library measured in the same run, as
 * make track judges (docs/history.md, "Changes and the machine's drift"). */
#ifndef HISTORY_DASHBOARD_H
#define HISTORY_DASHBOARD_H

#include "sqlite.h"
#include "../compat/flavor.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A change: a library's ratio to the reference moved by more than this
 * (regress's threshold) and its 95% CI no longer overlaps the previous
 * run's; a machine whose rates all moved by more than this is named. */
#define DASH_CHANGE_THRESHOLD 0.05

/* What a row was judged on against the row before it in its series. */
typedef enum {
    DASH_FIRST,    /* nothing before it (or it has no rate) */
    DASH_BY_RATIO, /* its ratio to the reference of its run, and the previous one's */
    DASH_BY_DRIFT, /* no reference beside it in one of the runs: its rate with the
                    * machine's drift between the two runs taken out */
    DASH_BY_RATE   /* no reference, no drift known: the rates as measured */
} dash_judged;

typedef struct {
    char *point, *host, *label, *run_id, *started, *unit;
    double rate, lo, hi;
    bool has_rate, changed;
    size_t run; /* index into the runs table, for its link */
    long csv_row; /* results.row: where its samples are */
    unsigned long version_num;
    lib_flavor flavor;
    /* its rate / the reference's of the same run and point, and the
     * ratio's 95% CI where it was needed (ratio_ci) */
    double ratio, rlo, rhi;
    bool has_ratio, ratio_ci;
    size_t ref;  /* the reference's row in the same run (nrow: none) */
    size_t prev; /* the row before it in its series (nrow: none) */
    dash_judged judged;
} dash_row;

typedef struct {
    char *run_id, *started, *host, *source;
    long rows;
    /* The machine: the reference libraries' rates in this run over those of
     * the previous run on this host (drift_prev), the median of
     * drift_points points; NAN when no reference was measured in both. */
    double drift;
    size_t drift_prev, drift_points;
    /* drift multiplied along the runs of a host since chain began: two
     * runs of one chain are level[b] / level[a] apart */
    double level;
    size_t chain;
} dash_run;

typedef struct {
    dash_row *row; /* by point, host, label, then run date */
    size_t nrow;
    dash_run *run; /* by date */
    size_t nrun;
} dash_data;

/* Everything the page shows, read from the database: dash_read, then
 * dash_ratios, then dash_mark_changes (dashboard_load.c). */
bool dash_load(sqlite3 *db, dash_data *d, char *why, size_t n);
/* The rows and runs alone, nothing related or judged yet (dashboard_data.c). */
bool dash_read(sqlite3 *db, dash_data *d, char *why, size_t n);
void dash_free(dash_data *d);
void dash_write_page(const dash_data *d, FILE *f);
/* The end of the group of rows that starts at a: one point (and host). */
size_t dash_group_end(const dash_data *d, size_t a, bool by_host);
/* The rows of [first, end) whose library has no other row there (a commit
 * of make track, measured once), in run order, into out: they form one
 * series, a line per library being a line per point.  Their count. */
size_t dash_singles(const dash_data *d, size_t first, size_t end, size_t *out);
/* Whether row i of [first, end) is one of them (in constant time: a
 * track of 10000 commits is as many singles). */
bool dash_alone(const dash_data *d, size_t first, size_t end, size_t i);
/* The reference label of rows [first, end) (one point on one host), or
 * NULL: the label measured beside another library in the most runs (ties:
 * the oldest release, report's baseline rule). */
const char *dash_reference(const dash_data *d, size_t first, size_t end);
/* Reference, ratios and the machine's drift (dashboard_ratio.c). */
void dash_ratios(dash_data *d);
/* Which rows are changes (dashboard_judge.c): ratios whose move needs
 * their interval get it from the samples in db. */
void dash_mark_changes(sqlite3 *db, dash_data *d);
/* The machine's drift between runs a and b (b's rates over a's), or NAN. */
double dash_drift_between(const dash_data *d, size_t a, size_t b);
/* The chart of rows [first, end) (one point on one host): SVG, inline. */
void dash_write_chart(const dash_data *d, size_t first, size_t end, FILE *f);

#endif
