#include "options.h"

#include "../csv/row.h"
#include "../stats/summary.h"
#include "suggest.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const uint64_t default_sizes[] = {16, 64, 256, 1024, 8192, 16384};

/* Calls `each` for every comma-separated item of `list`. */
static bool for_each_item(const char *list, const char *what,
                          bool (*each)(const char *, run_options *, char *, size_t),
                          run_options *o, char *why, size_t n)
{
    char buf[1024];
    if (snprintf(buf, sizeof buf, "%s", list) >= (int)sizeof buf) {
        snprintf(why, n, "%s list is too long", what);
        return false;
    }
    char *save = NULL;
    int count = 0;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save), count++)
        if (!each(tok, o, why, n))
            return false;
    if (count == 0) {
        snprintf(why, n, "empty %s list", what);
        return false;
    }
    return true;
}

static bool add_workload(const char *name, run_options *o, char *why, size_t n)
{
    if (o->nworkloads == MAX_WORKLOADS) {
        snprintf(why, n, "too many workloads");
        return false;
    }
    workload_spec *ws = &o->workloads[o->nworkloads];
    if (!workload_parse(name, ws)) {
        const char *near = workload_suggest(name);
        snprintf(why, n, "unknown workload '%s'%s%s%s", name, near ? " (did you mean '" : "",
                 near ? near : "", near ? "'?)" : "");
        return false;
    }
    for (size_t i = 0; i < o->nworkloads; i++)
        if (o->workloads[i].w == ws->w && o->workloads[i].param == ws->param) {
            snprintf(why, n, "workload %s is given twice", ws->name);
            return false;
        }
    o->nworkloads++;
    return true;
}

static bool add_size(const char *s, run_options *o, char *why, size_t n)
{
    if (o->nsizes == MAX_SIZES) {
        snprintf(why, n, "too many block sizes");
        return false;
    }
    uint64_t v;
    if (!parse_size(s, &v, why, n))
        return false;
    for (size_t i = 0; i < o->nsizes; i++)
        if (o->sizes[i] == v) {
            snprintf(why, n, "block size %" PRIu64 " is given twice", v);
            return false;
        }
    o->sizes[o->nsizes++] = v;
    return true;
}

/* --threads and --procs values, collected before the point list is built. */
static unsigned thread_counts[MAX_WORKER_COUNTS], proc_counts[MAX_WORKER_COUNTS];
static size_t nthread_counts, nproc_counts;

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

static bool add_threads(const char *s, run_options *o, char *why, size_t n)
{
    (void)o;
    return add_count(s, thread_counts, &nthread_counts, "thread", why, n);
}

static bool add_procs(const char *s, run_options *o, char *why, size_t n)
{
    (void)o;
    return add_count(s, proc_counts, &nproc_counts, "process", why, n);
}

/* Thread counts as given (default 1), then each process count (> 1, or 1
 * when no thread count is 1): one worker is measured once. */
static void worker_counts(run_options *o)
{
    if (nthread_counts == 0)
        thread_counts[nthread_counts++] = 1;
    o->nworkers = 0;
    for (size_t i = 0; i < nthread_counts; i++) {
        o->workers[o->nworkers++] = (worker_count){thread_counts[i], 1};
        o->any_threads = o->any_threads || thread_counts[i] > 1;
    }
    for (size_t i = 0; i < nproc_counts; i++) {
        bool dup = false;
        for (size_t k = 0; k < o->nworkers; k++)
            dup = dup || (o->workers[k].threads == 1 && o->workers[k].procs == proc_counts[i]);
        if (!dup)
            o->workers[o->nworkers++] = (worker_count){1, proc_counts[i]};
    }
}

static bool add_api(const char *name, run_options *o, char *why, size_t n)
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
    if (o->apis[api]) {
        snprintf(why, n, "API path %s is given twice", api_name(api));
        return false;
    }
    o->apis[api] = true;
    return true;
}

