/* run_measure (runner.h): the run's files opened, the libraries started,
 * the schedule run, then everything closed and the result handed on. */
#define _GNU_SOURCE
#include "runner.h"
#include "run_collect.h"
#include "run_files.h"
#include "run_metadata.h"
#include "run_quality.h"
#include "../analysis/report.h"
#include "../csv/json_write.h"
#include "../harness/scheduler.h"
#include "../harness/valgrind_child.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

/* What one run holds while it lives (on the heap: the children's table is
 * large). */
typedef struct {
    const run_args *o;
    run_file csv, trace, json;
    run_meta meta;
    char counts_dir[4096];
    libproc libs[MAX_LIBS];
    size_t nloaded;
    run_context where;
    int cpu;
    run_collector col;
} run_state;

/* --json is a file of its own: not the CSV, not the trace. */
static bool json_path_apart(const run_args *o)
{
    const char *others[] = {o->csv_path, o->trace_path, o->metadata_path};
    for (size_t i = 0; i < 3; i++)
        if (others[i] != NULL && strcmp(others[i], "-") != 0 && run_files_clash(o->json_path, others[i])) {
            fprintf(stderr, "osslbench run: --json names the --%s file too (%s)\n",
                    i == 0 ? "csv" : i == 1 ? "trace" : "metadata", o->json_path);
            return false;
        }
    return true;
}

/* Files that got nothing worth keeping (those never opened are no-ops). */
static void discard_files(run_state *st)
{
    run_meta_discard(&st->meta);
    run_file_discard(&st->json);
    run_file_discard(&st->trace);
    run_file_discard(&st->csv);
}

/* Results (and the trace) go to FILE.partial and become FILE at the end,
 * also after an interrupt: every line in it is whole (runner/run_files.h).
 * false after a one-line error, nothing left behind. */
static bool open_files(run_state *st)
{
    const run_args *o = st->o;
    char why[256];
    if (o->csv_path && o->trace_path && strcmp(o->csv_path, "-") != 0 &&
        run_files_clash(o->csv_path, o->trace_path)) {
        fprintf(stderr, "osslbench run: --csv and --trace name the same file (%s)\n",
                o->trace_path);
        return false;
    }
    bool ok = (o->json_path == NULL || json_path_apart(o)) &&
              (o->csv_path == NULL || run_file_open(&st->csv, o->csv_path)) &&
              (o->trace_path == NULL || run_file_open(&st->trace, o->trace_path)) &&
              (o->json_path == NULL || run_file_open(&st->json, o->json_path)) &&
              run_meta_open(&st->meta, o, st->csv.f != NULL && !st->csv.stream ? &st->csv : &st->json);
    if (ok && o->plan.metric == METRIC_INSTRUCTIONS &&
        (!valgrind_available(why, sizeof why) ||
         !counts_dir_create(st->counts_dir, sizeof st->counts_dir, why, sizeof why))) {
        fprintf(stderr, "osslbench run: %s\n", why);
        ok = false;
    }
    if (!ok)
        discard_files(st);
    return ok;
}

/* A run that will measure nothing: its children stopped, its files (the CSV,
 * the trace, the metadata) never made. */
static void abandon(run_state *st)
{
    for (size_t i = 0; i < st->o->nlibs; i++)
        libproc_stop(&st->libs[i]);
    if (st->counts_dir[0])
        counts_dir_remove(st->counts_dir);
    discard_files(st);
}

/* A child per library; true when at least one loaded (the others said why). */
static bool start_libs(run_state *st)
{
    const run_args *o = st->o;
    install_interrupt_handlers();
    run_context_init(&st->where);
    st->cpu = pick_benchmark_cpu();
    size_t nloaded = 0;
    for (size_t i = 0; i < o->nlibs; i++) {
        libproc *lp = &st->libs[i];
        lp->path = o->lib_paths[i];
        lp->setup = &o->plan.providers;
        lp->counts_dir = st->counts_dir[0] ? st->counts_dir : NULL;
        lp->ia32cap_env = o->cpu_mask;
        if (libproc_start(lp, st->cpu, o->plan.timeout_s))
            nloaded++;
        else
            fprintf(stderr, "osslbench run: --lib %s: %s\n", lp->path, lp->load_error);
    }
    return nloaded > 0;
}

