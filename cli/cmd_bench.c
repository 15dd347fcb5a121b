/* `osslbench bench`: what `make compare` runs, end to end.  It finds the
 * libraries (bench/bench_libs.c), builds the default releases when none is
 * installed, says the plan (bench/bench_plan.c), measures them in one run into
 * a fresh folder (bench/bench_folder.c), adds to the runner's metadata.txt
 * what only it knows, points results/latest at the run, draws the charts
 * and writes the page (report.html, as make report would).  Everything
 * after `--` is `osslbench run`'s own options.
 * make compare runs it with --from-make: make's knobs are checked and mapped
 * first (bench/bench_make.c); builds/ (make builds) stays the shell it is.  The
 * plan, the run, the history import, the report and the charts are calls in
 * this process: it execs only the libraries' children and gnuplot (issue 44). */
#define _GNU_SOURCE
#include "../bench/bench_explain.h"
#include "../bench/bench_folder.h"
#include "../bench/bench_libs.h"
#include "../bench/bench_make.h"
#include "../bench/bench_outputs.h"
#include "../bench/bench_plan.h"
#include "../bench/bench_say.h"
#include "command_options.h"
#include "commands.h"
#include "../util/fd_redirect.h"
#include "../util/folder_remove.h"
#include "../bench/run_inproc.h"
#include "../util/spawn.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { MAX_KNOBS = 64, MAX_ARGS = 512 };

typedef struct {
    const char *repo, *installed, *results_root, *system_lib, *libs, *releases, *baseline;
    const char *make, *explain;
    bool no_build, from_make, explain_only;
    const char *knobs[MAX_KNOBS]; /* K=V as make compare was given them */
    size_t nknobs;
    char **run_args; /* after -- */
    int nrun_args;
} bench_options;

static bool take_knob(const option_spec *spec, void *dest, const char *typed, const char *val,
                      char *why, size_t n)
{
    (void)spec, (void)typed;
    bench_options *o = dest;
    if (o->nknobs == MAX_KNOBS || strchr(val, '=') == NULL) {
        snprintf(why, n, "--knob wants NAME=VALUE (at most %d), got '%s'", MAX_KNOBS, val);
        return false;
    }
    o->knobs[o->nknobs++] = val;
    return true;
}

static const option_spec bench_specs[] = {
    OPTION_TEXT("--repo", NULL, "DIR", bench_options, repo,
                "the project (its builds/, tools/ and plots/ are run from there)"),
    OPTION_TEXT("--installed", NULL, "DIR", bench_options, installed,
                "where releases are installed (default REPO/builds/install)"),
    OPTION_TEXT("--results-root", NULL, "DIR", bench_options, results_root,
                "where run folders go (default REPO/results)"),
    OPTION_TEXT("--libs", NULL, "\"[LABEL=]PATH ...\"", bench_options, libs,
                "extra libraries (label default: the release read in it)"),
    OPTION_TEXT("--system-lib", NULL, "PATH", bench_options, system_lib,
                "the system libcrypto, labelled system-RELEASE (\"none\": left out)"),
    OPTION_TEXT("--releases", NULL, "L,L", bench_options, releases,
                "measure only these labels, in this order"),
    OPTION_TEXT("--baseline", NULL, "L", bench_options, baseline,
                "the label speed-ups are relative to (default: the oldest release)"),
    OPTION_FLAG("--no-build", NULL, bench_options, no_build,
                "never run make builds, even when nothing is installed"),
    OPTION_TEXT("--make", NULL, "PROGRAM", bench_options, make, "make (default make)"),
    OPTION_TEXT("--explain", NULL, "N", bench_options, explain,
                "explain the N largest significant changes (osslbench explain) into\n"
                "the run's explain/, under their verdicts on the page"),
    OPTION_FLAG("--explain-only", NULL, bench_options, explain_only,
                "make explain: explain the points instead of timing them, into a\n"
                "fresh folder under RESULTS_ROOT/explain/"),
    OPTION_FLAG("--from-make", NULL, bench_options, from_make,
                "make compare's knobs from COMPARE_<NAME> (tools/knobs.tsv), checked first"),
    OPTION_VALUE("--knob", NULL, "NAME=VALUE", take_knob,
                 "a knob make compare was given, for metadata.txt's make_command"),
    OPTION_END,
};

const option_table bench_option_table = {
    .command = "bench",
    .specs = bench_specs,
    .synopsis = "usage: osslbench bench [options] [-- RUN OPTIONS]\n"
                "\n"
                "What make compare runs: every installed release (and --libs, the system\n"
                "library) measured in one interleaved run into a fresh folder under\n"
                "--results-root, its metadata, the latest link and the charts.\n",
    .epilogue = "\nExit status: 0 all rows ok; 1 some rows failed, a bad option, or nothing\n"
                "could be measured; 130 interrupted.\n",
    .missing_fmt = "%s needs a value",
    .unknown_fmt = "unknown option '%s'; %s",
    .hint = "try --help",
};

