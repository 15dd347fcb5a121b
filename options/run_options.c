#include "run_options.h"

#include "../stats/summary.h"
#include "../harness/suggest.h"
#include "../harness/workloads/speed_names.h"
#include "option_values.h"
#include "run_metric.h"
#include "run_providers.h"
#include "run_sampling.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef bool (*item_take)(const char *item, run_args *a, char *why, size_t n);

/* Calls `each` for every comma-separated item of `list`. */
static bool for_each_item(const char *list, const char *what, item_take each, run_args *a,
                          char *why, size_t n)
{
    /* A copy of any length: `list --workloads` output pasted back grows with the registry. */
    char *buf = strdup(list);
    if (buf == NULL) {
        snprintf(why, n, "out of memory reading the %s list", what);
        return false;
    }
    char *save = NULL;
    int count = 0;
    bool ok = true;
    for (char *tok = strtok_r(buf, ",", &save); ok && tok; tok = strtok_r(NULL, ",", &save), count++)
        ok = each(tok, a, why, n);
    free(buf);
    if (!ok)
        return false;
    if (count == 0) {
        snprintf(why, n, "empty %s list", what);
        return false;
    }
    return true;
}

/* One --workloads item: a workload, a family member, or a name of openssl
 * speed's (speed_names.def: blowfish, or a family word such as aes).  A
 * workload already in the plan is not added again; only its own name given
 * twice is refused (sha256,sha256), as speed's aliases name one workload
 * several ways (rmd160 ripemd ripemd160). */
static bool add_workload(const char *name, run_args *a, char *why, size_t n)
{
    run_plan *p = &a->plan;
    workload_spec specs[MAX_WORKLOADS + 1];
    bool own = workload_parse(name, &specs[0]);
    size_t count = own ? 1 : workload_expand(name, specs, MAX_WORKLOADS + 1);
    if (count == 0) {
        const char *rule = workload_name_rule(name);
        if (rule != NULL) {
            snprintf(why, n, "bad workload '%s': %s", name, rule);
            return false;
        }
        const char *near = workload_expand_suggest(name);
        snprintf(why, n, "unknown workload '%s'%s%s%s", name, near ? " (did you mean '" : "",
                 near ? near : "", near ? "'?)" : "");
        return false;
    }
    for (size_t k = 0; k < count && k < MAX_WORKLOADS + 1; k++) {
        const workload_spec *ws = &specs[k];
        size_t i = 0;
        /* by name: evp:sm4-cbc and evp:sm3 are one workload line, two workloads */
        while (i < p->nworkloads && strcmp(p->workloads[i].name, ws->name) != 0)
            i++;
        if (i < p->nworkloads && own && a->workload_named[i]) {
            snprintf(why, n, "workload %s is given twice", ws->name);
            return false;
        }
        if (i == p->nworkloads && p->nworkloads == MAX_WORKLOADS) {
            snprintf(why, n, "too many workloads (at most %d)", MAX_WORKLOADS);
            return false;
        }
        if (i == p->nworkloads)
            p->workloads[p->nworkloads++] = *ws;
        a->workload_named[i] = a->workload_named[i] || own;
    }
    return true;
}

static bool add_size(const char *s, run_args *a, char *why, size_t n)
{
    run_plan *p = &a->plan;
    if (p->nsizes == MAX_SIZES) {
        snprintf(why, n, "too many block sizes");
        return false;
    }
    uint64_t v;
    if (!parse_size(s, &v, why, n))
        return false;
    for (size_t i = 0; i < p->nsizes; i++)
        if (p->sizes[i] == v) {
            snprintf(why, n, "block size %" PRIu64 " is given twice", v);
            return false;
        }
    p->sizes[p->nsizes++] = v;
    return true;
}

static bool add_count(const char *s, unsigned *list, size_t *count, const char *what, char *why,
                      size_t n)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (!isdigit((unsigned char)*s) || *end != '\0' || errno != 0 || v < 1 || v > MAX_WORKERS) {
        snprintf(why, n, "%s count '%s' is not a whole number from 1 to %d", what, s, MAX_WORKERS);
        return false;
    }
    if (*count == MAX_WORKER_COUNTS) {
        snprintf(why, n, "at most %d %s counts", MAX_WORKER_COUNTS, what);
        return false;
    }
    for (size_t i = 0; i < *count; i++)
        if (list[i] == v) {
            snprintf(why, n, "%s count %lu is given twice", what, v);
            return false;
        }
    list[(*count)++] = (unsigned)v;
    return true;
}

static bool add_threads(const char *s, run_args *a, char *why, size_t n)
{
    return add_count(s, a->thread_counts, &a->nthread_counts, "thread", why, n);
}

static bool add_procs(const char *s, run_args *a, char *why, size_t n)
{
    return add_count(s, a->proc_counts, &a->nproc_counts, "process", why, n);
}

