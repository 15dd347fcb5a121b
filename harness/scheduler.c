#include "point_state.h"

#include "../compat/flavor.h"
#include "progress.h"
#include "round_order.h"
#include "timing.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const lib_driver *driver(const schedule *s)
{
    return s->driver != NULL ? s->driver : &libproc_driver;
}

static size_t op_count(const workload *w)
{
    size_t n = 0;
    while (w->ops[n] != NULL)
        n++;
    return n;
}

/* A path is measured when asked for and the workload has that call shape. */
static bool measured(const run_plan *o, const workload *w, int api)
{
    return o->apis[api] && w->needs[api] != NULL;
}

size_t schedule_point_count(const run_plan *o)
{
    size_t total = 0;
    for (size_t i = 0; i < o->nworkloads; i++) {
        const workload *w = o->workloads[i].w;
        for (int a = 0; a < API_COUNT; a++)
            if (measured(o, w, a))
                total += op_count(w) * (w->sized ? o->nsizes : 1);
    }
    return total * o->nworkers;
}

/* Every point of the plan, in plan order: workload, API path, operation,
 * size, then worker counts innermost (1 and N workers back to back). */
static point_state *plan_points(const schedule *s, size_t *n)
{
    const run_plan *o = s->plan;
    size_t total = schedule_point_count(o), k = 0;
    point_state *pts = calloc(total ? total : 1, sizeof *pts);
    if (pts == NULL)
        abort();
    for (size_t w = 0; w < o->nworkloads; w++) {
        const workload_spec *ws = &o->workloads[w];
        for (int api = 0; api < API_COUNT; api++) {
            if (!measured(o, ws->w, api))
                continue;
            for (int op = 0; ws->w->ops[op] != NULL; op++)
                for (size_t z = 0; z < (ws->w->sized ? o->nsizes : 1); z++)
                    for (size_t c = 0; c < o->nworkers; c++) {
                        point_state *pt = &pts[k++];
                        pt->def = (point_def){ws, (api_path)api, op,
                                              ws->w->sized ? o->sizes[z] : 0, o->workers[c]};
                        pt->width = INFINITY;
                        pt->lib = calloc(s->nlibs ? s->nlibs : 1, sizeof *pt->lib);
                        if (pt->lib == NULL)
                            abort();
                    }
        }
    }
    *n = k;
    return pts;
}

/* The order in which libraries serve as the baseline of a point's ratios:
 * the one asked for, else the oldest release (compat/flavor.h's order, as
 * report's default), then the rest in that order. */
static const schedule *ordering;

static int by_release(const void *a, const void *b)
{
    const libproc *x = &ordering->libs[*(const size_t *)a], *y = &ordering->libs[*(const size_t *)b];
    lib_flavor fx = FLAVOR_OTHER, fy = FLAVOR_OTHER;
    (void)flavor_parse(x->flavor, &fx);
    (void)flavor_parse(y->flavor, &fy);
    return release_order(fx, x->version_num, x->label, fy, y->version_num, y->label);
}

static size_t *baseline_order(const schedule *s)
{
    size_t *order = calloc(s->nlibs ? s->nlibs : 1, sizeof *order);
    if (order == NULL)
        abort();
    for (size_t i = 0; i < s->nlibs; i++)
        order[i] = i;
    ordering = s;
    qsort(order, s->nlibs, sizeof *order, by_release);
    ordering = NULL;
    const char *want = s->plan->sampling.baseline;
    for (size_t k = 0; want != NULL && k < s->nlibs; k++)
        if (strcmp(s->libs[order[k]].label, want) == 0) {
            size_t chosen = order[k];
            memmove(order + 1, order, k * sizeof *order);
            order[0] = chosen;
            break;
        }
    return order;
}

/* Samples, retakes and disturbed samples of the rows that went out. */
typedef struct {
    uint64_t samples, retaken, disturbed;
} sample_counts;

/* Rows to the sink in plan order: every finished point before the first
 * unfinished one (all of them with `all`, those never visited left out). */
static void emit(const schedule *s, point_state *pts, size_t n, size_t *next, bool all,
                 sample_counts *c)
{
    for (; *next < n && (all || pts[*next].finished); (*next)++) {
        point_state *pt = &pts[*next];
        for (size_t i = 0; i < s->nlibs; i++) {
            result_row *r = &pt->lib[i].row;
            if (pt->visits > 0) {
                point_finalize_row(r);
                c->samples += r->nsample;
                c->retaken += r->retaken;
                c->disturbed += r->disturbed;
                s->sink(r, s->sink_ctx);
            }
            result_row_free(r);
        }
    }
}

