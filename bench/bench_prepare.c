/* bench_prepare (bench_prepare.h): before make compare measures anything,
 * the libraries found (or built), the plan counted, the choices checked. */
#define _GNU_SOURCE
#include "bench_prepare.h"
#include "bench_explain.h"
#include "bench_plan.h"
#include "bench_say.h"
#include "../runner/runner.h"
#include "../util/spawn.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_ARGS = 512 };

const char *bench_run_option(const bench_options *o, const char *name, bool flag)
{
    for (int i = 0; i < o->nrun_args; i++)
        if (strcmp(o->run_args[i], name) == 0)
            return flag ? name : i + 1 < o->nrun_args ? o->run_args[i + 1] : NULL;
    return NULL;
}

/* make compare's measuring time when BUDGET= is not given: batch-means
 * intervals of six libraries rarely all reach +-1%, and without a budget a
 * default run's points went on to the 100-visit cap (9 minutes); the
 * budget spends the time on the widest intervals first (docs/method.md). */
#define BENCH_DEFAULT_BUDGET "5.5m"

int bench_default_budget(const bench_options *o, char **argv, int k)
{
    if (bench_run_option(o, "--budget", false) == NULL)
        argv[k++] = "--budget", argv[k++] = BENCH_DEFAULT_BUDGET;
    return k;
}

/* The run's own count of the points and its span (and its refusal of the
 * options), before anything is built or loaded.  -1 after saying why. */
static long count_points(const bench_options *o, double *span_s)
{
    char *argv[MAX_ARGS] = {"run", "--lib", "plan"};
    int k = 3;
    for (int i = 0; i < o->nrun_args && k < MAX_ARGS - 3; i++)
        argv[k++] = o->run_args[i];
    k = bench_default_budget(o, argv, k);
    argv[k] = NULL;
    char why[512];
    long points = run_count_points(k, argv, span_s, why, sizeof why);
    if (points == -1)
        bench_die("%s (nothing was built or run)", why);
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
static int build_first(const bench_options *o, bench_libs *libs, const bench_plan_facts *f,
                       char *why, size_t n)
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
    const char *t = bench_run_option(o, "--time", false);
    bench_say_plan(t ? atof(t) : 0, f->span_s, bench_run_option(o, "--quick", true) != NULL,
                   nplanned, f->points, nbuild, builds);
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
        return bench_die("%s", why);
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

/* EXPLAIN's count and the libraries installed and given: -1 to go on. */
static int find_libs(const bench_options *o, bench_libs *libs, bench_plan_facts *f)
{
    char why[1024];
    if (o->explain != NULL && !bench_explain_count(o->explain, &f->nexplain, why, sizeof why))
        return bench_die("%s", why);
    if (!bench_find_installed(o->installed, libs, why, sizeof why))
        return bench_die("%s", why);
    f->built = libs->count == 0 && (o->libs == NULL || o->libs[0] == '\0') && !o->no_build;
    if ((f->points = count_points(o, &f->span_s)) < 0)
        return 1;
    if (!bench_add_given(libs, o->libs, o->system_lib, why, sizeof why))
        return bench_die("%s", why);
    if (f->built && build_first(o, libs, f, why, sizeof why) != 0)
        return 1;
    return -1;
}

int bench_prepare(const bench_options *o, bench_libs *libs, bench_plan_facts *f)
{
    char why[1024];
    *f = (bench_plan_facts){.points = 0};
    int rc = find_libs(o, libs, f);
    if (rc >= 0)
        return rc;
    if (o->releases != NULL && o->releases[0] != '\0' && !bench_keep(libs, o->releases, why, sizeof why))
        return bench_die("%s", why);
    if (libs->count == 0)
        return bench_die("no library to benchmark (install releases with make builds, or give LIBS=PATH)");
    if (o->baseline != NULL && bench_find(libs, o->baseline) == NULL) {
        char labels[MAX_LIBS * (LABEL_SIZE + 1)];
        bench_labels(libs, labels, sizeof labels);
        return bench_die("unknown BASELINE '%s' (releases: %s)", o->baseline, labels);
    }
    return -1;
}
