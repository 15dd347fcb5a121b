/* Progress of a run on stderr, sized for where it goes.  On a terminal: one
 * line redrawn in place after every visit of a point.  Elsewhere (make, CI,
 * a log file): a line only when PROGRESS_EVERY_S seconds have passed or
 * another PROGRESS_EVERY_PCT percent of the planned visits is done since the
 * last line, and when the last point finishes, so that a log stays short.
 *
 * The line counts visits, the unit the scheduler works in, not finished
 * points (none finishes before its minimum visits, so a count of points sat
 * at 0% for half a run): visits done of visits planned, the plan growing
 * when the stopping rule asks a point for more; the ETA from the first
 * pass's time per visit, never past what the run's limits (--budget,
 * --time) leave; and how many points already meet the precision target:
 *
 *   visit 120 of at least 320   37%  pass 2  14/40 points within 1%  sha256       evp
 *   digest      16 B  elapsed 1:02  eta 1:45 (at most 4:10)       (one line) */
#ifndef HARNESS_PROGRESS_H
#define HARNESS_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { PROGRESS_EVERY_S = 10, PROGRESS_EVERY_PCT = 10 };

/* Everything the line says, and the limits its ETA keeps within. */
typedef struct {
    size_t visits, planned; /* visits done; planned: in all, as the plan stands now */
    bool exact;             /* every point finished: planned is what was done */
    size_t pass;
    size_t points, within;  /* points; those whose interval meets the target */
    double precision;       /* the target half-width (0.01: "within 1%") */
    double elapsed_s;
    double per_visit_s;     /* the first pass's time per visit; 0 before any visit */
    size_t first_left;      /* visits the first pass still has (no budget cuts them) */
    double budget_s;        /* --budget: the run's measuring time; 0 none */
    double span_s;          /* --span: the run lasts about this at least; 0 none */
    double spent_s;         /* sample time of the visits so far (what --time counts) */
    double time_left_s;     /* sample time --time still allows the unfinished points */
    const char *workload, *api, *op;
    uint64_t bytes;
} progress_view;

/* The most the run can still take by its limits: --time's sample time left
 * (at the run's own wall time per sample second) and, past the first pass,
 * the budget left; negative when unknown (no visit yet, no limit). */
double progress_limit_s(const progress_view *v);
/* Seconds the run still needs: the visits left at the first pass's time per
 * visit, never past progress_limit_s, never short of the span's rest (the
 * points' visits are spread over it); negative when unknown (no visit yet).
 * The line adds "(at most M:SS)" when the limit is further off. */
double progress_eta_s(const progress_view *v);
/* The line, without a line end; returns what snprintf returns. */
int progress_format(const progress_view *v, char *buf, size_t n);

/* What a point adds to the plan: the visits it had, once finished; else
 * at least min_visits and always one more than it has had. */
size_t progress_point_plan(bool finished, size_t visits, size_t min_visits);

/* One point as the line counts it, before or after a visit. */
typedef struct {
    size_t planned;  /* progress_point_plan */
    bool finished, within;
    double spent_s;     /* its sample time, every library */
    double time_left_s; /* what --time still allows it, every library (0 once finished) */
} progress_tally;

typedef struct {
    bool enabled, tty, line_open;
    size_t points, finished, within, visits, planned, shown; /* shown: visits at the last line */
    size_t first_visits; /* visits of the first pass */
    double precision, budget_s, spent_s, time_left_s, per_visit_s;
    double span_s; /* set after progress_start when the points' visits are spread */
    uint64_t t0, shown_ns;
} progress;

/* points of the plan, each planned `planned_each` visits, `time_left_s` of
 * sample time between them under --time. */
void progress_start(progress *p, size_t points, size_t planned_each, double precision,
                    double budget_s, double time_left_s, bool quiet);
/* A visit of a point in pass `pass` is done: the point before and after it;
 * what names the point visited. */
void progress_visit(progress *p, size_t pass, const progress_tally *before,
                    const progress_tally *after, const char *workload, const char *api,
                    const char *op, uint64_t bytes);
/* Ends a redrawn line, so that what follows starts on a line of its own. */
void progress_end(progress *p);

#endif
