/* `osslbench explain`: where a library's instructions per operation go,
 * function by function, and what changed from the baseline (explain/).
 * The command line: run's options that choose libraries and points, plus
 * the output's own. */
#include "commands.h"
#include "../options/run_metric.h"
#include "../options/run_options.h"

#include "../explain/explain_files.h"
#include "../explain/explain_run.h"
#include "../explain/explain_write.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    run_args run; /* first: run's option takers write through a run_args pointer */
    const char *format, *top, *out;
} explain_args;

/* run's options that mean something here (the rest -- time, precision,
 * output files, worker counts -- do not), with their help where it says
 * another thing here. */
static const struct {
    const char *name, *help;
} borrowed[] = {
    {"--lib", NULL},
    {"--workloads", "comma-separated, required: each point runs under valgrind\n"
                    "(osslbench list --workloads)"},
    {"--sizes", NULL},
    {"--api", NULL},
    {"--baseline", "the library the others are explained against (default: the\n"
                   "oldest release, as report's)"},
    {"--timeout", NULL},
    {"--provider", NULL},
    {"--propquery", NULL},
    {"--quick", "2 million instructions a sample instead of 10 (a rougher profile)"},
    {"--quiet", NULL},
};
enum { NBORROWED = sizeof borrowed / sizeof *borrowed };

static const option_spec own[] = {
    OPTION_TEXT("--format", "-f", "term|csv|json|md", explain_args, format,
                "term (default): the largest changes per point; csv, json: every\n"
                "function and counter of every library; md: tables for notes"),
    OPTION_TEXT("--top", NULL, "N", explain_args, top,
                "functions per list in term and md (default 15)"),
    OPTION_TEXT("--out", "-o", "DIR", explain_args, out,
                "also write explain.csv, .json, .md and the charts into DIR, a new\n"
                "folder"),
};
enum { NOWN = sizeof own / sizeof *own };

static option_spec specs[NBORROWED + NOWN + 1];

static const option_table *explain_table(void)
{
    static option_table t = {
        .command = "explain",
        .specs = specs,
        .synopsis = "usage: osslbench explain --lib [LABEL=]PATH --lib ... [options]\n"
                    "Runs each point once under valgrind's callgrind, as run --metric\n"
                    "instructions does, and says where each library's instructions per\n"
                    "operation go and how they differ from the baseline's.\n",
        .epilogue = "exit: 0 explained; 1 some point failed; 2 refused (no valgrind, a library\n"
                    "valgrind cannot run, a bad option)\n",
        .missing_fmt = "option %s needs a value",
        .unknown_fmt = "unknown option '%s' (%s)",
        .hint = "see --help",
    };
    size_t k = 0;
    for (size_t b = 0; b < NBORROWED; b++)
        for (const option_spec *s = run_option_table.specs; s->name != NULL; s++)
            if (strcmp(s->name, borrowed[b].name) == 0) {
                specs[k] = *s;
                if (borrowed[b].help != NULL)
                    specs[k].help = borrowed[b].help, specs[k].help_now = NULL;
                k++;
            }
    for (size_t i = 0; i < NOWN; i++)
        specs[k++] = own[i];
    specs[k] = (option_spec)OPTION_END;
    return &t;
}

static bool settle(explain_args *a, explain_format *format, size_t *top, char *why, size_t n)
{
    run_args *r = &a->run;
    if (r->nlibs == 0)
        return snprintf(why, n, "no library given (use --lib PATH)"), false;
    if (r->plan.nworkloads == 0) /* run's default set would take hours under valgrind */
        return snprintf(why, n, "name the points to explain with --workloads (each runs under "
                                "valgrind: seconds a point and library)"),
               false;
    if (a->format != NULL && !explain_format_parse(a->format, format))
        return snprintf(why, n, "--format is term, csv, json or md, not '%s'", a->format), false;
    *top = 15;
    if (a->top != NULL) {
        char *end;
        unsigned long v = strtoul(a->top, &end, 10);
        if (!isdigit((unsigned char)a->top[0]) || *end != '\0' || v < 1 || v > 1000)
            return snprintf(why, n, "--top '%s' is not a whole number from 1 to 1000", a->top),
                   false;
        *top = v;
    }
    r->plan.sampling.time_s = 1.0;
    r->plan.timeout_s = r->plan.timeout_s > 0 ? r->plan.timeout_s : DEFAULT_TIMEOUT_S;
    run_args_fill_defaults(r);
    r->plan.metric = METRIC_INSTRUCTIONS;
    return run_metric_settle(r, why, n);
}

typedef struct {
    explain_writer *w;
    explain_files *files; /* --out, or NULL */
} explain_out;

static bool write_point(const explained_point *p, void *ctx, char *why, size_t n)
{
    explain_out *o = ctx;
    explain_write_point(o->w, p);
    return o->files == NULL || explain_files_point(o->files, p, why, n);
}

int cmd_explain(int argc, char **argv)
{
    static explain_args a;
    const option_table *t = explain_table();
    memset(&a, 0, sizeof a);
    a.run.plan.timeout_s = DEFAULT_TIMEOUT_S;
    char why[512];
    int rc = option_parse_why(t, argc, argv, &a, why, sizeof why);
    if (rc == OPTIONS_HELP) {
        option_usage(t, stdout);
        return 0;
    }
    explain_format format = EXPLAIN_TERM;
    size_t top;
    if (rc != OPTIONS_READY || !settle(&a, &format, &top, why, sizeof why))
        return option_refuse(t, why);
    explain_writer w = {.f = stdout, .format = format, .top = top};
    static explain_files files;
    if (a.out != NULL && !explain_files_open(&files, a.out, false, top, why, sizeof why)) {
        fprintf(stderr, "osslbench explain: %s\n", why);
        return 2;
    }
    explain_out out = {.w = &w, .files = a.out ? &files : NULL};
    explain_request rq = {.plan = &a.run.plan, .lib_paths = a.run.lib_paths,
                          .labels = (const char(*)[LABEL_SIZE])a.run.labels, .nlibs = a.run.nlibs,
                          .baseline = a.run.plan.sampling.baseline, .each = write_point,
                          .ctx = &out};
    explain_write_begin(&w);
    explain_end end = explain_run(&rq, why, sizeof why);
    char close_why[512];
    bool closed = out.files == NULL || explain_files_close(out.files, close_why, sizeof close_why);
    if (end == EXPLAIN_REFUSED) {
        fprintf(stderr, "osslbench explain: %s\n", why);
        return 2;
    }
    explain_write_end(&w);
    if (!closed) {
        fprintf(stderr, "osslbench explain: %s\n", close_why);
        return 1;
    }
    if (end == EXPLAIN_INTERRUPTED) {
        fprintf(stderr, "osslbench explain: interrupted; %zu point(s) written\n", w.points);
        return 130;
    }
    return end == EXPLAIN_SOME_FAILED ? 1 : 0;
}
