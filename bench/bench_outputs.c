#define _GNU_SOURCE
#include "bench_outputs.h"
#include "bench_say.h"
#include "../charts/chart_draw.h"
#include "../analysis/regress.h"
#include "../record/meta_text.h"
#include "../analysis/report_page.h"
#include "../util/spawn.h"
#include "../analysis/report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bench_write_metadata(FILE *f, const char *const *knobs, size_t nknobs, const bench_libs *libs,
                          const char *baseline, long seconds, int rc, bool interrupted)
{
    char *cmd = NULL, line[4096 + 256], labels[MAX_LIBS * LABEL_SIZE] = "";
    size_t len = 0;
    FILE *m = open_memstream(&cmd, &len);
    if (m == NULL)
        abort();
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
}

void bench_count_results(const result_set *set, const char *given, bench_results *out)
{
    char oldest[LABEL_SIZE];
    *out = (bench_results){.rows = (long)set->count};
    snprintf(out->baseline, sizeof out->baseline, "%s", given ? given : "oldest release");
    for (size_t i = 0; i < set->count; i++)
        out->failed += row_status_is_failure(set->rows[i].status);
    if (given == NULL && report_oldest_release(set, oldest))
        snprintf(out->baseline, sizeof out->baseline, "%s", oldest);
}

/* Instruction counts are no rates: no speed-up charts, but each release's
 * verdict against the baseline, decided on the counts (verdicts.md). */
void bench_count_verdicts(const bench_libs *libs, const char *dir, const result_set *set,
                          const char *base)
{
    char md[4200], csv[4200], why[6144];
    snprintf(md, sizeof md, "%s/verdicts.md", dir);
    snprintf(csv, sizeof csv, "%s/results.csv", dir);
    FILE *f = fopen(md, "w");
    if (f == NULL) {
        bench_say("cannot write %s: %s", md, strerror(errno));
        return;
    }
    for (size_t i = 0; i < libs->count; i++) {
        if (strcmp(libs->lib[i].label, base) == 0)
            continue;
        regress_side old_side = {.set = set, .path = csv, .label = base};
        regress_side new_side = {.set = set, .path = csv, .label = libs->lib[i].label};
        verdict_rule rule = VERDICT_RULE_DEFAULT;
        if (regress_verdicts(&old_side, &new_side, &rule, VF_MD, false, f, why, sizeof why) ==
            REGRESS_REFUSED) /* its messages beside its verdicts, as regress's stderr was */
            fprintf(f, "osslbench regress: %s\n", why);
        fputc('\n', f);
    }
    if (fclose(f) != 0)
        bench_say("cannot write %s: %s", md, strerror(errno));
}

int bench_draw_charts(const char *repo, const char *dir, const report *r, const char *why)
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
    if (r == NULL)
        return fprintf(stderr, "plots: error: %s\n", why), 1;
    chart_job job = {.plots_dir = plots, .results = dir, .out = out};
    return chart_draw_report(&job, r);
}

bool bench_write_page(const char *dir, const report *r, const run_result *res, char *why, size_t n)
{
    char csv[4200];
    snprintf(csv, sizeof csv, "%s/results.csv", dir);
    html_sources src = {.metadata_text = res->metadata, .metadata_len = res->metadata_len};
    return report_page_of(r, src, csv, dir, why, n);
}
