/* `osslbench report`: read a results CSV, write the speed-up table and the
 * per-release tables, and the data plots/draw.sh turns into charts. */
#include "../analysis/report.h"
#include "../analysis/report_hosts.h"
#include "../analysis/report_html.h"
#include "../analysis/report_out.h"
#include "../csv/json_write.h"
#include "cmd_report_hosts.h"
#include "../analysis/report_page.h"
#include "../runner/run_metadata.h"
#include "command_options.h"
#include "commands.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


typedef struct {
    const char *baseline, *out, *reference;
    const char *inputs[HOSTS_MAX];
    size_t ninputs;
    int formats;
    html_sources html;
} report_args;

static bool take_formats(const option_spec *o, void *dest, const char *typed, const char *list,
                         char *why, size_t n)
{
    (void)o, (void)typed;
    static const struct {
        const char *name;
        int bit;
    } names[] = {{"term", F_TERM}, {"csv", F_CSV}, {"md", F_MD}, {"speed", F_SPEED},
                 {"dat", F_DAT}, {"scaling", F_SCALING}, {"all", F_ALL}, {"html", F_HTML},
                 {"json", F_JSON}};
    int bits = 0;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        int bit = 0;
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            if (strlen(names[i].name) == len && strncmp(p, names[i].name, len) == 0)
                bit = names[i].bit;
        if (bit == 0) {
            snprintf(why, n, "unknown format '%.*s' (term, csv, md, speed, dat, scaling, html, json)",
                     (int)len, p);
            return false;
        }
        bits |= bit;
        p += len;
        if (*p == ',')
            p++;
    }
    if (bits == 0)
        snprintf(why, n, "--format needs at least one format");
    if ((bits & (F_HTML | F_JSON)) && bits != F_HTML && bits != F_JSON) {
        snprintf(why, n, "--format %s, not with other formats",
                 bits & F_HTML ? "html is a page of its own" : "json is a document of its own");
        return false;
    }
    ((report_args *)dest)->formats = bits;
    return bits != 0;
}

static bool take_input(const option_spec *o, void *dest, const char *typed, const char *word,
                       char *why, size_t n)
{
    (void)o, (void)typed;
    report_args *a = dest;
    if (a->ninputs == HOSTS_MAX) {
        snprintf(why, n, "at most %d results", HOSTS_MAX);
        return false;
    }
    a->inputs[a->ninputs++] = word;
    return true;
}

/* One line per option, in --help's order. */
static const option_spec report_specs[] = {
    OPTION_TEXT("--baseline", NULL, "LABEL", report_args, baseline,
                "release the speed-ups are relative to\n"
                "(default: the oldest release in the file, by version)"),
    OPTION_TEXT("--reference", NULL, "HOST", report_args, reference,
                "with several hosts' results: the host the others are\n"
                "relative to (default: the first)"),
    OPTION_VALUE("--format", NULL, "LIST", take_formats,
                 "comma-separated: term, csv, md, speed, dat, scaling\n"
                 "(default: term on stdout; all of them with --out), or html\n"
                 "alone: one self-contained page (report.html with --out),\n"
                 "what changed first, the drawn charts as images; or json\n"
                 "alone: the run's context and every row (results.json with --out)"),
    OPTION_TEXT("--charts", NULL, "DIR", report_args, html.charts_dir,
                "html: the charts folder (its charts.list and SVGs; default\n"
                "the results folder's newest plots*/)"),
    OPTION_TEXT("--notes", NULL, "FILE", report_args, html.notes,
                "html: a text shown first, as it is (a fleet's fleet.txt)"),
    OPTION_TEXT("--out", NULL, "DIR", report_args, out,
                "write speedup.txt, speedup.csv, speedup.md, speed-<label>.txt,\n"
                "scaling.txt and scaling.csv (when rows have several workers),\n"
                "timeline-releases.md (3 releases or more: docs/timeline.md),\n"
                "the gnuplot *.dat files and charts.list into DIR"),
    OPTION_END,
};

const option_table report_option_table = {
    .command = "report",
    .specs = report_specs,
    .synopsis = "usage: osslbench report [--baseline LABEL] [--format LIST] [--out DIR] RESULTS.csv\n"
                "       osslbench report [--reference HOST] [--format LIST] [--out DIR]\n"
                "                        [HOST=]RESULTS... (two or more hosts' results)\n"
                "RESULTS.csv may be '-' (stdin) or a results folder (its results.csv).\n",
    .epilogue = "Without --out the chosen formats go to stdout (dat needs --out).\n"
                "Several results (run folders or CSVs, one per machine) give a report over\n"
                "hosts: rates side by side and each host relative to --reference HOST\n"
                "(default: the first); formats term, csv, dat (hosts.txt, hosts.csv,\n"
                "coverage.txt, chart data), html (each host's charts from its folder).  A host is named by HOST=, else its folder's\n"
                "metadata.txt, else the CSV's host column.\n",
    .positional = take_input,
    .missing_fmt = "%s needs a value (try --help)",
    .unknown_fmt = "unknown option '%s' (%s)",
    .hint = "try --help",
};

static void write_stdout(const report *r, int formats)
{
    bool sep = false;
    if (formats & F_TERM) {
        report_write_term(r, stdout);
        sep = true;
    }
    if (formats & F_CSV) {
        fputs(sep ? "\n" : "", stdout);
        report_write_csv(r, stdout);
        sep = true;
    }
    if (formats & F_MD) {
        fputs(sep ? "\n" : "", stdout);
        report_write_md(r, stdout);
        sep = true;
    }
    if ((formats & F_SCALING) && report_has_workers(r)) {
        fputs(sep ? "\n" : "", stdout);
        report_write_scaling(r, stdout);
        sep = true;
    }
    for (size_t k = 0; (formats & F_SPEED) && k < r->nrel; k++) {
        fputs(sep ? "\n" : "", stdout);
        report_write_speed(r, k, stdout);
        sep = true;
    }
}