/* Fresh child processes for the next pass: a visit in new address spaces,
 * so that what a process keeps (its heap, its page layout) varies between
 * blocks as it does between runs. */
static void restart_children(const schedule *s, const bool *restartable)
{
    for (size_t i = 0; i < s->nlibs; i++) {
        libproc *lp = &s->libs[i];
        if (!restartable[i] || driver(s)->stop == NULL)
            continue;
        if (lp->loaded)
            driver(s)->stop(lp);
        (void)driver(s)->start(lp, s->cpu, s->plan->timeout_s); /* prepare retries */
    }
}

static const point_state *judging; /* widest_first's points (qsort has no context) */

static int widest_first(const void *a, const void *b)
{
    const point_state *x = &judging[*(const size_t *)a], *y = &judging[*(const size_t *)b];
    if (x->width != y->width)
        return x->width > y->width ? -1 : 1;
    return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void fill_stats(const schedule *s, const point_state *pts, size_t n, const size_t *base,
                       size_t passes, size_t visits, const sample_counts *c)
{
    schedule_stats *st = s->stats;
    if (st == NULL)
        return;
    *st = (schedule_stats){.points = n, .passes = passes, .visits = visits,
                           .samples = c->samples, .retaken = c->retaken,
                           .disturbed = c->disturbed};
    if (s->nlibs > 0)
        snprintf(st->baseline, sizeof st->baseline, "%s", s->libs[base[0]].label);
    double *w = calloc(n ? n : 1, sizeof *w);
    if (w == NULL)
        abort();
    for (size_t k = 0; k < n; k++) {
        const point_state *pt = &pts[k];
        if (pt->finished)
            st->ends[pt->why]++;
        else if (pt->visits > 0)
            st->ends[END_BUDGET]++;
        if (isfinite(pt->width) && pt->visits > 0 && !(pt->finished && pt->why == END_FAILED)) {
            w[st->widths++] = pt->width;
            st->within_1pct += pt->width <= 0.01;
            st->within_2pct += pt->width <= 0.02;
        }
    }
    qsort(w, st->widths, sizeof *w, cmp_double);
    st->median_width = st->widths ? w[st->widths / 2] : NAN;
    free(w);
}

/* A point as the progress line counts it (harness/progress.h): what it adds
 * to the planned visits, whether it meets the precision target, and its
 * sample time spent and still allowed under --time. */
static progress_tally tally(const schedule *s, const point_state *pt)
{
    const sampling_rule *r = &s->plan->sampling;
    progress_tally t = {.planned = progress_point_plan(pt->finished, pt->visits, r->min_blocks),
                        .finished = pt->finished,
                        .within = pt->visits > 0 && pt->width <= r->precision};
    for (size_t i = 0; i < s->nlibs; i++) {
        double spent = (double)pt->lib[i].spent_ns / 1e9;
        t.spent_s += spent;
        bool sampling = pt->visits == 0 ? s->libs[i].loaded : pt->lib[i].measured;
        if (!pt->finished && sampling && spent < r->time_s)
            t.time_left_s += r->time_s - spent;
    }
    return t;
}

/* The points still to visit in the next pass: all of them in plan order the
 * first time, then the unfinished ones, widest intervals first. */
static size_t next_pass(point_state *pts, size_t n, size_t pass, size_t *pick)
{
    size_t m = 0;
    for (size_t k = 0; k < n; k++)
        if (!pts[k].finished)
            pick[m++] = k;
    judging = pts;
    if (pass > 0)
        qsort(pick, m, sizeof *pick, widest_first);
    judging = NULL;
    return m;
}

/* Keeps only the points due for a visit (point_pace.c); with none due, the
 * clock time until the first is, in *wait_ns (0 when some are due). */
static size_t due_points(const schedule *s, const point_state *pts, size_t *pick, size_t m,
                         uint64_t now, uint64_t *wait_ns)
{
    size_t kept = 0;
    uint64_t first = UINT64_MAX;
    for (size_t j = 0; j < m; j++) {
        uint64_t due = point_due_ns(s, &pts[pick[j]]);
        if (due <= now)
            pick[kept++] = pick[j];
        else if (due < first)
            first = due;
    }
    *wait_ns = kept > 0 ? 0 : first - now;
    return kept;
}

/* Sleeps up to wait_ns in short steps; false when the run was interrupted. */
static bool pause_run(uint64_t wait_ns)
{
    const uint64_t step = 100000000; /* a Ctrl-C is seen within 0.1 s */
    uint64_t ns = wait_ns < step ? wait_ns : step;
    nanosleep(&(struct timespec){.tv_sec = (time_t)(ns / 1000000000u),
                                 .tv_nsec = (long)(ns % 1000000000u)}, NULL);
    return !run_interrupted;
}

static bool budget_spent(const sampling_rule *r, uint64_t t0)
{
    return r->budget_s > 0 && (double)(clock_ns() - t0) >= r->budget_s * 1e9;
}

/* The state of the run's visits: every loaded library restartable, the
 * rounds' shuffle seeded from the run id (the trace's first line). */
static visit_ctx visits_begin(const schedule *s)
{
    visit_ctx v = {.s = s, .restartable = calloc(s->nlibs + 1, sizeof(bool)),
                   .order = calloc(s->nlibs + 1, sizeof(size_t)),
                   .rng = round_order_seed(s->where->run_id)};
    if (v.restartable == NULL || v.order == NULL)
        abort();
    for (size_t i = 0; i < s->nlibs; i++) {
        v.restartable[i] = s->libs[i].loaded;
        v.order[i] = i;
    }
    if (s->trace != NULL)
        fprintf(s->trace, "# run %s: each round's order shuffled, seed 0x%016" PRIx64 "\n",
                s->where->run_id, v.rng);
    return v;
}

static void progress_begin(const schedule *s, size_t n, progress *pr)
{
    const sampling_rule *r = &s->plan->sampling;
    size_t loaded = 0;
    for (size_t i = 0; i < s->nlibs; i++)
        loaded += s->libs[i].loaded;
    progress_start(pr, n, progress_point_plan(false, 0, r->min_blocks), r->precision, r->budget_s,
                   (double)n * (double)loaded * r->time_s, s->plan->quiet);
    pr->span_s = r->span_s;
}

bool schedule_run(const schedule *s)
{
    const run_plan *o = s->plan;
    size_t n = 0, next = 0, pass = 0, passes = 0, visits = 0;
    point_state *pts = plan_points(s, &n);
    size_t *base = baseline_order(s);
    size_t *pick = calloc(n ? n : 1, sizeof *pick);
    if (pick == NULL)
        abort();
    visit_ctx v = visits_begin(s);
    uint64_t t0 = clock_ns();
    sample_counts counts = {0};
    progress pr;
    progress_begin(s, n, &pr);
    bool ok = true, spent = false;
    for (size_t m; ok && !spent && (m = next_pass(pts, n, pass, pick)) > 0;) {
        uint64_t wait_ns = 0;
        if ((m = due_points(s, pts, pick, m, clock_ns(), &wait_ns)) == 0) {
            /* Every point is ahead of its span: no pass yet. */
            ok = pause_run(wait_ns);
            spent = budget_spent(&o->sampling, t0);
            continue;
        }
        if (pass > 0)
            restart_children(s, v.restartable);
        if (s->trace != NULL)
            fprintf(s->trace, "# pass %zu: %zu point(s)\n", pass + 1, m);
        for (size_t j = 0; j < m && ok; j++) {
            point_state *pt = &pts[pick[j]];
            /* The budget never cuts the first pass: every point gets a visit. */
            if (pass > 0 && budget_spent(&o->sampling, t0)) {
                spent = true;
                break;
            }
            progress_tally before = tally(s, pt);
            if (pt->visits == 0) {
                point_start_rows(s, pt);
                pt->first_ns = clock_ns();
            }
            if (!(ok = point_visit(&v, pt)))
                break;
            visits++;
            passes = pass + 1;
            point_judge(s, pt, base);
            progress_tally after = tally(s, pt);
            progress_visit(&pr, pass + 1, &before, &after, pt->def.ws->name,
                           api_name(pt->def.api), pt->def.ws->w->ops[pt->def.op], pt->def.bytes);
            emit(s, pts, n, &next, false, &counts);
        }
        pass++;
    }
    progress_end(&pr);
    fill_stats(s, pts, n, base, passes, visits, &counts);
    emit(s, pts, n, &next, true, &counts);
    if (s->stats != NULL) { /* the last rows' samples */
        s->stats->samples = counts.samples;
        s->stats->retaken = counts.retaken;
        s->stats->disturbed = counts.disturbed;
        s->stats->rounds = v.rounds_taken;
        s->stats->rounds_slow = v.rounds_slow;
        s->stats->spell_fast_ns = spell_fast_ns(&v.spells);
        s->stats->spell_slow_ns = s->stats->spell_fast_ns ? spell_slow_ns(&v.spells) : 0;
    }
    for (size_t k = 0; k < n; k++) {
        free(pts[k].lib);
        free(pts[k].round_probe);
    }
    free(pts);
    free(base);
    free(pick);
    free(v.restartable);
    free(v.order);
    return ok;
}