/* The loaded libraries labelled and said; false when --baseline names
 * none of them (one line, and nothing runs). */
static bool name_libs(run_state *st)
{
    const run_args *o = st->o;
    libproc *libs = st->libs;
    libproc_assign_labels(libs, o->nlibs, o->labels);
    for (size_t i = 0; !o->plan.quiet && i < o->nlibs; i++)
        if (libs[i].loaded)
            fprintf(stderr, "osslbench: %s = %s (%s)\n", libs[i].label, libs[i].path,
                    libs[i].version_text);
    for (size_t i = 0; i < o->nlibs; i++)
        if (libs[i].loaded && libs[i].load_note[0] != '\0')
            fprintf(stderr, "osslbench: %s: %s\n", libs[i].label, libs[i].load_note);
    const char *want = o->plan.sampling.baseline;
    for (size_t i = 0; want != NULL && i < o->nlibs; i++)
        if (libs[i].loaded && strcmp(libs[i].label, want) == 0)
            return true;
    if (want != NULL)
        fprintf(stderr, "osslbench run: --baseline %s is not the label of a library of this run\n",
                want);
    return want == NULL;
}

/* The metadata's head, the machine's state before, the schedule, the
 * children stopped; false when it was interrupted. */
static bool measure(run_state *st, const run_request *rq, run_quality *q, schedule_stats *stats)
{
    const run_args *o = st->o;
    st->nloaded = run_collect_unloaded(&st->col, st->libs, o->nlibs, &st->where);
    size_t ncpus = usable_cpu_count();
    if (st->meta.f != NULL)
        run_metadata_write_head(st->meta.f, &(run_metadata){.argc = rq->argc, .argv = rq->argv,
                                                             .args = o, .where = &st->where,
                                                             .libs = st->libs,
                                                             .nlibs = st->nloaded, .cpu = st->cpu});
    run_meta_sync(&st->meta); /* a run killed meanwhile leaves this much in the .partial */
    runner_pin(st->cpu);      /* after the metadata: it says which CPUs the run had */
    run_quality_before(q, st->cpu, o->plan.sampling.target_ns, o->plan.metric == METRIC_TIME);
    if (st->meta.f != NULL)
        run_quality_write_head(st->meta.f, q);
    run_meta_sync(&st->meta);
    schedule s = {.plan = &o->plan, .where = &st->where, .libs = st->libs, .nlibs = st->nloaded,
                  .cpu = st->cpu, .ncpus = ncpus, .sink = run_collect, .sink_ctx = &st->col,
                  .trace = st->trace.f, .stats = stats};
    bool finished = schedule_run(&s);
    for (size_t i = 0; i < st->nloaded; i++)
        libproc_stop(&st->libs[i]);
    runner_unpin();
    run_quality_after(q);
    if (st->counts_dir[0])
        counts_dir_remove(st->counts_dir);
    return finished;
}

/* The rows as JSON with the run's context: its metadata as written so far. */
static void write_json(run_state *st)
{
    metadata_entry *ctx = NULL;
    size_t nctx = 0;
    run_meta_sync(&st->meta);
    if (!metadata_parse(st->meta.text, st->meta.synced, &ctx, &nctx))
        fprintf(stderr, "osslbench run: more than %d metadata keys: the JSON has no context\n",
                METADATA_KEYS_MAX);
    json_write_results(st->json.f, st->col.rows, st->col.count, ctx, nctx);
    metadata_free(ctx, nctx);
}

/* The speed tables of the rows as results.csv has them, so that they say
 * what `osslbench report` of the file says, digit for digit. */
static void print_tables(const result_set *rows, FILE *f)
{
    report r;
    char why[256];
    bool have = report_init(&r, rows, NULL, why, sizeof why);
    report_write_run_tables(rows, have ? &r : NULL, NULL, f);
    if (have)
        report_free(&r);
}

