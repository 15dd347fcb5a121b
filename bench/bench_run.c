/* bench_run (bench_run.h): the run, then its writers, each handed the
 * run's result in memory: nothing reads results.csv back. */
#define _GNU_SOURCE
#include "bench_run.h"
#include "bench_explain.h"
#include "bench_folder.h"
#include "bench_outputs.h"
#include "bench_plan.h"
#include "bench_prepare.h"
#include "bench_say.h"
#include "../history/db_import.h"
#include "../runner/runner.h"
#include "../util/folder_remove.h"
#include "../util/spawn.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_ARGS = 512 };

typedef struct {
    const bench_options *o;
    const bench_libs *libs;
    const char *dir, *name;
    time_t t0;
    size_t nexplain;
    run_result res;
    report model; /* of res.rows, built once: every writer's */
    bool modeled;
    char model_why[4096];
} bench_job;

/* make compare's own lines of metadata.txt, written by the runner before it
 * closes the file (runner.h: more_metadata). */
static void add_metadata(FILE *f, const run_result *res, void *ctx)
{
    const bench_job *j = ctx;
    bench_results counted;
    bench_count_results(&res->rows, j->o->baseline, &counted);
    bench_write_metadata(f, j->o->knobs, j->o->nknobs, j->libs, counted.baseline,
                         (long)(time(NULL) - j->t0), res->status, res->interrupted);
}

/* The runner's command line for this run: what metadata.txt records as its
 * command, and what its option reader takes.  argv[0] is the program. */
static int run_argv(const bench_job *j, char **argv, char (*lib_args)[4096 + LABEL_SIZE],
                    char files[4][4200])
{
    const bench_options *o = j->o;
    int k = 0;
    argv[k++] = (char *)spawn_self(), argv[k++] = "run";
    for (size_t i = 0; i < j->libs->count; i++) {
        snprintf(lib_args[i], sizeof lib_args[i], "%s=%s", j->libs->lib[i].label,
                 j->libs->lib[i].path);
        argv[k++] = "--lib";
        argv[k++] = lib_args[i];
    }
    for (int i = 0; i < o->nrun_args && k < MAX_ARGS; i++)
        argv[k++] = o->run_args[i];
    const char *names[3] = {"results.csv", "trace.txt", "results.json"}, *flags[3] = {"--csv", "--trace", "--json"};
    for (int f = 0; f < 3; f++) {
        snprintf(files[f], sizeof files[f], "%s/%s", j->dir, names[f]);
        argv[k++] = (char *)flags[f], argv[k++] = files[f];
    }
    if (o->baseline != NULL) /* the runner judges each ratio's precision against it */
        argv[k++] = "--baseline", argv[k++] = (char *)o->baseline;
    k = bench_default_budget(o, argv, k);
    argv[k] = NULL;
    return k;
}

/* The run's report model, built once from its rows, and its speed tables
 * (runner-stdout.txt: what `osslbench run` would have printed, from the
 * same model as plots/speed-*.txt). */
static void model_run(bench_job *j, const char *path)
{
    j->modeled = report_init(&j->model, &j->res.rows, j->o->baseline, j->model_why,
                             sizeof j->model_why);
    FILE *out = fopen(path, "w");
    if (out != NULL)
        report_write_run_tables(&j->res.rows, j->modeled ? &j->model : NULL, j->model_why, out);
    if (out == NULL || fclose(out) != 0)
        bench_say("cannot write %s: %s", path, strerror(errno));
}

/* Measures the libraries into the run folder, the runner called in this
 * process: its exit status (2: nothing measured), the result in j->res and
 * its model in j->model. */
static int measure(bench_job *j)
{
    char *argv[MAX_ARGS + 3 * MAX_LIBS + 16], files[4][4200];
    char (*lib_args)[4096 + LABEL_SIZE] = calloc(MAX_LIBS, sizeof *lib_args);
    run_args *a = calloc(1, sizeof *a); /* large: not on the stack */
    if (lib_args == NULL || a == NULL)
        abort();
    int k = run_argv(j, argv, lib_args, files);
    j->res = (run_result){.status = 2};
    int rc = run_args_parse(k - 1, argv + 1, a) == OPTIONS_READY ? 0 : 2;
    if (rc == 0) {
        run_request rq = {.args = a, .argc = k, .argv = argv, .more_metadata = add_metadata, .ctx = j};
        rc = run_measure(&rq, &j->res);
    }
    if (rc != 2) {
        snprintf(files[3], sizeof files[3], "%s/runner-stdout.txt", j->dir);
        model_run(j, files[3]);
    }
    free(a);
    free(lib_args);
    return rc;
}

/* Every run joins the history database beside the run folders (db import:
 * a run is there once, whatever happens later to its folder), from the rows
 * and metadata in memory. */
static void import_run(bench_job *j)
{
    char db[4200], source[4200];
    snprintf(db, sizeof db, "%s/osslbench.db", j->o->results_root);
    snprintf(source, sizeof source, "%s/results.csv", j->dir);
    metadata_entry *meta;
    size_t nmeta;
    metadata_parse(j->res.metadata, j->res.metadata_len, &meta, &nmeta);
    db_import_input in = {.name = j->dir, .rows = &j->res.rows, .source = source, .meta = meta,
                          .nmeta = nmeta};
    /* its "N run(s) added" is progress, beside the others on stderr */
    if (db_import_runs(db, &in, 1, stderr) != 0)
        bench_say("the run is complete in %s, but not in the history database %s (above)", j->dir, db);
    metadata_free(meta, nmeta);
}

