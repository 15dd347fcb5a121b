/* Internal to the scheduler (scheduler.c, point_visit.c, point_stop.c): a
 * measurement point and each library's progress on it, kept from one visit
 * of the point to the next. */
#ifndef HARNESS_POINT_STATE_H
#define HARNESS_POINT_STATE_H

#include "cpu_spell.h"
#include "scheduler.h"

typedef struct {
    const workload_spec *ws;
    api_path api;
    int op;
    uint64_t bytes;
    worker_count workers;
} point_def;

/* One library's progress on a point. */
typedef struct {
    bool measured;   /* prepared and sampled fine on every visit so far */
    result_row row;  /* samples and blocks add up over the visits; a status
                      * other than ok is final */
    size_t cap, block_cap;
    uint64_t spent_ns; /* time its samples took, retakes included */
    char fingerprint[FINGERPRINT_SIZE]; /* its output on the point (agreement.h), or "" */
} lib_point;

typedef struct {
    point_def def;
    lib_point *lib;   /* one per library of the schedule */
    unsigned visits;
    unsigned blocks;  /* visits that kept a round (not all lost to a slow spell) */
    uint64_t first_ns; /* clock_ns() at its first visit */
    size_t rounds;    /* rounds so far: every measured library has one sample per round */
    uint64_t *round_probe; /* each of those rounds' slowest spell probe (cpu_spell.h) */
    size_t round_probe_cap;
    bool finished;
    point_end why;    /* what ended it (finished) */
    double width;     /* the widest relative half-width of its intervals after its last
                       * visit (point_stop.c), INFINITY before */
} point_state;

/* What a visit needs beyond the point: the schedule, and the state that
 * lives as long as the run. */
typedef struct {
    const schedule *s;
    bool *restartable; /* per library: false once it crashed and would not come back */
    size_t *order;     /* scratch for the order of a round */
    uint64_t rng, seq; /* the rounds' shuffle; the trace's sample number */
    spell_gauge spells; /* the run's spell probes (cpu_spell.h) */
    uint64_t round_probe; /* the slowest probe of the round being taken */
    uint64_t rounds_taken, rounds_slow; /* every round of the run; those dropped as slow */
} visit_ctx;

/* ---- point_visit.c ---- */
/* The row a library starts a point with (label, version, point, where). */
void point_start_rows(const schedule *s, point_state *pt);
/* One visit of a point: each library prepares it anew, then a block of
 * rounds.  False when the run was interrupted: the visit's samples are
 * dropped, the point is as it was before it. */
bool point_visit(visit_ctx *v, point_state *pt);

/* ---- point_stop.c ---- */
/* After a visit: sets pt->width and, when the point needs no more visits,
 * pt->finished and pt->why.  `baseline` lists the libraries in the order
 * they serve as the baseline of the ratios (the chosen one first). */
void point_judge(const schedule *s, point_state *pt, const size_t *baseline);
/* The row's rate and CI from its samples and blocks (stats/blocked.h). */
void point_finalize_row(result_row *r);
/* The sample time of its measured library that spent the most (what
 * --time limits); *any (when not NULL): whether any library is measured. */
uint64_t point_slowest_spent_ns(const schedule *s, const point_state *pt, bool *any);

/* ---- point_spells.c ---- */
/* Whether the round just taken (its probe in v->round_probe) ran in a slow
 * spell; counts it, and the trace says so when it is dropped. */
bool point_round_slow(visit_ctx *v, const point_state *pt);
/* Keeps the probe of round k of the point (k: its index among the kept). */
void point_keep_round_probe(point_state *pt, size_t k, uint64_t probe_ns);
/* Drops the rounds taken before the fast time was known, or before it
 * settled, that the slow line now calls slow: from every measured
 * library's samples and blocks alike, unless none would be left.  Returns
 * how many. */
size_t point_drop_slow_rounds(visit_ctx *v, point_state *pt);

/* ---- point_pace.c ---- */
/* When an unfinished point may next be visited under sampling.span_s (0:
 * now): once its visits' share of what it may spend is no ahead of the
 * share of the span gone by. */
uint64_t point_due_ns(const schedule *s, const point_state *pt);
/* Whether its visits span sampling.span_s, so that the precision may stop it. */
bool point_spanned(const schedule *s, const point_state *pt, uint64_t now_ns);

#endif