/* The metadata's tail, the files closed, the result handed on: the run's
 * exit status. */
static int finish(run_state *st, const run_request *rq, bool finished, const run_quality *q,
                  const schedule_stats *stats, run_result *res)
{
    bool timed = st->o->plan.metric == METRIC_TIME;
    if (st->meta.f != NULL) {
        if (timed)
            run_quality_write_tail(st->meta.f, q, stats);
        run_metadata_write_tail(st->meta.f, !finished);
    }
    if (timed)
        run_quality_warn(stderr, q, stats);
    bool files_ok = run_file_close(&st->trace, "trace", false);
    files_ok = run_file_close(&st->csv, "results", st->col.csv_failed) && files_ok;
    if (st->json.f != NULL)
        write_json(st);
    files_ok = run_file_close(&st->json, "JSON", false) && files_ok;
    run_collect_rows(&st->col, &res->rows);
    res->interrupted = !finished;
    res->status = !finished ? 128 + (int)run_interrupted : !files_ok || st->col.any_failure;
    if (st->meta.f != NULL && rq->more_metadata != NULL)
        rq->more_metadata(st->meta.f, res, rq->ctx);
    if (!run_meta_close(&st->meta) && res->status == 0)
        res->status = 1;
    res->metadata = st->meta.text, res->metadata_len = st->meta.len;
    st->meta.text = NULL;
    if (rq->out != NULL)
        print_tables(&res->rows, st->col.csv == stdout ? stderr : rq->out);
    if (!finished)
        fprintf(stderr, "osslbench run: interrupted; %zu complete result row(s) kept\n",
                res->rows.count);
    return res->status;
}

static int run_all(run_state *st, const run_request *rq, run_result *res)
{
    if (!open_files(st))
        return 2;
    run_collect_open(&st->col, st->csv.f, st->json.f != NULL);
    bool started = start_libs(st) && run_collect_header(&st->col, &st->csv);
    if (!started || !name_libs(st)) { /* nothing to measure */
        abandon(st);
        return !started && run_interrupted ? 128 + (int)run_interrupted : 2;
    }
    run_quality quality;
    schedule_stats stats = {0};
    bool finished = measure(st, rq, &quality, &stats);
    return finish(st, rq, finished, &quality, &stats, res);
}

/* The run installs its own interrupt handlers (libproc.c); once it is over,
 * the caller's come back. */
static const int kept_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
enum { NKEPT = sizeof kept_signals / sizeof kept_signals[0] };

int run_measure(const run_request *rq, run_result *res)
{
    *res = (run_result){.status = 0};
    const run_args *o = rq->args;
    if (o->count_only) { /* for make compare's up-front estimate; no library is loaded */
        fprintf(rq->out, "points %zu\nlibraries %zu\n", schedule_point_count(&o->plan), o->nlibs);
        return 0;
    }
    struct sigaction kept[NKEPT];
    for (size_t i = 0; i < NKEPT; i++)
        sigaction(kept_signals[i], NULL, &kept[i]);
    run_interrupted = 0;
    run_state *st = calloc(1, sizeof *st);
    if (st == NULL)
        abort();
    st->o = o;
    res->status = run_all(st, rq, res);
    run_collect_free(&st->col);
    free(st);
    for (size_t i = 0; i < NKEPT; i++)
        sigaction(kept_signals[i], &kept[i], NULL);
    return res->status;
}

void run_result_free(run_result *r)
{
    result_set_free(&r->rows);
    free(r->metadata);
    *r = (run_result){.status = 0};
}

long run_count_points(int argc, char **argv, double *span_s, char *why, size_t n)
{
    run_args *a = calloc(1, sizeof *a); /* large: not on the stack */
    if (a == NULL)
        return snprintf(why, n, "out of memory"), -1;
    why[0] = '\0';
    int rc = run_args_parse_why(argc, argv, a, why, n);
    long points = rc == OPTIONS_READY ? (long)schedule_point_count(&a->plan) : rc == OPTIONS_HELP ? -2 : -1;
    *span_s = a->plan.sampling.span_s;
    free(a);
    return points;
}
