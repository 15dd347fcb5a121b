/* The HTML page of one run: the page frame and the run's sections.  Every
 * piece of data goes through html_put (html_escape.c); charts are their SVGs
 * as data: images (report_html_charts.c), and the page's own policy forbids
 * script, remote loads and every source but data: images and its style. */
#include "report_html_parts.h"
#include "report_precision.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static const char style[] =
    "body{font-family:\"DejaVu Sans\",sans-serif;margin:1.2em auto;max-width:1180px;"
    "padding:0 1em;color:#222;line-height:1.35}\n"
    "h1{font-size:1.5em;margin:0 0 .2em}h2{margin-top:1.4em;border-bottom:2px solid #ddd}\n"
    "p.lead{color:#555;margin:.2em 0 1em}\n"
    "table{border-collapse:collapse;margin:.5em 0;font-size:.85em}\n"
    "th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left}td.num{text-align:right}\n"
    "caption{font-weight:bold;text-align:left;padding:.3em 0}\n"
    "tr.slower td,tr.failed td,p.bad,b.slower,b.failed{color:#a00}"
    "tr.faster td,b.faster{color:#060}tr.disturbed td{background:#fff4dc}\n"
    "p.summary{font-size:1.05em}p.calm{color:#060;font-weight:bold}\n"
    "div.change{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start;"
    "border-top:1px solid #eee;padding:.6em 0}\n"
    "div.change>h3,div.change>h4{flex:1 1 100%;margin:0}div.change table{flex:0 1 auto}\n"
    "div.change figure{flex:1 1 480px;margin:0}div.change figure img{max-width:620px}\n"
    "div.explain{flex:1 1 100%;border-left:3px solid #c9302c;padding-left:.8em}"
    "div.explain figure img{max-width:960px}div.explain details figure img{max-width:1200px}\n"
    "figure.chart{margin:1em 0}figure.chart img{width:100%;max-width:900px;height:auto}\n"
    "figcaption{font-size:.85em;color:#555}\n"
    "details{margin:.5em 0}summary{cursor:pointer;font-weight:bold}\n"
    "pre{background:#f7f7f7;padding:.6em;overflow-x:auto}table.meta th{background:#f4f4f4}\n"
    "nav a{margin-right:1em}\n";