typedef struct {
    const result_set *set;
    metadata_entry *ctx;
    size_t nctx;
} json_doc;

static void write_json_doc(const void *ctx, FILE *f)
{
    const json_doc *d = ctx;
    json_write_results(f, d->set->rows, d->set->count, d->ctx, d->nctx);
}

/* The rows as JSON, with the context of the metadata.txt beside csv_path
 * (NULL: stdin, none), into out/results.json or on stdout: 0, 1 when it
 * cannot be written, 2 when that metadata.txt is refused. */
static int write_json(const result_set *set, const char *csv_path, const char *out)
{
    char metadata[PATH_MAX], why[PATH_MAX + 256];
    json_doc doc = {.set = set};
    bool have = csv_path != NULL && run_metadata_path(csv_path, metadata, sizeof metadata);
    if (!metadata_read(have ? metadata : NULL, &doc.ctx, &doc.nctx, why, sizeof why)) {
        fprintf(stderr, "osslbench report: %s\n", why);
        return 2;
    }
    bool ok;
    if (out != NULL) {
        ok = mkdir(out, 0777) == 0 || errno == EEXIST;
        if (!ok)
            fprintf(stderr, "osslbench report: %s: %s\n", out, strerror(errno));
        ok = ok && report_out_atomic(out, "results.json", write_json_doc, &doc);
    } else {
        write_json_doc(&doc, stdout);
        ok = fflush(stdout) == 0;
    }
    metadata_free(doc.ctx, doc.nctx);
    return ok ? 0 : 1;
}

/* The options that go together only: one line and false when they do not. */
static bool options_agree(const report_args *a)
{
    const char *why = NULL;
    if (a->ninputs > 1 && a->baseline != NULL)
        why = "--baseline is for one results file (hosts: --reference)";
    for (size_t i = 0; why == NULL && a->ninputs > 1 && i < a->ninputs; i++)
        if (strcmp(a->inputs[i], "-") == 0)
            why = "'-' (stdin) is for one results file, not several hosts'";
    if (why == NULL && (a->html.charts_dir != NULL || a->html.notes != NULL) && a->formats != F_HTML)
        why = "--charts and --notes are for --format html";
    if (why == NULL && a->ninputs <= 1 && a->reference != NULL)
        why = "--reference is for several hosts' results";
    if (why != NULL)
        fprintf(stderr, "osslbench report: %s\n", why);
    return why == NULL;
}

/* The tables and chart data of r into out, or the formats on stdout: 0, or
 * 1 after a line. */
static int write_report(const report *r, int formats, const char *out)
{
    char why[6144];
    if (out == NULL) {
        write_stdout(r, formats);
        return fflush(stdout) != 0;
    }
    if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "osslbench report: %s: %s\n", out, strerror(errno));
        return 1;
    }
    if (report_files_write(r, formats, out, why, sizeof why))
        return 0;
    fprintf(stderr, "osslbench report: %s\n", why);
    return 1;
}

/* One results file's report (not the page): its exit status. */
static int report_one(const char *input, const char *baseline, int formats, const char *out)
{
    char why[6144], path[4096];
    result_set set;
    if (!csv_read_input(input, &set, path, sizeof path, why, sizeof why)) {
        fprintf(stderr, "osslbench report: %s\n", why);
        return 2;
    }
    if (set.warning[0] != '\0')
        fprintf(stderr, "osslbench report: warning: %s\n", set.warning);
    int status = 1;
    report r;
    if (formats == F_JSON) { /* every row, counts included: no report model needed */
        status = write_json(&set, strcmp(input, "-") == 0 ? NULL : path, out);
    } else if (!report_init(&r, &set, baseline, why, sizeof why)) {
        fprintf(stderr, "osslbench report: %s: %s\n", path, why);
    } else {
        status = write_report(&r, formats, out);
        report_free(&r);
    }
    result_set_free(&set);
    return status;
}

int cmd_report(int argc, char **argv)
{
    report_args a = {0};
    int rc = option_parse(&report_option_table, argc, argv, &a);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? 0 : rc;
    const char *input = a.ninputs > 0 ? a.inputs[0] : NULL;
    if (!options_agree(&a))
        return 2;
    if (a.ninputs > 1) {
        char title[PATH_MAX + 32];
        report_page_title(title, sizeof title, a.out != NULL ? a.out : ".");
        a.html.title = title;
        return report_hosts_command(a.inputs, a.ninputs, a.reference, a.formats, a.out, &a.html);
    }
    if (input == NULL && !(a.formats == F_HTML && a.html.notes != NULL)) {
        fputs("osslbench report: no results file given (try --help)\n", stderr);
        return 2;
    }
    if (a.formats == F_HTML) { /* the one page function make compare calls too */
        char why[6144];
        report_page_job job = {.input = input, .baseline = a.baseline, .out = a.out,
                               .src = a.html, .warn = true};
        int status = report_page_write(&job, why, sizeof why);
        if (status != 0)
            fprintf(stderr, "osslbench report: %s\n", why);
        return status;
    }
    int formats = a.formats != 0 ? a.formats : a.out != NULL ? F_ALL : F_TERM;
    if ((formats & F_DAT) && a.out == NULL) {
        fputs("osslbench report: --format dat writes files: give --out DIR\n", stderr);
        return 2;
    }
    return report_one(input, a.baseline, formats, a.out);
}
