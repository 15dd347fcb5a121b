/* The history as one static page (make dashboard): for each point and
 * host, the rate of every library run after run, with its 95% CI, the
 * changes marked, each point linked to its run's context; then the runs.
 * Inert like report.html: no script, nothing remote, every text escaped. */
#ifndef HISTORY_DASHBOARD_H
#define HISTORY_DASHBOARD_H

#include "sqlite.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A change: a run's 95% CI does not overlap the previous run's of the same
 * library, and the rate moved by more than this (compare's threshold). */
#define DASH_CHANGE_THRESHOLD 0.05

typedef struct {
    char *point, *host, *label, *run_id, *started, *unit;
    double rate, lo, hi;
    bool has_rate, changed;
    size_t run; /* index into the runs table, for its link */
} dash_row;

typedef struct {
    char *run_id, *started, *host, *source;
    long rows;
} dash_run;

typedef struct {
    dash_row *row; /* by point, host, label, then run date */
    size_t nrow;
    dash_run *run; /* by date */
    size_t nrun;
} dash_data;

/* Everything the page shows, read from the database. */
bool dash_load(sqlite3 *db, dash_data *d, char *why, size_t n);
void dash_free(dash_data *d);
void dash_write_page(const dash_data *d, FILE *f);
/* The end of the group of rows that starts at a: one point (and host). */
size_t dash_group_end(const dash_data *d, size_t a, bool by_host);
/* The rows of [first, end) whose library has no other row there (a commit
 * of make track, measured once), in run order, into out: they form one
 * series, a line per library being a line per point.  Their count. */
size_t dash_singles(const dash_data *d, size_t first, size_t end, size_t *out);
/* The chart of rows [first, end) (one point on one host): SVG, inline. */
void dash_write_chart(const dash_data *d, size_t first, size_t end, FILE *f);

#endif
