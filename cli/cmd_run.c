/* `osslbench run`: start one child per library, run the schedule, write the
 * CSV as rows complete and the speed tables at the end. */
#include "commands.h"
#include "../harness/scheduler.h"
#include "../analysis/report.h"

#include "../csv/csv.h"
#include "../csv/units.h"
#include "../harness/valgrind_child.h"
#include "../bench/run_files.h"
#include "../options/run_options.h"
#include "../bench/run_metadata.h"
#include "../csv/json_write.h"
#include "../bench/run_quality.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    FILE *csv;
    bool csv_failed;
    result_row *rows;
    size_t count, cap;
    bool any_failure;
    bool keep_samples; /* --json: each row whole, as the CSV has it */
} collector;

static void *copy_of(const void *p, size_t bytes)
{
    void *q = bytes ? malloc(bytes) : NULL;
    if (bytes && q == NULL)
        abort();
    return bytes ? memcpy(q, p, bytes) : NULL;
}

static void collect(const result_row *r, void *ctx)
{
    collector *c = ctx;
    if (c->csv != NULL && !c->csv_failed && !csv_write_row(c->csv, r)) {
        fprintf(stderr, "osslbench run: writing the CSV failed: %s\n", strerror(errno));
        c->csv_failed = true;
    }
    if (c->count == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 64;
        c->rows = realloc(c->rows, c->cap * sizeof *c->rows);
        if (c->rows == NULL)
            abort();
    }
    result_row *kept = &c->rows[c->count++];
    *kept = *r; /* the speed tables need no raw samples; the JSON does */
    kept->sample_rates = c->keep_samples ? copy_of(r->sample_rates, r->nsample * sizeof(double)) : NULL;
    kept->nsample = c->keep_samples ? r->nsample : 0;
    kept->sample_blocks = c->keep_samples ? copy_of(r->sample_blocks, r->nblock * sizeof(uint32_t)) : NULL;
    kept->nblock = c->keep_samples ? r->nblock : 0;
    c->any_failure = c->any_failure || row_status_is_failure(r->status);
}

/* The rows as JSON with the context of the metadata.txt this run wrote. */
static void write_json(FILE *f, const collector *col, const char *meta_path)
{
    metadata_entry *ctx;
    size_t nctx;
    char why[4400];
    if (!metadata_read(meta_path, &ctx, &nctx, why, sizeof why))
        fprintf(stderr, "osslbench run: %s: the JSON has no context\n", why);
    json_write_results(f, col->rows, col->count, ctx, nctx);
    metadata_free(ctx, nctx);
}

/* Instruction counts are no speeds: one line per row, per operation and,
 * for a block size, per byte. */
static void print_counts(FILE *f, const result_row *rows, size_t n)
{
    fprintf(f, "\n%-16s %-20s %-6s %8s %16s %12s\n", "label", "workload", "api", "bytes",
            "instr/op", "instr/byte");
    for (size_t i = 0; i < n; i++) {
        const result_row *r = &rows[i];
        if (r->status != ST_OK || !unit_is_count(r->unit))
            continue;
        fprintf(f, "%-16s %-20s %-6s %8llu %16.1f ", r->label, r->workload, r->api,
                (unsigned long long)r->bytes, r->rate);
        if (r->bytes > 0)
            fprintf(f, "%12.2f\n", r->rate / (double)r->bytes);
        else
            fprintf(f, "%12s\n", "-");
    }
}

/* The run's `openssl speed`-style tables (the report's one writer), then
 * how many rows failed. */
static void print_speed_tables(FILE *f, result_row *rows, size_t n)
{
    result_set set = {.rows = rows, .count = n};
    report r;
    char why[256];
    bool counts = n > 0 && unit_is_count(rows[n - 1].unit);
    if (counts)
        print_counts(f, rows, n);
    else if (report_init(&r, &set, NULL, why, sizeof why)) {
        for (size_t rel = 0; rel < r.nrel; rel++) {
            fputc('\n', f);
            report_write_speed(&r, rel, f);
        }
        report_free(&r);
    }
    size_t failed = 0;
    for (size_t i = 0; i < n; i++)
        failed += row_status_is_failure(rows[i].status);
    if (failed)
        fprintf(f, "\n%zu result(s) failed; see the status and note columns of the CSV\n",
                failed);
}

/* The header comes once some library has loaded: a run that measures
 * nothing leaves no CSV. */