/* Last, so that it is the line seen: the rest of the run is there. */
static void say_no_page(const char *why, const char *dir)
{
    bench_say("error: the page was not written (%s); the run's results, metadata and charts are "
              "kept in %s", why, dir);
}

/* The report model of the rows, built once, drawn, explained and paged:
 * the exit status. */
static int publish(const bench_job *j, long failed)
{
    char page_why[8448], plots[4200], page[4200];
    const char *why = j->model_why;
    const report *r = j->modeled ? &j->model : NULL;
    bool have = r != NULL;
    snprintf(page_why, sizeof page_why, "%s/results.csv: %s", j->dir, why);
    int drawn = bench_draw_charts(j->o->repo, j->dir, r, page_why);
    if (j->nexplain > 0 && have) /* before the page: it shows them */
        bench_explain_changes(j->libs, j->dir, r, j->nexplain, j->o->run_args, j->o->nrun_args);
    else if (j->nexplain > 0)
        bench_say("EXPLAIN: no verdicts (%s)", why);
    /* The page even when a chart failed: it shows the others and says which is missing. */
    bool paged = have && bench_write_page(j->dir, r, &j->res, page_why, sizeof page_why);
    snprintf(plots, sizeof plots, "%s/plots", j->dir);
    snprintf(page, sizeof page, "%s/report.html", j->dir);
    if (drawn != 0) {
        if (paged)
            bench_say("some charts could not be drawn (above); the page shows the others: %s", page);
        else
            say_no_page(page_why, j->dir);
        return drawn;
    }
    bench_say("done in %lds: %s (results/latest)", (long)(time(NULL) - j->t0), j->dir);
    bench_say_open_first(paged ? page : NULL, plots);
    if (j->res.status != 0) {
        bench_say("some points failed (runner exit %d, about %ld rows): see the status and note columns",
                  j->res.status, failed);
        if (!paged)
            say_no_page(page_why, j->dir);
        return 1;
    }
    if (!paged)
        return say_no_page(page_why, j->dir), 1;
    return 0;
}

/* After the runner: nothing measured, interrupted, instruction counts
 * (verdicts, no charts), or the charts and the page. */
static int after_run(bench_job *j, int rc)
{
    char why[1024];
    if (rc == 2) { /* no library loaded (or a refused option): nothing was measured */
        folder_remove(j->dir);
        return bench_die("osslbench run measured nothing (message above)");
    }
    bench_results counted;
    bench_count_results(&j->res.rows, j->o->baseline, &counted);
    if (!bench_link_latest(j->o->results_root, j->name, why, sizeof why))
        return bench_die("%s", why);
    if (j->res.interrupted) {
        bench_say("interrupted: the rows measured so far are in %s/results.csv (metadata says "
                  "interrupted: yes)", j->dir);
        bench_say("draw them anyway with: make plots RESULTS=%s", j->dir);
        return 130;
    }
    if (counted.rows <= 0)
        return bench_die("the runner wrote no result rows (exit %d); see above", rc);
    import_run(j);
    const char *metric = bench_run_option(j->o, "--metric", false);
    if (metric == NULL || strcmp(metric, "instructions") != 0)
        return publish(j, counted.failed);
    char *base = counted.baseline;
    if (bench_find(j->libs, base) == NULL)
        snprintf(base, sizeof counted.baseline, "%s", j->libs->lib[0].label);
    bench_count_verdicts(j->libs, j->dir, &j->res.rows, base);
    bench_say("done in %lds: %s (results/latest); instruction counts, no charts: each release "
              "against %s in %s/verdicts.md", (long)(time(NULL) - j->t0), j->dir, base, j->dir);
    return rc != 0;
}

int bench_run(const bench_options *o)
{
    bench_libs libs = {.count = 0};
    bench_plan_facts facts;
    char why[1024], dir[4096], name[512];
    int rc = bench_prepare(o, &libs, &facts);
    if (rc < 0 && o->explain_only)
        rc = bench_explain_only(&libs, o->results_root, o->baseline, o->run_args, o->nrun_args);
    if (rc < 0) {
        const char *t = bench_run_option(o, "--time", false);
        if (!facts.built)
            bench_say_plan(t ? atof(t) : 0, facts.span_s, bench_run_option(o, "--quick", true) != NULL,
                           libs.count, facts.points, 0, "");
        bench_say("%zu libraries:", libs.count);
        for (size_t i = 0; i < libs.count; i++)
            fprintf(stderr, "  %-20s %-8s %s\n", libs.lib[i].label, libs.lib[i].origin,
                    libs.lib[i].path);
        if (!bench_fresh_folder(o->results_root, dir, sizeof dir, name, sizeof name, why, sizeof why))
            rc = bench_die("%s", why);
    }
    if (rc < 0) {
        bench_say("results go to %s", dir);
        bench_job j = {.o = o, .libs = &libs, .dir = dir, .name = name, .t0 = time(NULL),
                       .nexplain = facts.nexplain};
        rc = after_run(&j, measure(&j));
        if (j.modeled)
            report_free(&j.model);
        run_result_free(&j.res);
    }
    bench_libs_free(&libs);
    return rc;
}