static bool add_api(const char *name, run_args *a, char *why, size_t n)
{
    api_path api;
    if (!api_parse(name, &api)) {
        const char *names[API_COUNT];
        char all[256] = "choose from";
        for (int i = 0; i < API_COUNT; i++) {
            names[i] = api_name((api_path)i);
            size_t len = strlen(all);
            snprintf(all + len, sizeof all - len, "%s %s", i ? "," : "", names[i]);
        }
        const char *near = suggest_nearest(name, names, API_COUNT);
        snprintf(why, n, "unknown API path '%s' (%s%s%s)", name, near ? "did you mean '" : all,
                 near ? near : "", near ? "'?" : "");
        return false;
    }
    if (a->plan.apis[api]) {
        snprintf(why, n, "API path %s is given twice", api_name(api));
        return false;
    }
    a->plan.apis[api] = true;
    return true;
}

/* The takes of the table: each option's value into run_args. */

static bool take_lib(const option_spec *o, void *dest, const char *typed, const char *v,
                     char *why, size_t n)
{
    (void)o, (void)typed;
    run_args *a = dest;
    if (a->nlibs == MAX_LIBS) {
        snprintf(why, n, "at most %d libraries per run", MAX_LIBS);
        return false;
    }
    if (!parse_lib_arg(v, &a->lib_paths[a->nlibs], a->labels[a->nlibs], LABEL_SIZE, why, n))
        return false;
    a->nlibs++;
    return true;
}

#define LIST_TAKE(fn, what, each)                                                            \
    static bool fn(const option_spec *o, void *dest, const char *typed, const char *v,     \
                   char *why, size_t n)                                                    \
    {                                                                                      \
        (void)o, (void)typed;                                                              \
        return for_each_item(v, what, each, dest, why, n);                                 \
    }
LIST_TAKE(take_workloads, "workload", add_workload)
LIST_TAKE(take_sizes, "size", add_size)
LIST_TAKE(take_threads, "thread count", add_threads)
LIST_TAKE(take_procs, "process count", add_procs)

static bool take_api(const option_spec *o, void *dest, const char *typed, const char *v,
                     char *why, size_t n)
{
    (void)o, (void)typed;
    ((run_args *)dest)->apis_set = true;
    return for_each_item(v, "API", add_api, dest, why, n);
}

static bool take_timeout(const option_spec *o, void *dest, const char *typed, const char *v,
                         char *why, size_t n)
{
    (void)o, (void)typed;
    return parse_seconds(v, 0.1, 86400, &((run_args *)dest)->plan.timeout_s, why, n);
}

static bool take_clock(const option_spec *o, void *dest, const char *typed, const char *v,
                       char *why, size_t n)
{
    (void)o, (void)typed;
    if (strcmp(v, "cpu") != 0 && strcmp(v, "wall") != 0) {
        snprintf(why, n, "--clock is 'wall' or 'cpu', not '%s'", v);
        return false;
    }
    ((run_args *)dest)->plan.cpu_clock = strcmp(v, "cpu") == 0;
    return true;
}

/* A file name for --csv/--trace: "" and "--quiet" (a forgotten value) are
 * refused, never created; "-" is stdout only for --csv. */
static bool take_file(const option_spec *o, void *dest, const char *typed, const char *v,
                      char *why, size_t n)
{
    bool dash_ok = strcmp(o->name, "--csv") == 0;
    if (*v == '\0')
        snprintf(why, n, "%s needs a file name, got an empty one", typed);
    else if (strcmp(v, "-") == 0 && !dash_ok)
        snprintf(why, n, "%s writes a file, not stdout (for the terminal: %s /dev/stderr)", typed,
                 typed);
    else if (*v == '-' && strcmp(v, "-") != 0)
        snprintf(why, n, "%s needs a file name, got option %s (a file of that name: ./%s)",
                 typed, v, v);
    else
        return option_set_text(o, dest, typed, v, why, n);
    return false;
}

/* --api's help names the paths of apis.def. */
static const char *api_help(void)
{
    static char text[256];
    size_t len = (size_t)snprintf(text, sizeof text,
                                  "API paths (default: every path the release has):\n");
    for (int a = 0; a < API_COUNT && len < sizeof text; a++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", a ? "," : "",
                                api_name((api_path)a));
    if (len < sizeof text)
        snprintf(text + len, sizeof text - len, " (osslbench list --apis)");
    return text;
}