static int die(const char *fmt, const char *a, const char *b)
{
    fputs("compare: error: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return 1;
}

/* The value of run option `name` among the options after --, or NULL. */
static const char *run_option(const bench_options *o, const char *name, bool flag)
{
    for (int i = 0; i < o->nrun_args; i++)
        if (strcmp(o->run_args[i], name) == 0)
            return flag ? name : i + 1 < o->nrun_args ? o->run_args[i + 1] : NULL;
    return NULL;
}

/* The run's own count of the points (and its refusal of the options),
 * before anything is built or loaded.  -1 after saying why. */
static long count_points(const bench_options *o)
{
    char *argv[MAX_ARGS] = {"run", "--lib", "plan"};
    int k = 3;
    for (int i = 0; i < o->nrun_args && k < MAX_ARGS - 1; i++)
        argv[k++] = o->run_args[i];
    argv[k] = NULL;
    char why[512];
    long points = run_count_points(k, argv, why, sizeof why);
    if (points == -1)
        die("%s (nothing was built or run)", why, "");
    return points < 0 ? -1 : points;
}

/* Lines a helper script prints, one string each (joined by blanks). */
static size_t lines_of(char *const argv[], char *joined, size_t n, char list[][LABEL_SIZE],
                       size_t max)
{
    spawn_io io = {0};
    size_t count = 0;
    joined[0] = '\0';
    if (spawn_capture(argv, &io) == 0 && io.captured != NULL) {
        char *save = NULL;
        for (char *l = strtok_r(io.captured, "\n", &save); l != NULL && count < max;
             l = strtok_r(NULL, "\n", &save)) {
            snprintf(list[count++], LABEL_SIZE, "%s", l);
            bench_join(joined, n, l);
        }
    }
    free(io.captured);
    return count;
}

static bool discover(const bench_options *o, bench_libs *libs, char *why, size_t n)
{
    bench_libs_free(libs);
    return bench_find_installed(o->installed, libs, why, n) &&
           bench_add_given(libs, o->libs, o->system_lib, why, n);
}

/* Nothing installed and nothing given: the default releases are built
 * first (each that fails is left out, the others are measured). */
static int build_first(const bench_options *o, bench_libs *libs, long points, char *why, size_t n)
{
    char script[4096], deps[4096], builds[4096], wanted[MAX_LIBS][LABEL_SIZE];
    snprintf(deps, sizeof deps, "%s/tools/deps.sh", o->repo);
    char *deps_argv[] = {deps, "releases", NULL};
    if (spawn_wait(deps_argv, NULL, NULL) != 0)
        return 1;
    snprintf(script, sizeof script, "%s/builds/list-releases.sh", o->repo);
    char *list_argv[] = {script, "--default", NULL};
    size_t nbuild = lines_of(list_argv, builds, sizeof builds, wanted, MAX_LIBS);
    char *save = NULL, *copy = strdup(o->releases ? o->releases : "");
    size_t nplanned = libs->count + nbuild, nwanted = 0;
    for (char *w = copy ? strtok_r(copy, ", \t\n", &save) : NULL; w; w = strtok_r(NULL, ", \t\n", &save))
        nwanted++;
    free(copy);
    if (nwanted > 0)
        nplanned = nwanted;
    const char *t = run_option(o, "--time", false);
    bench_say_plan(t ? atof(t) : 0, run_option(o, "--quick", true) != NULL, nplanned, points,
                   nbuild, builds);
    const char *shown = o->installed;
    if (strncmp(shown, o->repo, strlen(o->repo)) == 0 && shown[strlen(o->repo)] == '/')
        shown += strlen(o->repo) + 1;
    bench_say("nothing is installed under %s besides the system library:", shown);
    bench_say("building the default release set first (make builds; this takes a while)");
    char *make_argv[] = {(char *)o->make, "--no-print-directory", "-C", (char *)o->repo, "builds",
                         NULL};
    spawn_io to_stderr = {.stdout_to_stderr = true};
    if (spawn_wait(make_argv, &to_stderr, NULL) != 0)
        bench_say("make builds could not build every release (summary above); continuing with the rest");
    if (!discover(o, libs, why, n))
        return die("%s", why, ""), 1;
    char missing[4096] = "";
    for (size_t i = 0; i < nbuild; i++) {
        char info[4096 + LABEL_SIZE + 32];
        snprintf(info, sizeof info, "%s/%s/build-info.txt", o->installed, wanted[i]);
        if (access(info, F_OK) != 0)
            bench_join(missing, sizeof missing, wanted[i]);
    }
    if (missing[0] != '\0')
        bench_say("not available (builds/ could not reach them): %s", missing);
    return 0;
}

/* Measures libs into dir, the run called in this process: its exit status;
 * *interrupted on Ctrl-C (the run stops, keeps its rows and says 130).
 * argv[0] is the program, as the run's metadata records it. */
static int measure(const bench_options *o, const bench_libs *libs, const char *dir,
                   bool *interrupted)
{
    static char lib_args[MAX_LIBS][4096 + LABEL_SIZE];
    char csv[4200], trace[4200], out[4200], json[4200];
    char *argv[MAX_ARGS + 3 * MAX_LIBS] = {(char *)spawn_self(), "run"};
    int k = 2;
    for (size_t i = 0; i < libs->count; i++) {
        snprintf(lib_args[i], sizeof lib_args[i], "%s=%s", libs->lib[i].label, libs->lib[i].path);
        argv[k++] = "--lib";
        argv[k++] = lib_args[i];
    }
    for (int i = 0; i < o->nrun_args && k < MAX_ARGS; i++)
        argv[k++] = o->run_args[i];
    snprintf(csv, sizeof csv, "%s/results.csv", dir);
    snprintf(trace, sizeof trace, "%s/trace.txt", dir);
    snprintf(json, sizeof json, "%s/results.json", dir);
    snprintf(out, sizeof out, "%s/runner-stdout.txt", dir);
    argv[k++] = "--csv", argv[k++] = csv, argv[k++] = "--trace", argv[k++] = trace;
    argv[k++] = "--json", argv[k++] = json;
    if (o->baseline != NULL) /* the runner judges each ratio's precision against it */
        argv[k++] = "--baseline", argv[k++] = (char *)o->baseline;
    argv[k] = NULL;
    return run_in_process(k - 1, argv + 1, out, interrupted);
}

/* Every run joins the history database beside the run folders (osslbench
 * db import: a run is there once, whatever happens later to its folder). */
static void import_run(const bench_options *o, const char *dir)
{
    char db[4200];
    snprintf(db, sizeof db, "%s/osslbench.db", o->results_root);
    char *argv[] = {"db", "import", (char *)dir, "--db", db, NULL};
    fd_redirect out; /* its "N run(s) added" is progress, beside the others on stderr */
    int rc = 1;
    if (fd_redirect_to(&out, 1, 2)) {
        rc = cmd_db(5, argv);
        fd_redirect_end(&out);
    }
    if (rc != 0)
        bench_say("the run is complete in %s, but not in the history database %s (above)", dir, db);
}

static int parse(int argc, char **argv, bench_options *o, char *installed, char *results)
{
    int split = argc;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) {
            split = i;
            break;
        }
    *o = (bench_options){.make = "make", .repo = "."};
    o->run_args = argv + (split < argc ? split + 1 : argc);
    o->nrun_args = split < argc ? argc - split - 1 : 0;
    int rc = option_parse(&bench_option_table, split, argv, o);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? 0 : 1;
    if (o->installed == NULL)
        snprintf(installed, 4096, "%s/builds/install", o->repo), o->installed = installed;
    if (o->results_root == NULL)
        snprintf(results, 4096, "%s/results", o->repo), o->results_root = results;
    return -1;
}