void html_page_begin(html_page *pg, const html_sources *src)
{
    const char *title = src->title != NULL ? src->title : "osslbench report";
    /* The policy is a second wall behind the escaping and the images: were
     * markup ever to slip through, the browser still runs and fetches nothing. */
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"" HTML_PAGE_POLICY "\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          pg->f);
    html_put(pg->f, title);
    fprintf(pg->f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", style);
    html_heading(pg, 1, NULL, title);
    /* No clock time: the page is a function of the run's files alone, so
     * make compare and a later make report write the same bytes (the run's
     * own times are in its metadata). */
    fputs("<p class=\"lead\">Written by osslbench report from the results' files. Every chart is an "
          "image inside the page; the page needs no network and runs no script.</p>\n", pg->f);
    html_put_text_file(pg, src->notes, "notes");
}

void html_page_end(html_page *pg)
{
    fputs("</body></html>\n", pg->f);
    html_page_free(pg);
}

/* The speed-up chart of a point's workload (op/s: its family) and API path,
 * with a worker-count tag, as report_write_dat names it. */
static void run_chart_of(const void *ctx, const verdict_point *v, char *buf, size_t n)
{
    const report *r = ctx;
    const char *group = v->workload;
    for (size_t i = 0; i < r->npt; i++)
        if (strcmp(r->pt[i].workload, v->workload) == 0 && report_point_is_ops(&r->pt[i]))
            group = report_ops_group(&r->pt[i]);
    dat_chart_name(buf, n, CHART_SPEEDUP, group, v->api);
    if (v->threads > 1 || v->procs > 1)
        dat_workers_suffix(buf, n, v->threads, v->procs);
}

static void put_changes(html_page *pg, const report *r, const html_charts *charts,
                        const html_explained *explained, int level)
{
    const char *base = r->rel[r->baseline].label;
    const result_row **old_rows = NULL, **new_rows = NULL;
    size_t n_old = html_rows_of(r->set, base, &old_rows);
    if (r->nrel < 2)
        fputs("<p>One release only: nothing to compare.</p>\n", pg->f);
    for (size_t k = 0; old_rows != NULL && k < r->nrel; k++) {
        if (k == r->baseline)
            continue;
        size_t n_new = html_rows_of(r->set, r->rel[k].label, &new_rows);
        char heading[200];
        snprintf(heading, sizeof heading, "What changed: %s vs %s", r->rel[k].label, base);
        html_changes c = {.heading = heading, .charts = charts, .chart_of = run_chart_of,
                          .ctx = r, .level = level, .chart_per_api = true,
                          .explained = explained, .old_label = base,
                          .new_label = r->rel[k].label};
        if (new_rows == NULL || !html_put_changes(pg, &c, old_rows, n_old, new_rows, n_new))
            fputs("<p class=\"bad\">Out of memory: no verdicts.</p>\n", pg->f);
        free(new_rows);
    }
    free(old_rows);
}

/* A section per workload, in the run's order; op/s workloads' shared
 * charts (speed-up, op/s: one per family) in a section of their family, before
 * the first of them. */
static void put_charts(html_page *pg, const report *r, const html_charts *charts, int level)
{
    const char **groups = malloc((2 * r->workloads.n + 1) * sizeof *groups);
    size_t n = 0;
    for (size_t w = 0; groups != NULL && w < r->workloads.n; w++) {
        const char *name = r->workloads.name[w], *kind = NULL;
        for (size_t i = 0; i < r->npt; i++)
            if (strcmp(r->pt[i].workload, name) == 0 && report_point_is_ops(&r->pt[i]))
                kind = report_ops_group(&r->pt[i]);
        bool seen = false;
        for (size_t j = 0; kind != NULL && j < n && !seen; j++)
            seen = strcmp(groups[j], kind) == 0;
        if (kind != NULL && !seen && strcmp(kind, name) != 0)
            groups[n++] = kind;
        groups[n++] = name;
    }
    html_heading(pg, level, NULL, "Charts by workload");
    html_put_chart_groups(pg, charts, groups, n, level + 1);
    free(groups);
}

static void write_scaling(const void *r, FILE *f)
{
    report_write_scaling(r, f);
}

/* Precision is what the run reached, said beside the charts whatever it is:
 * no target makes an interval narrower than the host allows. */
static void put_precision(html_page *pg, const report *r)
{
    report_precision q;
    if (!report_precision_of(r, &q))
        return;
    fprintf(pg->f, "<p>Precision: %zu speed-up%s with a 95%% interval, median &plusmn;%.2f%%; "
                   "%.0f%% within &plusmn;1%%, %.0f%% within &plusmn;2%%. An interval says where "
                   "a second run's ratio lands (batch means over the run's visits); how often it "
                   "did, idle and beside a busy neighbour: osslbench's docs/method.md.</p>\n",
            q.intervals, q.intervals == 1 ? "" : "s", 100 * q.median_half, 100 * q.within_1,
            100 * q.within_2);
}

void html_put_run(html_page *pg, const report *r, const html_sources *src, int level)
{
    html_charts charts;
    html_charts_read(src->charts_in, src->charts_dir, &charts);
    fprintf(pg->f, "<p class=\"lead\">%zu release(s), %zu point(s); baseline ", r->nrel, r->npt);
    html_put(pg->f, r->rel[r->baseline].label);
    fputs(".</p>\n", pg->f);
    put_precision(pg, r);
    html_explained explained;
    html_explained_read(src->explain_in, &explained);
    html_put_explained_problem(pg, &explained);
    put_changes(pg, r, &charts, &explained, level);
    html_explained_free(&explained);
    put_charts(pg, r, &charts, level);
    html_heading(pg, level, NULL, "Tables and metadata");
    fprintf(pg->f, "<details><summary>Speed-up table (%zu rows)</summary>\n",
            r->npt * (r->nrel - 1));
    html_put_speedup_table(pg, r);
    fputs("</details>\n", pg->f);
    if (report_has_workers(r)) {
        fputs("<details><summary>Scaling with workers</summary>\n", pg->f);
        html_put_pre(pg, write_scaling, r);
        fputs("</details>\n", pg->f);
    }
    fputs("<details><summary>Metadata</summary>\n", pg->f);
    html_put_metadata(pg, src->metadata, src->metadata_text, src->metadata_len);
    fputs("</details>\n", pg->f);
    html_charts_free(&charts);
}

void report_write_html(const report *r, const html_sources *src, FILE *f)
{
    html_page pg = {.f = f};
    html_page_begin(&pg, src);
    html_put_run(&pg, r, src, 2);
    html_page_end(&pg);
}

void notes_write_html(const html_sources *src, FILE *f)
{
    html_page pg = {.f = f};
    html_page_begin(&pg, src);
    fputs("<p class=\"bad\">No results to report on.</p>\n", f);
    html_page_end(&pg);
}

void html_plots_dir(const char *run_dir, char *buf, size_t n)
{
    char newest[256] = "plots";
    DIR *d = opendir(run_dir);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;)
        if (strncmp(e->d_name, "plots-", 6) == 0 && strcmp(e->d_name, newest) > 0 &&
            strlen(e->d_name) < sizeof newest)
            snprintf(newest, sizeof newest, "%s", e->d_name);
    if (d != NULL)
        closedir(d);
    snprintf(buf, n, "%s", newest);
}