static const char *value_of(int argc, char **argv, int *i, char *why, size_t n)
{
    if (*i + 1 >= argc) {
        snprintf(why, n, "option %s needs a value", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* A file name for --csv/--trace: "" and "--quiet" (a forgotten value) are
 * refused, never created; "-" is stdout only where `dash_ok`. */
static const char *file_value_of(int argc, char **argv, int *i, bool dash_ok, char *why, size_t n)
{
    const char *opt = argv[*i], *v = value_of(argc, argv, i, why, n);
    if (v == NULL)
        return NULL;
    if (*v == '\0')
        snprintf(why, n, "%s needs a file name, got an empty one", opt);
    else if (strcmp(v, "-") == 0 && !dash_ok)
        snprintf(why, n, "%s writes a file, not stdout (for the terminal: %s /dev/stderr)", opt,
                 opt);
    else if (*v == '-' && strcmp(v, "-") != 0)
        snprintf(why, n, "%s needs a file name, got option %s (a file of that name: ./%s)", opt,
                 v, v);
    else
        return v;
    return NULL;
}

int options_parse(int argc, char **argv, run_options *o, const char *usage)
{
    memset(o, 0, sizeof *o);
    nthread_counts = nproc_counts = 0;
    o->time_s = 1.0;
    o->precision = 0.01;
    o->timeout_s = DEFAULT_TIMEOUT_S;
    bool time_set = false, apis_set = false;
    char why[512] = "";
    const char *v;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            return 1;
        } else if (strcmp(a, "--quick") == 0) {
            o->quick = true;
        } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            o->quiet = true;
        } else if (strcmp(a, "--plan") == 0) {
            o->plan = true;
        } else if (strcmp(a, "--lib") == 0 || strcmp(a, "-l") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL)
                goto bad;
            if (o->nlibs == MAX_LIBS) {
                snprintf(why, sizeof why, "at most %d libraries per run", MAX_LIBS);
                goto bad;
            }
            if (!parse_lib_arg(v, &o->lib_paths[o->nlibs], o->labels[o->nlibs], LABEL_SIZE, why,
                               sizeof why))
                goto bad;
            o->nlibs++;
        } else if (strcmp(a, "--workloads") == 0 || strcmp(a, "-w") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL ||
                !for_each_item(v, "workload", add_workload, o, why, sizeof why))
                goto bad;
        } else if (strcmp(a, "--sizes") == 0 || strcmp(a, "-s") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL ||
                !for_each_item(v, "size", add_size, o, why, sizeof why))
                goto bad;
        } else if (strcmp(a, "--api") == 0 || strcmp(a, "-a") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL ||
                !for_each_item(v, "API", add_api, o, why, sizeof why))
                goto bad;
            apis_set = true;
        } else if (strcmp(a, "--threads") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL ||
                !for_each_item(v, "thread count", add_threads, o, why, sizeof why))
                goto bad;
        } else if (strcmp(a, "--procs") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL ||
                !for_each_item(v, "process count", add_procs, o, why, sizeof why))
                goto bad;
        } else if (strcmp(a, "--time") == 0 || strcmp(a, "-t") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL ||
                !parse_seconds(v, 0.001, 3600, &o->time_s, why, sizeof why))
                goto bad;
            time_set = true;
        } else if (strcmp(a, "--precision") == 0 || strcmp(a, "-p") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL ||
                !parse_precision(v, &o->precision, why, sizeof why))
                goto bad;
        } else if (strcmp(a, "--timeout") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL ||
                !parse_seconds(v, 0.1, 86400, &o->timeout_s, why, sizeof why))
                goto bad;
        } else if (strcmp(a, "--csv") == 0 || strcmp(a, "-o") == 0) {
            if ((o->csv_path = file_value_of(argc, argv, &i, true, why, sizeof why)) == NULL)
                goto bad;
        } else if (strcmp(a, "--clock") == 0) {
            if ((v = value_of(argc, argv, &i, why, sizeof why)) == NULL)
                goto bad;
            if (strcmp(v, "cpu") != 0 && strcmp(v, "wall") != 0) {
                snprintf(why, sizeof why, "--clock is 'wall' or 'cpu', not '%s'", v);
                goto bad;
            }
            o->cpu_clock = strcmp(v, "cpu") == 0;
        } else if (strcmp(a, "--trace") == 0) {
            if ((o->trace_path = file_value_of(argc, argv, &i, false, why, sizeof why)) == NULL)
                goto bad;
        } else {
            snprintf(why, sizeof why, "unknown option '%s' (see --help)", a);
            goto bad;
        }
    }
    if (o->nlibs == 0) {
        snprintf(why, sizeof why, "no library given (use --lib PATH)");
        goto bad;
    }
    if (o->nworkloads == 0)
        o->nworkloads = workload_defaults(o->workloads, MAX_WORKLOADS);
    if (o->nsizes == 0) {
        memcpy(o->sizes, default_sizes, sizeof default_sizes);
        o->nsizes = sizeof default_sizes / sizeof *default_sizes;
    }
    if (!apis_set)
        for (int i = 0; i < API_COUNT; i++)
            o->apis[i] = true;
    worker_counts(o);
    /* --quick: a smoke run (short samples, few of them), not a measurement;
     * still enough samples that the CI of every median is a real 95% one. */
    o->target_ns = o->quick ? 2000000 : 10000000;
    o->min_samples = o->quick ? MEDIAN_CI_MIN_SAMPLES : 10;
    o->max_samples = 1000;
    if (o->quick && !time_set)
        o->time_s = 0.03;
    return 0;
bad:
    fprintf(stderr, "osslbench %s: %s\n", argv[0], why);
    return 2;
}