static bool write_header(run_file *csv)
{
    if (csv->f == NULL || csv_write_header(csv->f))
        return true;
    fprintf(stderr, "osslbench run: cannot write %s: %s\n",
            csv->f == stdout ? "stdout" : csv->partial, strerror(errno));
    return false;
}

/* A library that cannot be loaded is reported once: its one line on stderr
 * (already printed) and one load_failed row for the whole library (no
 * workload), and it takes no part in the schedule.  The loaded ones move to
 * the front; returns how many there are. */
static size_t keep_loaded(libproc *libs, size_t n, const run_context *where, collector *col)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (libs[i].loaded) {
            libs[kept++] = libs[i];
            continue;
        }
        result_row r = {.status = ST_LOAD_FAILED};
        snprintf(r.label, sizeof r.label, "%s", libs[i].label);
        snprintf(r.lib, sizeof r.lib, "%s", libs[i].path);
        snprintf(r.note, sizeof r.note, "%s", libs[i].load_error);
        snprintf(r.host, sizeof r.host, "%s", where->host);
        snprintf(r.cpu, sizeof r.cpu, "%s", where->cpu);
        snprintf(r.timestamp, sizeof r.timestamp, "%s", where->timestamp);
        collect(&r, col);
    }
    return kept;
}

/* A run that will measure nothing: its children stopped, its files (the CSV,
 * the trace, the metadata) never made. */
static void abandon(libproc *libs, size_t n, const char *counts_dir, run_file *files[4])
{
    for (size_t i = 0; i < n; i++)
        libproc_stop(&libs[i]);
    if (counts_dir[0])
        counts_dir_remove(counts_dir);
    for (int f = 0; f < 4; f++)
        run_file_discard(files[f]);
}

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

/* --baseline names a library of the run: else one line, and nothing runs. */
static bool baseline_loaded(const libproc *libs, size_t n, const char *want)
{
    if (want == NULL)
        return true;
    for (size_t i = 0; i < n; i++)
        if (libs[i].loaded && strcmp(libs[i].label, want) == 0)
            return true;
    fprintf(stderr, "osslbench run: --baseline %s is not the label of a library of this run\n",
            want);
    return false;
}

/* Once per process: its state is static (the run's files, children and
 * options live as long as the run); `osslbench bench` calls it once. */
