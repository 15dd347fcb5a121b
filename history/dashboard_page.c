/* dash_write_page (dashboard.h): the index of points, a chart and a table
 * per point and host, then the runs each chart point links to. */
#include "dashboard.h"
#include "../analysis/html_escape.h"
#include "../analysis/report_html.h"
#include "../csv/units.h"

#include <math.h>
#include <string.h>

static void head(const dash_data *d, FILE *f)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"" HTML_PAGE_POLICY "\">\n"
          "<title>osslbench history</title>\n"
          "<style>body{font-family:sans-serif;margin:1.5em;max-width:80em}"
          "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;"
          "padding:2px 6px;text-align:left}td.n{text-align:right}.chg{color:#d00;font-weight:bold}"
          "</style></head><body>\n", f);
    fprintf(f, "<h1>osslbench history</h1>\n<p>%zu runs, %zu rows. Each chart is one point on "
               "one host: the rate of each library run after run, with its 95%% CI, as this "
               "machine gave it in that run (rates move with the machine). A ringed point is a "
               "change of that library: its ratio to the point's reference library, measured in "
               "the same run, moved by more than %.0f%% and its 95%% CI no longer overlaps the "
               "previous run's. A whole machine faster or slower is no library's change: it is "
               "named once per run, below and in the runs table. A point links to its run.</p>\n",
            d->nrun, d->nrow, 100 * DASH_CHANGE_THRESHOLD);
}

/* "1.3x (30% faster)" */
static void put_drift(FILE *f, double x)
{
    double pct = 100 * fabs(x - 1);
    fprintf(f, "&#215;%.3g (%.0f%% %s)", x, pct, pct < 0.5 ? "the same" : x > 1 ? "faster" : "slower");
}

/* Each run whose machine moved by more than the threshold, once. */
static void machine_drift(const dash_data *d, FILE *f)
{
    size_t n = 0;
    for (size_t i = 0; i < d->nrun; i++) {
        const dash_run *r = &d->run[i];
        if (!isfinite(r->drift) || fabs(r->drift - 1) <= DASH_CHANGE_THRESHOLD)
            continue;
        fputs(n++ ? "" : "<h2 id=\"drift\">The machine</h2>\n<ul>\n", f);
        fprintf(f, "<li><a href=\"#run-%zu\">run %zu</a> (", i + 1, i + 1);
        html_put(f, r->started);
        fputs(", host ", f);
        html_put(f, r->host);
        fputs("): this machine ran ", f);
        put_drift(f, r->drift);
        fprintf(f, " against run %zu, by the reference libraries' own rates (median of %zu points): "
                   "drift, no library's change</li>\n", r->drift_prev + 1, r->drift_points);
    }
    fputs(n ? "</ul>\n" : "", f);
}

/* What the rings of rows [a, b) were judged on. */
static void judged_on(const dash_data *d, size_t a, size_t b, FILE *f)
{
    size_t by[DASH_BY_RATE + 1] = {0};
    for (size_t i = a; i < b; i++)
        by[d->row[i].judged]++;
    const char *ref = dash_reference(d, a, b);
    fputs("<p>", f);
    if (ref != NULL) {
        fputs("Changes judged by each library's ratio to <b>", f);
        html_put(f, ref);
        fputs("</b> in the same run (the library measured beside others in the most runs here).", f);
    } else {
        fputs("No run measured a second library at this point: no ratio to judge by.", f);
    }
    if (by[DASH_BY_DRIFT])
        fprintf(f, " %zu rate%s without a ratio in one of the two runs: judged with the "
                   "machine's drift between the runs taken out.", by[DASH_BY_DRIFT],
                by[DASH_BY_DRIFT] > 1 ? "s" : "");
    if (by[DASH_BY_RATE])
        fprintf(f, " %zu rate%s judged as measured (no ratio, no drift known): a ring there may "
                   "be the machine.", by[DASH_BY_RATE], by[DASH_BY_RATE] > 1 ? "s" : "");
    fputs("</p>\n", f);
}

