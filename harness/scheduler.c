#include "scheduler.h"

#include "../csv/units.h"
#include "../stats/summary.h"
#include "count_spread.h"
#include "progress.h"
#include "round_order.h"
#include "workloads/speed_names.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const workload_spec *ws;
    api_path api;
    int op;
    uint64_t bytes;
    worker_count workers;
} point_def;

/* One library's progress on the current point. */
typedef struct {
    bool active;    /* prepared and not failed: still part of the rotation */
    bool satisfied; /* has enough samples; keeps sampling while others do */
    result_row row;
    size_t cap;
    median_tracker sorted; /* the rates so far, sorted: the stopping rule's CI */
    uint64_t spent_ns;
    char fingerprint[FINGERPRINT_SIZE]; /* its output on the point (agreement.h), or "" */
} lib_point;

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

static void start_row(const schedule *s, const libproc *lp, const point_def *p, result_row *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->label, sizeof r->label, "%s", lp->label);
    snprintf(r->version, sizeof r->version, "%s", lp->version);
    r->version_num = lp->version_num;
    snprintf(r->flavor, sizeof r->flavor, "%s", lp->flavor);
    snprintf(r->version_text, sizeof r->version_text, "%s", lp->version_text);
    snprintf(r->lib, sizeof r->lib, "%s", lp->path);
    snprintf(r->api, sizeof r->api, "%s", api_name(p->api));
    snprintf(r->workload, sizeof r->workload, "%s", p->ws->name);
    snprintf(r->op, sizeof r->op, "%s", p->ws->w->ops[p->op]);
    r->bytes = p->bytes;
    r->threads = p->workers.threads;
    r->procs = p->workers.procs;
    r->cpus = (uint32_t)s->ncpus;
    snprintf(r->unit, sizeof r->unit, "%s",
             s->plan->metric == METRIC_INSTRUCTIONS ? UNIT_INSTRUCTIONS : workload_unit(p->ws->w));
    snprintf(r->ia32cap, sizeof r->ia32cap, "%s", lp->ia32cap);
    snprintf(r->kind, sizeof r->kind, "%s", kind_name(p->ws->w->kind));
    snprintf(r->family, sizeof r->family, "%s", workload_family(p->ws));
    snprintf(r->host, sizeof r->host, "%s", s->where->host);
    snprintf(r->cpu, sizeof r->cpu, "%s", s->where->cpu);
    snprintf(r->timestamp, sizeof r->timestamp, "%s", s->where->timestamp);
    snprintf(r->run_id, sizeof r->run_id, "%s", s->where->run_id);
    snprintf(r->providers, sizeof r->providers, "%s", lp->providers);
    const char *propquery = s->plan->providers.propquery;
    snprintf(r->propquery, sizeof r->propquery, "%s", propquery != NULL ? propquery : "");
    r->status = ST_OK;
}

/* One request to a library's child.  True when an answer came back; else
 * the row records the crash or timeout (or the run was interrupted). */
static bool ask(const schedule *s, libproc *lp, const request *rq, reply *rp, result_row *r,
                bool *interrupted)
{
    char why[256];
    call_result cr = driver(s)->call(lp, rq, rp, s->plan->timeout_s, why, sizeof why);
    if (cr == CALL_OK)
        return true;
    if (cr == CALL_INTERRUPTED) {
        *interrupted = true;
        return false;
    }
    r->status = cr == CALL_TIMEOUT ? ST_TIMEOUT : ST_CRASHED;
    snprintf(r->note, sizeof r->note, "%s", why);
    lp->loaded = false;
    return false;
}

/* Asks one library to set the point up; false when it will not be sampled. */
static bool prepare(const schedule *s, libproc *lp, bool *restartable, const point_def *p,
                    lib_point *lpt, bool *interrupted)
{
    result_row *r = &lpt->row;
    if (!lp->loaded && *restartable && !driver(s)->start(lp, s->cpu, s->plan->timeout_s))
        *restartable = false; /* it crashed, then would not come back: stop trying */
    if (!lp->loaded) {
        r->status = ST_LOAD_FAILED;
        snprintf(r->note, sizeof r->note, "%s", lp->load_error);
        return false;
    }
    request rq = {.type = REQ_PREPARE, .api = (int)p->api, .op = p->op, .bytes = p->bytes,
                  .target_ns = s->plan->sampling.target_ns,
                  .target_instructions = s->plan->target_instructions, .cpu_clock = s->plan->cpu_clock,
                  .threads = p->workers.threads, .procs = p->workers.procs,
                  .thread_safety = s->plan->any_threads, .on_workers = s->plan->nworkers > 1};
    snprintf(rq.workload, sizeof rq.workload, "%s", p->ws->name);
    reply rp;
    if (!ask(s, lp, &rq, &rp, r, interrupted))
        return false;
    r->status = rp.status;
    snprintf(r->note, sizeof r->note, "%s", rp.note);
    r->iterations = rp.iterations;
    snprintf(lpt->fingerprint, sizeof lpt->fingerprint, "%s", rp.fingerprint);
    return rp.status == ST_OK;
}

