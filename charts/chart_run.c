/* draw.sh's job as a function (chart_draw.h): the fresh folder, the report
 * called in-process, the charts, the tables and where they are. */
#define _GNU_SOURCE
#include "../util/folder_remove.h"
#include "chart_draw.h"
#include "../cli/commands.h"
#include "../util/fd_redirect.h"

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

/* The report's tables and chart data into out, its stderr kept aside: on
 * failure its first line is the one said, and out goes. */
static bool report(const chart_job *job, const char *csv, const char *out)
{
    char err[4700];
    snprintf(err, sizeof err, "%s/report.err", out);
    char *argv[8] = {"report", "--out", (char *)out};
    int k = 3;
    if (job->baseline != NULL)
        argv[k++] = "--baseline", argv[k++] = (char *)job->baseline;
    argv[k++] = "--", argv[k++] = (char *)csv, argv[k] = NULL;
    fd_redirect r;
    if (!fd_redirect_begin(&r, 2, err, false))
        return die("cannot write %s", err), false;
    int rc = cmd_report(k, argv);
    fd_redirect_end(&r);
    FILE *f = fopen(err, "r");
    char *text = NULL;
    size_t len = 0;
    ssize_t got = f != NULL ? getdelim(&text, &len, '\0', f) : -1;
    if (f != NULL)
        fclose(f);
    if (rc != 0) {
        const char *msg = got > 0 ? text : "", *prefix = "osslbench report: ";
        size_t line = strcspn(msg, "\n");
        if (strncmp(msg, prefix, strlen(prefix)) == 0 && line >= strlen(prefix))
            msg += strlen(prefix), line -= strlen(prefix);
        fprintf(stderr, "plots: error: %.*s\n", (int)line, msg);
        folder_remove(out); /* only what this call just created */
    } else {
        if (got > 0) /* warnings of a report that succeeded are the user's to read */
            fwrite(text, 1, (size_t)got, stderr);
        remove(err);
    }
    free(text);
    return rc == 0;
}

static bool cat(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return die("cannot read %s", path), false;
    char buf[8192];
    for (size_t got; (got = fread(buf, 1, sizeof buf, f)) > 0;)
        fwrite(buf, 1, got, stdout);
    fclose(f);
    return true;
}

int chart_draw_run(const chart_job *job)
{
    char csv[4200], home[4200], out[4600], path[4800];
    const char *results = job->results;
    if (is_dir(results)) {
        struct stat st;
        snprintf(csv, sizeof csv, "%s/results.csv", results);
        if (lstat(csv, &st) != 0)
            return die("%s has no results.csv: not a benchmark run folder", results);
        /* the folder, not its results.csv: the report reads what it finds in
         * it by the folder rule (record/folder_file.h), never a symlink */
        snprintf(csv, sizeof csv, "%s", results);
        snprintf(home, sizeof home, "%s", results);
    } else if (is_file(results)) {
        snprintf(csv, sizeof csv, "%s", results);
        snprintf(path, sizeof path, "%s", results);
        snprintf(home, sizeof home, "%s", dirname(path));
    } else {
        return die("%s: no such run folder or file", results);
    }
    if (!fresh(home, job->out, out, sizeof out) || !report(job, csv, out))
        return 1;
    int drawn = chart_draw_list(job->plots_dir, out);
    snprintf(path, sizeof path, "%s/speedup.txt", out);
    if (!cat(path))
        return 1;
    char scaling[4700] = "", timeline[4700] = "";
    snprintf(path, sizeof path, "%s/scaling.txt", out);
    if (is_file(path)) {
        snprintf(scaling, sizeof scaling, ", %s/scaling.{txt,csv}", out);
        putchar('\n');
        if (!cat(path))
            return 1;
    }
    fflush(stdout);
    snprintf(path, sizeof path, "%s/timeline-releases.md", out);
    if (is_file(path))
        snprintf(timeline, sizeof timeline, ", %s/timeline-releases.md", out);
    fprintf(stderr, "plots: tables: %s/speedup.{txt,csv,md}, %s/speed-*.txt%s%s\n", out, out,
            scaling, timeline);
    fprintf(stderr, "plots: charts: %s/*.png, %s/*.svg\n", out, out);
    return drawn;
}
