/* draw.sh's job as a function (chart_draw.h): the fresh folder, the
 * report's files written into it, the charts, the tables and where they
 * are. */
#define _GNU_SOURCE
#include "../util/folder_remove.h"
#include "chart_draw.h"
#include "../analysis/report_out.h"
#include "../csv/csv.h"

#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int die(const char *fmt, const char *a)
{
    fputs("plots: error: ", stderr);
    fprintf(stderr, fmt, a);
    fputc('\n', stderr);
    return 1;
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A fresh folder: mkdir (not -p) fails rather than reuse one. */
static bool fresh(const char *home, const char *given, char *out, size_t n)
{
    char base[4300], parent[4600];
    if (given != NULL) {
        snprintf(base, sizeof base, "%s", given);
    } else {
        snprintf(base, sizeof base, "%s/plots", home);
        if (access(base, F_OK) == 0) {
            char stamp[32];
            time_t now = time(NULL);
            strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", gmtime(&now));
            snprintf(base, sizeof base, "%s/plots-%s", home, stamp);
        }
    }
    snprintf(out, n, "%s", base);
    for (int k = 1; mkdir(out, 0777) != 0;) {
        snprintf(parent, sizeof parent, "%s", out);
        if (!is_dir(dirname(parent)))
            return die("cannot create %s (no such parent folder)", out), false;
        if (k++ >= 100)
            return die("cannot create a fresh folder next to %s", base), false;
        snprintf(out, n, "%s-%d", base, k);
    }
    return true;
}

/* Where a fresh folder for the files goes when none is named: the run
 * folder, or a CSV's own folder; false after a line. */
static bool home_of(const char *results, char *home, size_t n)
{
    char csv[4200], path[4200];
    struct stat st;
    snprintf(csv, sizeof csv, "%s/results.csv", results);
    if (is_dir(results) && lstat(csv, &st) != 0)
        return die("%s has no results.csv: not a benchmark run folder", results), false;
    if (is_dir(results)) {
        snprintf(home, n, "%s", results);
    } else if (is_file(results)) {
        snprintf(path, sizeof path, "%s", results);
        snprintf(home, n, "%s", dirname(path));
    } else {
        return die("%s: no such run folder or file", results), false;
    }
    return true;
}

/* The report of job->results (a run folder is read by the folder rule,
 * record/folder_file.h: never a symlink), its reader's warning said as
 * `osslbench report` says it; false after a "plots: error:" line. */
static bool read_report(const chart_job *job, result_set *set, report *r)
{
    char path[4096], why[6144];
    if (!csv_read_input(job->results, set, path, sizeof path, why, sizeof why))
        return die("%s", why), false;
    if (set->warning[0] != '\0')
        fprintf(stderr, "osslbench report: warning: %s\n", set->warning);
    if (report_init(r, set, job->baseline, why, sizeof why))
        return true;
    fprintf(stderr, "plots: error: %s: %s\n", path, why);
    result_set_free(set);
    return false;
}

/* The report's files into out, the charts drawn, the tables said. */
static int draw_into(const char *plots_dir, const report *r, const char *out)
{
    char why[6144], scaling[4700] = "", timeline[4700] = "";
    if (!report_files_write(r, F_ALL, out, why, sizeof why)) {
        fprintf(stderr, "plots: error: %s\n", why);
        folder_remove(out);
        return 1;
    }
    int drawn = chart_draw_list(plots_dir, out);
    report_write_term(r, stdout); /* speedup.txt, from the model that wrote it */
    if (report_has_workers(r)) {
        snprintf(scaling, sizeof scaling, ", %s/scaling.{txt,csv}", out);
        putchar('\n');
        report_write_scaling(r, stdout);
    }
    fflush(stdout);
    if (report_draws_timeline(r)) /* F_MD's timeline-releases.md */
        snprintf(timeline, sizeof timeline, ", %s/timeline-releases.md", out);
    fprintf(stderr, "plots: tables: %s/speedup.{txt,csv,md}, %s/speed-*.txt%s%s\n", out, out,
            scaling, timeline);
    fprintf(stderr, "plots: charts: %s/*.png, %s/*.svg\n", out, out);
    return drawn;
}

int chart_draw_run(const chart_job *job)
{
    char home[4200], out[4600];
    result_set set;
    report r;
    if (!home_of(job->results, home, sizeof home) || !fresh(home, job->out, out, sizeof out))
        return 1;
    if (!read_report(job, &set, &r)) {
        folder_remove(out); /* only what this call just created */
        return 1;
    }
    int drawn = draw_into(job->plots_dir, &r, out);
    report_free(&r);
    result_set_free(&set);
    return drawn;
}

int chart_draw_report(const chart_job *job, const report *r)
{
    char out[4600];
    if (!fresh(job->results, job->out, out, sizeof out))
        return 1;
    return draw_into(job->plots_dir, r, out);
}