static void append_rate(lib_point *lpt, double rate)
{
    result_row *r = &lpt->row;
    if (r->nsample == lpt->cap) {
        lpt->cap = lpt->cap ? lpt->cap * 2 : 32;
        r->sample_rates = realloc(r->sample_rates, lpt->cap * sizeof *r->sample_rates);
        if (r->sample_rates == NULL)
            abort();
    }
    r->sample_rates[r->nsample++] = rate;
    tracker_add(&lpt->sorted, rate);
}

/* Enough samples: the CI is tight enough, or the time budget is spent.  A
 * slow operation (rsa15360 sign: a second each) spends the budget before
 * min_samples: it stops at MEDIAN_CI_MIN_SAMPLES, the fewest that still give
 * a 95% interval of the median, rather than at min_samples. */
static bool satisfied(const sampling_rule *o, const lib_point *lpt)
{
    const result_row *r = &lpt->row;
    bool spent = lpt->spent_ns >= (uint64_t)(o->time_s * 1e9);
    if (r->nsample < o->min_samples && !(spent && r->nsample >= MEDIAN_CI_MIN_SAMPLES))
        return false;
    if (spent || r->nsample >= o->max_samples)
        return true;
    sample_summary sum = tracker_summary(&lpt->sorted);
    return summary_rel_halfwidth(&sum) <= o->precision;
}

static void finalize(lib_point *lpt)
{
    result_row *r = &lpt->row;
    sample_summary sum = tracker_summary(&lpt->sorted);
    r->rate = sum.median;
    r->ci_low = sum.ci_low;
    r->ci_high = sum.ci_high;
    r->samples = (uint32_t)r->nsample;
    if (unit_is_count(r->unit))
        count_spread(r);
}

/* " 2 threads", " 4 procs"; "" for one worker (trace lines as before). */
static const char *workers_suffix(const result_row *r)
{
    static char buf[32];
    buf[0] = '\0';
    if (r->threads > 1 || r->procs > 1)
        snprintf(buf, sizeof buf, " %u %s", r->threads * r->procs, r->procs > 1 ? "procs" : "threads");
    return buf;
}

static void trace_sample(const schedule *s, uint64_t seq, size_t lib, const result_row *r)
{
    if (s->trace != NULL)
        fprintf(s->trace, "sample %" PRIu64 " %zu %s %s %s %s %" PRIu64 "%s\n", seq, lib, r->label,
                r->workload, r->api, r->op, r->bytes, workers_suffix(r));
}

/* One sample from one library; false when the library failed. */
static bool sample_once(const schedule *s, size_t i, lib_point *lpt, const point_def *p,
                        uint64_t *seq, bool *interrupted)
{
    libproc *lp = &s->libs[i];
    request rq = {.type = REQ_SAMPLE, .iterations = lpt->row.iterations};
    reply rp;
    if (!ask(s, lp, &rq, &rp, &lpt->row, interrupted))
        return false;
    if (rp.status != ST_OK) {
        lpt->row.status = rp.status;
        snprintf(lpt->row.note, sizeof lpt->row.note, "%s", rp.note);
        return false;
    }
    trace_sample(s, (*seq)++, i, &lpt->row);
    if (s->plan->metric == METRIC_INSTRUCTIONS) {
        /* One worker (run_options refuses more): the count of one operation. */
        append_rate(lpt, (double)rp.instructions / (double)(rp.iterations ? rp.iterations : 1));
        return true;
    }
    lpt->spent_ns += rp.ns;
    double seconds = rp.ns > 0 ? (double)rp.ns / 1e9 : 1e-9;
    double units = (double)rp.iterations * (p->ws->w->sized ? (double)p->bytes : 1.0) *
                   p->workers.threads * p->workers.procs;
    append_rate(lpt, units / seconds);
    return true;
}

/* Every library times the same number of operations per sample (the largest
 * calibrated count), so a sample means the same work whoever runs it. */
static void common_iterations(lib_point *lpts, size_t n)
{
    uint64_t most = 0;
    for (size_t i = 0; i < n; i++)
        if (lpts[i].active && lpts[i].row.iterations > most)
            most = lpts[i].row.iterations;
    for (size_t i = 0; i < n; i++)
        if (lpts[i].active)
            lpts[i].row.iterations = most;
}

/* Samples round by round until every library has enough: one that is
 * satisfied early keeps sampling, so drift keeps hitting all of them alike.
 * Sample k of every library is taken in round k (the pairing of reports). */
static void rotate(const schedule *s, const point_def *p, lib_point *lpts, size_t *order,
                   uint64_t *rng, uint64_t *seq, bool *interrupted)
{
    for (;;) {
        bool all_satisfied = true;
        round_order_shuffle(order, s->nlibs, rng);
        for (size_t j = 0; j < s->nlibs && !*interrupted; j++) {
            size_t i = order[j];
            lib_point *lpt = &lpts[i];
            if (!lpt->active || lpt->row.nsample >= s->plan->sampling.max_samples)
                continue;
            lpt->active = sample_once(s, i, lpt, p, seq, interrupted);
            if (lpt->active)
                lpt->satisfied = satisfied(&s->plan->sampling, lpt);
            all_satisfied = all_satisfied && (!lpt->active || lpt->satisfied);
        }
        if (*interrupted || all_satisfied)
            return;
    }
}

