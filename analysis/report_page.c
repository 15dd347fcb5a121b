/* report.html of one run (analysis/report_page.h): of a report model
 * built already, or of the results read and the model built first; the page
 * written whole or not at all. */
#include "report_page.h"

#include "../csv/csv.h"
#include "../record/folder_out.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void report_page_title(char *buf, size_t n, const char *dir)
{
    char copy[PATH_MAX];
    snprintf(copy, sizeof copy, "%s", dir);
    if (strcmp(copy, ".") == 0 && getcwd(copy, sizeof copy) == NULL)
        snprintf(copy, sizeof copy, ".");
    snprintf(buf, n, "osslbench report: %s", basename(copy));
}

typedef struct {
    const report *r;
    const html_sources *src;
} run_page;

static void write_run_page(const void *ctx, FILE *f)
{
    const run_page *p = ctx;
    if (p->r != NULL)
        report_write_html(p->r, p->src, f);
    else
        notes_write_html(p->src, f);
}

bool report_page_of(const report *r, html_sources src, const char *csv_path, const char *out,
                    char *why, size_t n)
{
    char dir[PATH_MAX], plots[PATH_MAX + 64], metadata[PATH_MAX + 64], title[PATH_MAX + 32];
    snprintf(dir, sizeof dir, "%s", csv_path != NULL ? csv_path : ".");
    char *run_dir = csv_path != NULL ? dirname(dir) : dir;
    html_plots_dir(run_dir, plots, sizeof plots);
    snprintf(metadata, sizeof metadata, "%s/metadata.txt", run_dir);
    report_page_title(title, sizeof title, out != NULL ? out : run_dir);
    src.title = title;
    src.metadata = csv_path != NULL ? metadata : NULL;
    src.explain_in = csv_path != NULL ? run_dir : NULL;
    if (src.charts_dir == NULL && csv_path != NULL)
        src.charts_dir = plots, src.charts_in = run_dir;
    run_page page = {.r = r, .src = &src};
    if (out != NULL) {
        if (mkdir(out, 0777) != 0 && errno != EEXIST) {
            snprintf(why, n, "%s: %s", out, strerror(errno));
            return false;
        }
        return folder_out_write(out, "report.html", write_run_page, &page, why, n);
    }
    write_run_page(&page, stdout);
    if (fflush(stdout) != 0) {
        snprintf(why, n, "(stdout): write error");
        return false;
    }
    return true;
}

int report_page_write(const report_page_job *job, char *why, size_t n)
{
    if (job->input == NULL)
        return report_page_of(NULL, job->src, NULL, job->out, why, n) ? 0 : 1;
    char path[4096], reason[6144];
    result_set set;
    if (!csv_read_input(job->input, &set, path, sizeof path, reason, sizeof reason)) {
        snprintf(why, n, "%s", reason);
        return 2;
    }
    if (job->warn && set.warning[0] != '\0')
        fprintf(stderr, "osslbench report: warning: %s\n", set.warning);
    report r;
    int status = 0;
    if (!report_init(&r, &set, job->baseline, reason, sizeof reason)) {
        snprintf(why, n, "%s: %s", path, reason);
        status = 1;
    } else {
        bool from_stdin = strcmp(job->input, "-") == 0;
        status = report_page_of(&r, job->src, from_stdin ? NULL : path, job->out, why, n) ? 0 : 1;
        report_free(&r);
    }
    result_set_free(&set);
    return status;
}