static void index_of_points(const dash_data *d, FILE *f)
{
    fputs("<h2 id=\"points\">Points</h2>\n<ul>\n", f);
    size_t k = 0;
    for (size_t a = 0; a < d->nrow; a = dash_group_end(d, a, false), k++) {
        size_t changes = 0, b = dash_group_end(d, a, false);
        for (size_t i = a; i < b; i++)
            changes += d->row[i].changed;
        fprintf(f, "<li><a href=\"#p-%zu\">", k);
        html_put(f, d->row[a].point);
        fputs("</a>", f);
        if (changes)
            fprintf(f, " <span class=\"chg\">%zu change%s</span>", changes, changes > 1 ? "s" : "");
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
}

/* The newest row of each library: its rate, CI and run. */
static void latest_table(const dash_data *d, size_t a, size_t b, FILE *f)
{
    double scale = unit_shown_scale(d->row[a].unit);
    fputs("<table><tr><th>library</th><th>newest run</th><th>rate (", f);
    html_put(f, unit_shown_name(d->row[a].unit));
    fputs(", this machine, that run)</th><th>95% CI</th><th>ratio to the reference</th>"
          "<th>runs</th></tr>\n", f);
    for (size_t i = a; i < b;) {
        size_t j = i + 1;
        while (j < b && strcmp(d->row[j].label, d->row[i].label) == 0)
            j++;
        const dash_row *r = &d->row[j - 1];
        fputs("<tr><td>", f);
        html_put(f, r->label);
        fprintf(f, "</td><td><a href=\"#run-%zu\">", r->run + 1);
        html_put(f, r->started);
        if (r->has_rate)
            fprintf(f, "</a></td><td class=\"n\">%.4g</td><td class=\"n\">%.4g – %.4g</td>",
                    r->rate * scale, r->lo * scale, r->hi * scale);
        else
            fputs("</a></td><td>no rate</td><td></td>", f);
        if (r->has_ratio)
            fprintf(f, "<td class=\"n\">%.3g</td>", r->ratio);
        else
            fputs("<td></td>", f);
        fprintf(f, "<td class=\"n\">%zu</td></tr>\n", j - i);
        i = j;
    }
    fputs("</table>\n", f);
}

static void runs_table(const dash_data *d, FILE *f)
{
    fputs("<h2 id=\"runs\">Runs</h2>\n<table><tr><th>#</th><th>run_id</th><th>started</th>"
          "<th>host</th><th>rows</th><th>machine against the previous run on its host</th>"
          "<th>imported from</th></tr>\n", f);
    for (size_t i = 0; i < d->nrun; i++) {
        const dash_run *r = &d->run[i];
        fprintf(f, "<tr id=\"run-%zu\"><td>%zu</td><td>", i + 1, i + 1);
        html_put(f, r->run_id);
        fputs("</td><td>", f);
        html_put(f, r->started);
        fputs("</td><td>", f);
        html_put(f, r->host);
        fprintf(f, "</td><td class=\"n\">%ld</td><td>", r->rows);
        if (isfinite(r->drift)) {
            put_drift(f, r->drift);
            fprintf(f, " against run %zu", r->drift_prev + 1);
        }
        fputs("</td><td>", f);
        html_put(f, r->source);
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

void dash_write_page(const dash_data *d, FILE *f)
{
    head(d, f);
    machine_drift(d, f);
    index_of_points(d, f);
    size_t k = 0;
    for (size_t p = 0, point_end; p < d->nrow; p = point_end, k++) {
        point_end = dash_group_end(d, p, false); /* once: a point of 20000 hosts took 2.2 s */
        fprintf(f, "<h2 id=\"p-%zu\">", k);
        html_put(f, d->row[p].point);
        fputs("</h2>\n", f);
        for (size_t a = p, b; a < point_end; a = b) {
            b = dash_group_end(d, a, true);
            fputs("<h3>host ", f);
            html_put(f, d->row[a].host);
            fputs("</h3>\n", f);
            judged_on(d, a, b, f);
            dash_write_chart(d, a, b, f);
            latest_table(d, a, b, f);
        }
    }
    runs_table(d, f);
    fputs("</body></html>\n", f);
}