/* Before anything is timed: a library whose output differs from the others'
 * is kat_failed (agreement.h) and leaves the rotation. */
static void check_agreement(const schedule *s, lib_point *lpts, bool *interrupted)
{
    const char **fps = calloc(s->nlibs + 1, sizeof *fps);
    const char **labels = calloc(s->nlibs + 1, sizeof *labels);
    bool *odd = calloc(s->nlibs + 1, sizeof *odd);
    if (fps == NULL || labels == NULL || odd == NULL)
        abort();
    for (size_t i = 0; i < s->nlibs; i++) {
        fps[i] = lpts[i].active ? lpts[i].fingerprint : NULL;
        labels[i] = s->libs[i].label;
    }
    /* Every verdict first: marking one must not change the others' votes. */
    for (size_t i = 0; i < s->nlibs; i++)
        odd[i] = agreement_odd_one(fps, labels, s->nlibs, i, lpts[i].row.note,
                                   sizeof lpts[i].row.note);
    for (size_t i = 0; i < s->nlibs && !*interrupted; i++) {
        if (!odd[i])
            continue;
        lpts[i].active = false;
        lpts[i].row.status = ST_KAT_FAILED;
        request rq = {.type = REQ_FINISH};
        reply rp;
        result_row scratch;
        ask(s, &s->libs[i], &rq, &rp, &scratch, interrupted);
    }
    free(fps);
    free(labels);
    free(odd);
}

static bool run_point(const schedule *s, const point_def *p, lib_point *lpts, bool *restartable,
                      size_t *order, uint64_t *rng, uint64_t *seq)
{
    bool interrupted = false;
    for (size_t i = 0; i < s->nlibs && !interrupted; i++) {
        start_row(s, &s->libs[i], p, &lpts[i].row);
        lpts[i].cap = 0;
        lpts[i].spent_ns = 0;
        lpts[i].satisfied = false;
        lpts[i].fingerprint[0] = '\0';
        lpts[i].active = prepare(s, &s->libs[i], &restartable[i], p, &lpts[i], &interrupted);
    }
    check_agreement(s, lpts, &interrupted);
    common_iterations(lpts, s->nlibs);
    rotate(s, p, lpts, order, rng, seq, &interrupted);
    for (size_t i = 0; i < s->nlibs && !interrupted; i++) {
        if (!lpts[i].active)
            continue;
        finalize(&lpts[i]);
        /* A crash while tearing down shows at the next point. */
        request rq = {.type = REQ_FINISH};
        reply rp;
        result_row scratch;
        ask(s, &s->libs[i], &rq, &rp, &scratch, &interrupted);
    }
    for (size_t i = 0; i < s->nlibs; i++) {
        if (!interrupted)
            s->sink(&lpts[i].row, s->sink_ctx);
        result_row_free(&lpts[i].row);
        tracker_free(&lpts[i].sorted);
    }
    return !interrupted;
}

bool schedule_run(const schedule *s)
{
    const run_plan *o = s->plan;
    lib_point *lpts = calloc(s->nlibs, sizeof *lpts);
    bool *restartable = calloc(s->nlibs, sizeof *restartable);
    size_t *order = calloc(s->nlibs, sizeof *order);
    if (lpts == NULL || restartable == NULL || order == NULL)
        abort();
    for (size_t i = 0; i < s->nlibs; i++) {
        restartable[i] = s->libs[i].loaded;
        order[i] = i;
    }
    uint64_t rng = round_order_seed(s->where->run_id);
    if (s->trace != NULL)
        fprintf(s->trace, "# run %s: each round's order shuffled, seed 0x%016" PRIx64 "\n",
                s->where->run_id, rng);
    progress pr;
    progress_start(&pr, schedule_point_count(o), o->quiet);
    uint64_t seq = 0;
    bool ok = true;
    for (size_t w = 0; w < o->nworkloads && ok; w++) {
        const workload_spec *ws = &o->workloads[w];
        for (int api = 0; api < API_COUNT && ok; api++) {
            if (!measured(o, ws->w, api))
                continue;
            for (int op = 0; ws->w->ops[op] != NULL && ok; op++)
                for (size_t z = 0; z < (ws->w->sized ? o->nsizes : 1) && ok; z++)
                    /* Worker counts innermost: 1 and N threads of a point back to back. */
                    for (size_t k = 0; k < o->nworkers && ok; k++) {
                        point_def p = {ws, (api_path)api, op, ws->w->sized ? o->sizes[z] : 0,
                                       o->workers[k]};
                        ok = run_point(s, &p, lpts, restartable, order, &rng, &seq);
                        if (ok)
                            progress_point(&pr, ws->name, api_name(p.api), ws->w->ops[op],
                                           p.bytes);
                    }
        }
    }
    progress_end(&pr);
    free(lpts);
    free(restartable);
    free(order);
    return ok;
}