/* Last, so that it is the line seen: the rest of the run is there. */
static void say_no_page(const char *why, const char *dir)
{
    bench_say("error: the page was not written (%s); the run's results, metadata and charts are "
              "kept in %s", why, dir);
}

static int bench(const bench_options *o, bench_libs *libs)
{
    char why[1024], dir[4096], name[512], csv[4200];
    size_t nexplain = 0;
    if (o->explain != NULL && !bench_explain_count(o->explain, &nexplain, why, sizeof why))
        return die("%s", why, "");
    if (!bench_find_installed(o->installed, libs, why, sizeof why))
        return die("%s", why, "");
    bool will_build = libs->count == 0 && (o->libs == NULL || o->libs[0] == '\0') && !o->no_build;
    long points = count_points(o);
    if (points < 0)
        return 1;
    if (!bench_add_given(libs, o->libs, o->system_lib, why, sizeof why))
        return die("%s", why, "");
    if (will_build && build_first(o, libs, points, why, sizeof why) != 0)
        return 1;
    if (o->releases != NULL && o->releases[0] != '\0' && !bench_keep(libs, o->releases, why, sizeof why))
        return die("%s", why, "");
    if (libs->count == 0)
        return die("no library to benchmark (install releases with make builds, or give LIBS=PATH)", "", "");
    if (o->baseline != NULL && bench_find(libs, o->baseline) == NULL) {
        char labels[MAX_LIBS * (LABEL_SIZE + 1)];
        bench_labels(libs, labels, sizeof labels);
        return die("unknown BASELINE '%s' (releases: %s)", o->baseline, labels);
    }
    if (o->explain_only)
        return bench_explain_only(libs, o->results_root, o->baseline, o->run_args, o->nrun_args);
    const char *t = run_option(o, "--time", false);
    if (!will_build)
        bench_say_plan(t ? atof(t) : 0, run_option(o, "--quick", true) != NULL, libs->count,
                       points, 0, "");
    bench_say("%zu libraries:", libs->count);
    for (size_t i = 0; i < libs->count; i++)
        fprintf(stderr, "  %-20s %-8s %s\n", libs->lib[i].label, libs->lib[i].origin,
                libs->lib[i].path);
    if (!bench_fresh_folder(o->results_root, dir, sizeof dir, name, sizeof name, why, sizeof why))
        return die("%s", why, "");
    bench_say("results go to %s", dir);

    time_t t0 = time(NULL);
    bool interrupted = false;
    int rc = measure(o, libs, dir, &interrupted);
    if (rc == 2) { /* no library loaded (or a refused option): nothing was measured */
        folder_remove(dir);
        return die("osslbench run measured nothing (message above)", "", "");
    }
    snprintf(csv, sizeof csv, "%s/results.csv", dir);
    bench_results res;
    bench_read_results(csv, o->baseline, &res);
    char *base = res.baseline;
    bench_append_metadata(dir, o->knobs, o->nknobs, libs, base, (long)(time(NULL) - t0), rc,
                          interrupted);
    if (!bench_link_latest(o->results_root, name, why, sizeof why))
        return die("%s", why, "");
    if (interrupted) {
        bench_say("interrupted: the rows measured so far are in %s (metadata says interrupted: yes)", csv);
        bench_say("draw them anyway with: make plots RESULTS=%s", dir);
        return 130;
    }
    if (res.rows <= 0)
        return fprintf(stderr, "compare: error: the runner wrote no result rows (exit %d); see above\n", rc), 1;
    import_run(o, dir);
    const char *metric = run_option(o, "--metric", false);
    if (metric != NULL && strcmp(metric, "instructions") == 0) {
        if (bench_find(libs, base) == NULL)
            snprintf(base, sizeof res.baseline, "%s", libs->lib[0].label);
        bench_compare_counts(libs, dir, csv, base);
        bench_say("done in %lds: %s (results/latest); instruction counts, no charts: each release "
                  "against %s in %s/compare.md", (long)(time(NULL) - t0), dir, base, dir);
        return rc != 0;
    }
    int drawn = bench_draw_charts(o->repo, o->baseline, dir);
    if (nexplain > 0) /* before the page: it shows them */
        bench_explain_changes(libs, dir, o->baseline, nexplain, o->run_args, o->nrun_args);
    /* The page even when a chart failed: it shows the others and says which is missing. */
    char plots[4200], page[4200], page_why[6144];
    bool paged = bench_write_page(dir, o->baseline, page_why, sizeof page_why);
    snprintf(plots, sizeof plots, "%s/plots", dir);
    snprintf(page, sizeof page, "%s/report.html", dir);
    if (drawn != 0) {
        if (paged)
            bench_say("some charts could not be drawn (above); the page shows the others: %s", page);
        else
            say_no_page(page_why, dir);
        return drawn;
    }
    bench_say("done in %lds: %s (results/latest)", (long)(time(NULL) - t0), dir);
    bench_say_open_first(paged ? page : NULL, plots);
    if (rc != 0) {
        bench_say("some points failed (runner exit %d, about %ld rows): see the status and note columns", rc, res.failed);
        if (!paged)
            say_no_page(page_why, dir);
        return 1;
    }
    if (!paged)
        return say_no_page(page_why, dir), 1;
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    bench_options o;
    char installed[4096], results[4096];
    bench_make_args made = {0};
    int rc = bench_make_wanted(argc, argv) ? bench_make_args_build(argc, argv, &made) : -1;
    if (rc < 0)
        rc = parse(made.argv ? made.argc : argc, made.argv ? made.argv : argv, &o, installed, results);
    if (rc < 0) {
        bench_libs libs = {.count = 0};
        rc = bench(&o, &libs);
        bench_libs_free(&libs);
    }
    bench_make_args_free(&made);
    return rc;
}