/* One line per option, in --help's order: a new option is one more line. */
static const option_spec run_specs[] = {
    OPTION_VALUE("--lib", "-l", "[LABEL=]PATH", take_lib,
                 "a libcrypto to measure, one --lib each; LABEL names it in the\n"
                 "results (default: its release)"),
    OPTION_VALUE("--workloads", "-w", "LIST", take_workloads,
                 "comma-separated (default: the default set; all of them and what\n"
                 "one operation is: osslbench list --workloads)"),
    OPTION_VALUE("--sizes", "-s", "LIST", take_sizes,
                 "block sizes in bytes, k/M suffixes\n"
                 "(default 16,64,256,1024,8192,16384)"),
    {"--api", "-a", "LIST", take_api, 0, NULL, api_help},
    OPTION_VALUE("--time", "-t", "S", take_time,
                 "the most one point may take per library (default 1)"),
    OPTION_VALUE("--precision", "-p", "P", take_precision,
                 "stop a point once each library's ratio to the baseline has its\n"
                 "95% CI within +-P (default 0.01 = 1%; one library: its rate's)"),
    OPTION_VALUE("--budget", NULL, "DURATION", take_budget,
                 "the whole run's measuring time (90, 6m, 1.5h): after every\n"
                 "point's first visit, spent where the CIs are widest"),
    OPTION_VALUE("--span", NULL, "DURATION", take_span,
                 "spread each point's visits over this much of the run, so its\n"
                 "CI sees the host drift over minutes (default 2m; 0: off)"),
    OPTION_VALUE("--baseline", NULL, "LABEL", take_baseline,
                 "the library the precision of ratios is judged against (default:\n"
                 "the oldest release, as report's)"),
    OPTION_VALUE("--timeout", NULL, "S", take_timeout,
                 "a library that does not answer in S seconds is hung (default 60)"),
    OPTION_VALUE("--clock", NULL, "wall|cpu", take_clock,
                 "time samples by the wall clock (default) or by the thread's\n"
                 "CPU time, which leaves out time other processes took"),
    OPTION_VALUE("--metric", NULL, "time|instructions", take_metric,
                 "what a sample measures: time (default), or the instructions of\n"
                 "its operations under valgrind (unit instr/op: exact, repeatable)"),
    OPTION_VALUE("--samples", NULL, "N", take_samples,
                 "--metric instructions: samples per point (default 1: counts repeat)"),
    OPTION_VALUE("--cpu-mask", NULL, "valgrind", take_cpu_mask,
                 "time the code paths valgrind's CPU takes (sets OPENSSL_ia32cap)"),
    OPTION_VALUE("--threads", NULL, "LIST", take_threads,
                 "run each point on N threads at once, e.g. 1,2,4 (default 1):\n"
                 "the aggregate rate, a row per count (column threads)"),
    OPTION_VALUE("--procs", NULL, "LIST", take_procs,
                 "also on N processes at once, like openssl speed -multi (column\n"
                 "procs): the gap to N threads is what shared state costs"),
    OPTION_VALUE("--provider", NULL, "NAME", take_provider,
                 "3.0+: load this provider too, one --provider each, as speed's\n"
                 "-provider (default stays loaded; a path loads that module)"),
    OPTION_VALUE("--propquery", NULL, "Q", take_propquery,
                 "3.0+: the default properties of every fetch, e.g. provider=legacy"),
    OPTION_FLAG("--quick", NULL, run_args, quick, "smoke run: one visit of 6 rounds per point"),
    {"--csv", "-o", "FILE|-", take_file, offsetof(run_args, csv_path),
     "write the results CSV (never overwrites an existing file)", NULL},
    {"--json", NULL, "FILE", take_file, offsetof(run_args, json_path),
     "write the results as JSON too, the context first (a new file;\n"
     "docs/results-json.schema.json), beside or instead of --csv", NULL},
    {"--trace", NULL, "FILE", take_file, offsetof(run_args, trace_path),
     "log every timed sample (shows the interleaving; a new file)", NULL},
    {"--metadata", NULL, "FILE", take_file, offsetof(run_args, metadata_path),
     "the run's context (CPU, kernel, compiler, command line ...); default:\n"
     "beside the CSV (else the JSON): metadata.txt for results.csv,\n"
     "else NAME.metadata.txt", NULL},
    OPTION_FLAG("--quiet", "-q", run_args, plan.quiet, "no progress lines"),
    OPTION_FLAG("--plan", NULL, run_args, count_only,
                "print the number of points and libraries, measure nothing"),
    OPTION_END,
};

const option_table run_option_table = {
    .command = "run",
    .specs = run_specs,
    .synopsis = "usage: osslbench run --lib [LABEL=]PATH [--lib ...] [options]\n",
    .missing_fmt = "option %s needs a value",
    .unknown_fmt = "unknown option '%s' (%s)",
    .hint = "see --help",
};

int run_args_parse_why(int argc, char **argv, run_args *a, char *why, size_t n)
{
    memset(a, 0, sizeof *a);
    a->plan.sampling.time_s = 1.0;
    a->plan.sampling.precision = 0.01;
    a->plan.timeout_s = DEFAULT_TIMEOUT_S;
    int rc = option_parse_why(&run_option_table, argc, argv, a, why, n);
    if (rc != OPTIONS_READY)
        return rc;
    if (a->nlibs == 0)
        return snprintf(why, n, "no library given (use --lib PATH)"), OPTIONS_BAD;
    run_args_fill_defaults(a);
    return run_metric_settle(a, why, n) ? OPTIONS_READY : OPTIONS_BAD;
}

int run_args_parse(int argc, char **argv, run_args *a)
{
    char why[512];
    int rc = run_args_parse_why(argc, argv, a, why, sizeof why);
    if (rc == OPTIONS_HELP)
        option_usage(&run_option_table, stdout);
    return rc == OPTIONS_BAD ? option_refuse(&run_option_table, why) : rc;
}
