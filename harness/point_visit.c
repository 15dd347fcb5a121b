/* One visit of a point: every library prepares it (set-up, known answers,
 * its own operation count), then a block of rounds, each library sampled
 * once per round in a shuffled order, a disturbed sample taken again. */
#include "point_state.h"

#include "round_order.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const lib_driver *driver(const schedule *s)
{
    return s->driver != NULL ? s->driver : &libproc_driver;
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

static void finish(const schedule *s, size_t i, bool *interrupted)
{
    request rq = {.type = REQ_FINISH};
    reply rp;
    result_row scratch;
    ask(s, &s->libs[i], &rq, &rp, &scratch, interrupted);
}

/* Asks one library to set the point up; false when it will not be sampled. */
static bool prepare(visit_ctx *v, size_t i, const point_def *p, lib_point *lpt,
                    bool *interrupted)
{
    const schedule *s = v->s;
    libproc *lp = &s->libs[i];
    result_row *r = &lpt->row;
    if (!lp->loaded && v->restartable[i] && !driver(s)->start(lp, s->cpu, s->plan->timeout_s)) {
        /* A signal during the restart stops the run; it says nothing of the library. */
        if (run_interrupted) {
            *interrupted = true;
            return false;
        }
        v->restartable[i] = false; /* it crashed, then would not come back: stop trying */
    }
    if (!lp->loaded) {
        r->status = ST_LOAD_FAILED;
        snprintf(r->note, sizeof r->note, "%s", lp->load_error);
        return false;
    }
    const run_plan *o = s->plan;
    request rq = {.type = REQ_PREPARE, .api = (int)p->api, .op = p->op, .bytes = p->bytes,
                  .target_ns = o->sampling.target_ns,
                  .target_instructions = o->target_instructions, .cpu_clock = o->cpu_clock,
                  .threads = p->workers.threads, .procs = p->workers.procs,
                  .thread_safety = o->any_threads, .on_workers = o->nworkers > 1};
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
}

static void append_block(lib_point *lpt, uint32_t rounds)
{
    result_row *r = &lpt->row;
    if (r->nblock == lpt->block_cap) {
        lpt->block_cap = lpt->block_cap ? lpt->block_cap * 2 : 8;
        r->sample_blocks = realloc(r->sample_blocks, lpt->block_cap * sizeof *r->sample_blocks);
        if (r->sample_blocks == NULL)
            abort();
    }
    r->sample_blocks[r->nblock++] = rounds;
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

/* A disturbed try's line says so, why and what became of it: " disturbed 2
 * switches, taken again", " disturbed migrated, kept", " disturbed 12%
 * off-cpu, kept".  A try taken again is no sample: a round still has one
 * sample line per library that is not "taken again". */
static void trace_sample(visit_ctx *v, size_t lib, const result_row *r, const reply *rp,
                         bool disturbed, bool again)
{
    FILE *t = v->s->trace;
    if (t == NULL)
        return;
    fprintf(t, "sample %" PRIu64 " %zu %s %s %s %s %" PRIu64 "%s", v->seq, lib, r->label,
            r->workload, r->api, r->op, r->bytes, workers_suffix(r));
    const sample_watch *w = &rp->watch;
    if (disturbed && w->switches > 0)
        fprintf(t, " disturbed %" PRIu32 " switches", w->switches);
    else if (disturbed && w->migrated)
        fprintf(t, " disturbed migrated");
    else if (disturbed)
        fprintf(t, " disturbed %.0f%% off-cpu",
                w->wall_ns ? 100.0 * (double)(w->wall_ns - w->cpu_ns) / (double)w->wall_ns : 0.0);
    if (disturbed)
        fputs(again ? ", taken again" : ", kept", t);
    fputc('\n', t);
}

/* One sample from one library; false when the library failed.  A disturbed
 * sample (harness/disturbance.h) is taken again right away, in the same
 * round, up to DISTURBED_RETAKES times; the last try is kept whatever it
 * was, a disturbed one timed by its thread's CPU time and counted in the
 * row. */
static bool sample_once(visit_ctx *v, size_t i, lib_point *lpt, const point_def *p,
                        bool *interrupted)
{
    const schedule *s = v->s;
    request rq = {.type = REQ_SAMPLE, .iterations = lpt->row.iterations};
    reply rp;
    bool disturbed = false;
    /* A library whose samples here mostly stay disturbed (a slow operation
     * on a busy CPU: no try fits between two turns of the other process)
     * gets no retakes: they would only cost time. */
    const result_row *r = &lpt->row;
    unsigned retakes = r->nsample >= 4 && 2 * r->disturbed > r->nsample ? 0 : DISTURBED_RETAKES;
    for (unsigned tries = 0;; tries++) {
        if (!ask(s, &s->libs[i], &rq, &rp, &lpt->row, interrupted))
            return false;
        if (rp.status != ST_OK) {
            lpt->row.status = rp.status;
            snprintf(lpt->row.note, sizeof lpt->row.note, "%s", rp.note);
            return false;
        }
        disturbed = s->plan->metric == METRIC_TIME && rp.watched && sample_disturbed(&rp.watch);
        bool again = disturbed && tries < retakes;
        trace_sample(v, i, &lpt->row, &rp, disturbed, again);
        v->seq++;
        lpt->spent_ns += rp.ns; /* retakes spend the budget too */
        if (!again)
            break;
        lpt->row.retaken++;
    }
    if (rp.watched && rp.watch.probe_ns > 0) {
        spell_gauge_add(&v->spells, rp.watch.probe_ns);
        if (rp.watch.probe_ns > v->round_probe)
            v->round_probe = rp.watch.probe_ns;
    }
    lpt->row.disturbed += disturbed;
    if (s->plan->metric == METRIC_INSTRUCTIONS) {
        /* One worker (run_options refuses more): the count of one operation. */
        snprintf(lpt->row.profile, sizeof lpt->row.profile, "%s", rp.profile);
        append_rate(lpt, (double)rp.instructions / (double)(rp.iterations ? rp.iterations : 1));
        return true;
    }
    /* A sample kept though disturbed counts the time its thread ran: the
     * time the CPU was taken away is the other process's, not the library's. */
    uint64_t ns = disturbed && !s->plan->cpu_clock && rp.watch.cpu_ns > 0 ? rp.watch.cpu_ns : rp.ns;
    double seconds = ns > 0 ? (double)ns / 1e9 : 1e-9;
    double units = (double)rp.iterations * (p->ws->w->sized ? (double)p->bytes : 1.0) *
                   p->workers.threads * p->workers.procs;
    append_rate(lpt, units / seconds);
    return true;
}

/* Before anything is timed: a library whose output differs from the others'
 * is kat_failed (agreement.h) and leaves the point. */
static void check_agreement(const schedule *s, point_state *pt, bool *interrupted)
{
    const char **fps = calloc(s->nlibs + 1, sizeof *fps);
    const char **labels = calloc(s->nlibs + 1, sizeof *labels);
    bool *odd = calloc(s->nlibs + 1, sizeof *odd);
    if (fps == NULL || labels == NULL || odd == NULL)
        abort();
    for (size_t i = 0; i < s->nlibs; i++) {
        fps[i] = pt->lib[i].measured ? pt->lib[i].fingerprint : NULL;
        labels[i] = s->libs[i].label;
    }
    /* Every verdict first: marking one must not change the others' votes. */
    for (size_t i = 0; i < s->nlibs; i++)
        odd[i] = agreement_odd_one(fps, labels, s->nlibs, i, pt->lib[i].row.note,
                                   sizeof pt->lib[i].row.note);
    for (size_t i = 0; i < s->nlibs && !*interrupted; i++) {
        if (!odd[i])
            continue;
        pt->lib[i].measured = false;
        pt->lib[i].row.status = ST_KAT_FAILED;
        finish(s, i, interrupted);
    }
    free(fps);
    free(labels);
    free(odd);
}

/* What a library had before the visit: a visit that fails or is
 * interrupted leaves no sample behind (the blocks must add up). */
typedef struct {
    size_t nsample;
    uint32_t retaken, disturbed;
    uint64_t spent_ns;
} lib_mark;

static void undo(lib_point *lpt, const lib_mark *m)
{
    lpt->row.nsample = m->nsample;
    lpt->row.retaken = m->retaken;
    lpt->row.disturbed = m->disturbed;
    lpt->spent_ns = m->spent_ns;
}

/* Rounds until the block is whole: block_rounds of them; fewer for a slow
 * point (at least two), once its slowest library has spent its share of
 * time_s on this visit; never past max_samples.  A round taken in a slow
 * spell does not count and leaves no sample; a visit that meets a long
 * spell gives up after SPELL_VISIT_TRIES times its rounds, or twice its
 * share of time, with what it has (no block at all when nothing). */
enum { SPELL_VISIT_TRIES = 4 };

static size_t run_rounds(visit_ctx *v, point_state *pt, const lib_mark *marks, bool *interrupted)
{
    const schedule *s = v->s;
    const sampling_rule *r = &s->plan->sampling;
    uint64_t share = (uint64_t)(r->time_s * 1e9 / (r->min_blocks ? r->min_blocks : 1));
    size_t rounds = 0, tries = 0;
    lib_mark *before = calloc(s->nlibs + 1, sizeof *before);
    if (before == NULL)
        abort();
    for (;;) {
        round_order_shuffle(v->order, s->nlibs, &v->rng);
        for (size_t i = 0; i < s->nlibs; i++)
            before[i] = (lib_mark){pt->lib[i].row.nsample, 0, pt->lib[i].row.disturbed, 0};
        v->round_probe = 0;
        bool any = false;
        for (size_t j = 0; j < s->nlibs && !*interrupted; j++) {
            size_t i = v->order[j];
            lib_point *lpt = &pt->lib[i];
            if (!lpt->measured)
                continue;
            if (sample_once(v, i, lpt, &pt->def, interrupted)) {
                any = true;
            } else if (!*interrupted) {
                lpt->measured = false; /* its row says why; its samples of this visit go */
                undo(lpt, &marks[i]);
            }
        }
        if (*interrupted || !any)
            break;
        tries++;
        if (!point_round_slow(v, pt))
            point_keep_round_probe(pt, pt->rounds + rounds++, v->round_probe);
        else
            for (size_t i = 0; i < s->nlibs; i++)
                if (pt->lib[i].measured) {
                    pt->lib[i].row.nsample = before[i].nsample;
                    pt->lib[i].row.disturbed = before[i].disturbed;
                }
        uint64_t slowest = 0;
        for (size_t i = 0; i < s->nlibs; i++)
            if (pt->lib[i].measured && pt->lib[i].spent_ns - marks[i].spent_ns > slowest)
                slowest = pt->lib[i].spent_ns - marks[i].spent_ns;
        bool spent = slowest >= share &&
                     (rounds >= 2 || (tries > rounds && slowest >= 2 * share));
        if (rounds >= r->block_rounds || pt->rounds + rounds >= r->max_samples || spent ||
            tries >= SPELL_VISIT_TRIES * r->block_rounds)
            break;
    }
    free(before);
    return rounds;
}

bool point_visit(visit_ctx *v, point_state *pt)
{
    const schedule *s = v->s;
    bool interrupted = false;
    lib_mark *marks = calloc(s->nlibs, sizeof *marks);
    if (marks == NULL)
        abort();
    for (size_t i = 0; i < s->nlibs; i++) {
        lib_point *lpt = &pt->lib[i];
        marks[i] = (lib_mark){lpt->row.nsample, lpt->row.retaken, lpt->row.disturbed,
                              lpt->spent_ns};
        if (lpt->measured && !interrupted)
            lpt->measured = prepare(v, i, &pt->def, lpt, &interrupted);
    }
    if (pt->visits == 0)
        check_agreement(s, pt, &interrupted);
    size_t rounds = interrupted ? 0 : run_rounds(v, pt, marks, &interrupted);
    for (size_t i = 0; i < s->nlibs && !interrupted; i++)
        if (pt->lib[i].measured)
            finish(s, i, &interrupted); /* a crash while tearing down shows next time */
    for (size_t i = 0; i < s->nlibs; i++) {
        if (interrupted)
            undo(&pt->lib[i], &marks[i]);
        else if (pt->lib[i].measured && rounds > 0)
            append_block(&pt->lib[i], (uint32_t)rounds);
    }
    free(marks);
    if (interrupted)
        return false;
    pt->visits++;
    pt->blocks += rounds > 0;
    pt->rounds += rounds;
    v->rounds_slow += point_drop_slow_rounds(v, pt);
    return true;
}
