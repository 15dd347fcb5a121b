#define _GNU_SOURCE
#include "bench_outputs.h"
#include "bench_say.h"
#include "../charts/chart_draw.h"
#include "../cli/commands.h"
#include "../util/fd_redirect.h"
#include "../record/meta_text.h"
#include "report_page.h"
#include "../util/spawn.h"
#include "../analysis/report.h"
#include "../csv/csv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bench_append_metadata(const char *dir, const char *const *knobs, size_t nknobs,
                           const bench_libs *libs, const char *baseline, long seconds, int rc,
                           bool interrupted)
{
    char path[4200], *cmd = NULL, line[4096 + 256], labels[MAX_LIBS * LABEL_SIZE] = "";
    size_t len = 0;
    snprintf(path, sizeof path, "%s/metadata.txt", dir);
    FILE *f = fopen(path, "a"), *m = open_memstream(&cmd, &len);
    if (f == NULL || m == NULL) {
        bench_say("cannot add to %s", path);
        if (f) fclose(f);
        if (m) fclose(m), free(cmd);
        return;
    }
    fputs("make compare", m);
    for (size_t i = 0; i < nknobs; i++)
        fputc(' ', m), meta_put_shell_word(m, knobs[i]);
    fclose(m);
    meta_put_line(f, "make_command", cmd);
    free(cmd);
    bench_labels(libs, labels, sizeof labels);
    meta_put_line(f, "releases", labels);
    meta_put_line(f, "baseline", baseline);
    for (size_t i = 0; i < libs->count; i++) {
        snprintf(line, sizeof line, "%s %s %s", libs->lib[i].label, libs->lib[i].origin,
                 libs->lib[i].path);
        meta_put_line(f, "library", line);
    }
    snprintf(line, sizeof line, "%ld", seconds);
    meta_put_line(f, "wall_seconds", line);
    snprintf(line, sizeof line, "%d", rc);
    meta_put_line(f, "runner_exit", line);
    meta_put_line(f, "compare_interrupted", interrupted ? "yes" : "no");
    fclose(f);
}

/* Rows the runner wrote, and those that failed (not ok, not unsupported). */
void bench_read_results(const char *csv, const char *given, bench_results *out)
{
    result_set set;
    char path[4096], why[512], oldest[LABEL_SIZE];
    *out = (bench_results){.rows = 0};
    snprintf(out->baseline, sizeof out->baseline, "%s", given ? given : "oldest release");
    if (!csv_read_input(csv, &set, path, sizeof path, why, sizeof why))
        return;
    out->rows = (long)set.count;
    for (size_t i = 0; i < set.count; i++)
        out->failed += row_status_is_failure(set.rows[i].status);
    if (given == NULL && report_oldest_release(&set, oldest))
        snprintf(out->baseline, sizeof out->baseline, "%s", oldest);
    result_set_free(&set);
}

/* Instruction counts are no rates: no speed-up charts, but each release's
 * verdict against the baseline, decided on the counts (compare.md). */
void bench_compare_counts(const bench_libs *libs, const char *dir, const char *csv,
                           const char *base)
{
    char md[4200];
    snprintf(md, sizeof md, "%s/compare.md", dir);
    for (size_t i = 0; i < libs->count; i++) {
        if (strcmp(libs->lib[i].label, base) == 0)
            continue;
        char *argv[] = {"regress", "--format", "md", "--old-label", (char *)base,
                        "--new-label", (char *)libs->lib[i].label, "--", (char *)csv, NULL};
        fd_redirect out, err;
        if (!fd_redirect_begin(&out, 1, md, true)) {
            bench_say("cannot write %s: %s", md, strerror(errno));
            return;
        }
        if (fd_redirect_to(&err, 2, 1)) { /* its messages beside its verdicts, as they were */
            cmd_regress(9, argv);
            fd_redirect_end(&err);
        }
        fd_redirect_end(&out);
        FILE *f = fopen(md, "a");
        if (f != NULL)
            fputc('\n', f), fclose(f);
    }
}

int bench_draw_charts(const char *repo, const char *baseline, const char *dir)
{
    char plots[4096], out[4200];
    snprintf(plots, sizeof plots, "%s/plots", repo);
    snprintf(out, sizeof out, "%s/plots", dir);
    char gnuplot[4096];
    if (!spawn_which("gnuplot", gnuplot, sizeof gnuplot)) { /* as make plots: install it, or say how */
        char deps[4200];
        snprintf(deps, sizeof deps, "%s/tools/deps.sh", repo);
        char *argv[] = {deps, "charts", NULL};
        if (spawn_wait(argv, NULL, NULL) != 0)
            return 1;
    }
    chart_job job = {.plots_dir = plots, .results = dir, .out = out, .baseline = baseline};
    return chart_draw_run(&job);
}

bool bench_write_page(const char *dir, const char *baseline, char *why, size_t n)
{
    report_page_job job = {.input = dir, .baseline = baseline, .out = dir};
    return report_page_write(&job, why, n) == 0;
}