int cmd_run(int argc, char **argv)
{
    static run_args o;
    int rc = run_args_parse(argc, argv, &o);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? 0 : rc;
    if (o.count_only) { /* for make compare's up-front estimate; no library is loaded */
        printf("points %zu\nlibraries %zu\n", schedule_point_count(&o.plan), o.nlibs);
        return 0;
    }

    /* Results (and the trace) go to FILE.partial and become FILE at the end,
     * also after an interrupt: every line in it is whole (bench/run_files.h). */
    static run_file csv, trace;
    if (o.csv_path && o.trace_path && strcmp(o.csv_path, "-") != 0 &&
        run_files_clash(o.csv_path, o.trace_path)) {
        fprintf(stderr, "osslbench run: --csv and --trace name the same file (%s)\n",
                o.trace_path);
        return 2;
    }
    static run_file json;
    if (o.json_path && !json_path_apart(&o))
        return 2;
    if (o.csv_path && !run_file_open(&csv, o.csv_path))
        return 2;
    if (o.trace_path && !run_file_open(&trace, o.trace_path)) {
        run_file_discard(&csv);
        return 2;
    }
    if (o.json_path && !run_file_open(&json, o.json_path)) {
        run_file_discard(&trace);
        run_file_discard(&csv);
        return 2;
    }
    static run_file meta;
    static char meta_path[4200];
    if (!run_metadata_open(&meta, meta_path, sizeof meta_path, &o, csv.f != NULL && !csv.stream ? &csv : &json)) {
        run_file_discard(&json);
        run_file_discard(&trace);
        run_file_discard(&csv);
        return 2;
    }
    static char counts_dir[4096];
    char why[256];
    if (o.plan.metric == METRIC_INSTRUCTIONS &&
        (!valgrind_available(why, sizeof why) ||
         !counts_dir_create(counts_dir, sizeof counts_dir, why, sizeof why))) {
        fprintf(stderr, "osslbench run: %s\n", why);
        run_file_discard(&meta);
        run_file_discard(&json);
        run_file_discard(&trace);
        run_file_discard(&csv);
        return 2;
    }
    install_interrupt_handlers();
    run_context where;
    run_context_init(&where);
    int cpu = pick_benchmark_cpu();

    static libproc libs[MAX_LIBS];
    size_t nloaded = 0;
    for (size_t i = 0; i < o.nlibs; i++) {
        libs[i].path = o.lib_paths[i];
        libs[i].setup = &o.plan.providers;
        libs[i].counts_dir = counts_dir[0] ? counts_dir : NULL;
        libs[i].ia32cap_env = o.cpu_mask;
        if (libproc_start(&libs[i], cpu, o.plan.timeout_s))
            nloaded++;
        else
            fprintf(stderr, "osslbench run: --lib %s: %s\n", libs[i].path, libs[i].load_error);
    }
    if (nloaded == 0 || !write_header(&csv)) { /* nothing to measure */
        abandon(libs, o.nlibs, counts_dir, (run_file *[]){&csv, &trace, &meta, &json});
        return run_interrupted ? 128 + (int)run_interrupted : 2;
    }
    libproc_assign_labels(libs, o.nlibs, o.labels);
    if (!o.plan.quiet)
        for (size_t i = 0; i < o.nlibs; i++)
            if (libs[i].loaded)
                fprintf(stderr, "osslbench: %s = %s (%s)\n", libs[i].label, libs[i].path,
                        libs[i].version_text);
    for (size_t i = 0; i < o.nlibs; i++)
        if (libs[i].loaded && libs[i].load_note[0] != '\0')
            fprintf(stderr, "osslbench: %s: %s\n", libs[i].label, libs[i].load_note);

    if (!baseline_loaded(libs, o.nlibs, o.plan.sampling.baseline)) {
        abandon(libs, o.nlibs, counts_dir, (run_file *[]){&csv, &trace, &meta, &json});
        return 2;
    }
    collector col = {.csv = csv.f, .keep_samples = json.f != NULL};
    nloaded = keep_loaded(libs, o.nlibs, &where, &col);
    size_t ncpus = usable_cpu_count();
    if (meta.f != NULL) /* main hands each command argv + 1: argv[-1] is the program */
        run_metadata_write_head(meta.f, &(run_metadata){.argc = argc + 1, .argv = argv - 1,
                                                        .args = &o, .where = &where, .libs = libs,
                                                        .nlibs = nloaded, .cpu = cpu});
    runner_pin(cpu); /* after the metadata: it says which CPUs the run had */
    run_quality quality;
    run_quality_before(&quality, cpu, o.plan.sampling.target_ns, o.plan.metric == METRIC_TIME);
    if (meta.f != NULL)
        run_quality_write_head(meta.f, &quality);
    schedule_stats stats = {0};
    schedule s = {.plan = &o.plan, .where = &where, .libs = libs, .nlibs = nloaded, .cpu = cpu,
                  .ncpus = ncpus, .sink = collect, .sink_ctx = &col, .trace = trace.f,
                  .stats = &stats};
    bool finished = schedule_run(&s);
    for (size_t i = 0; i < nloaded; i++)
        libproc_stop(&libs[i]);
    runner_unpin();
    run_quality_after(&quality);
    if (counts_dir[0])
        counts_dir_remove(counts_dir);
    if (meta.f != NULL) {
        if (o.plan.metric == METRIC_TIME)
            run_quality_write_tail(meta.f, &quality, &stats);
        run_metadata_write_tail(meta.f, !finished);
    }
    if (o.plan.metric == METRIC_TIME)
        run_quality_warn(stderr, &quality, &stats);
    bool files_ok = run_file_close(&trace, "trace", false);
    bool have_meta = meta.f != NULL && !meta.stream;
    files_ok = run_file_close(&meta, "metadata", false) && files_ok;
    files_ok = run_file_close(&csv, "results", col.csv_failed) && files_ok;
    if (json.f != NULL) /* the context read back from the metadata just written */
        write_json(json.f, &col, have_meta ? meta_path : NULL);
    files_ok = run_file_close(&json, "JSON", false) && files_ok;
    print_speed_tables(col.csv == stdout ? stderr : stdout, col.rows, col.count);
    for (size_t i = 0; i < col.count; i++)
        result_row_free(&col.rows[i]);
    free(col.rows);
    if (!finished) {
        fprintf(stderr, "osslbench run: interrupted; %zu complete result row(s) kept\n",
                col.count);
        return 128 + (int)run_interrupted;
    }
    return !files_ok || col.any_failure ? 1 : 0;
}
