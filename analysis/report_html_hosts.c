/* The HTML page of a fleet: what differs between hosts first (each host
 * against the reference, release by release), the charts across hosts,
 * then each host's own run as on its run page. */
#include "report_html_parts.h"
#include "../csv/units.h"

#include <libgen.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const hosts_report *h;
    size_t rel;
} cross_ctx;

/* The relative chart of the release and the point's group, as
 * hosts_write_dat names it ("relative-<release>-<workload, or ops>"). */
static void cross_chart_of(const void *ctx, const verdict_point *v, char *buf, size_t n)
{
    const cross_ctx *c = ctx;
    bool ops = unit_is_ops(v->unit);
    dat_chart_name(buf, n, CHART_RELATIVE, c->h->rel[c->rel].label, ops ? "ops" : v->workload);
}

static void put_cross_changes(html_page *pg, const hosts_report *h, const html_charts *charts)
{
    const char *ref = h->host[h->reference].label;
    for (size_t i = 0; i < h->nhost; i++) {
        if (i == h->reference)
            continue;
        for (size_t k = 0; k < h->nrel; k++) {
            unsigned long both = (1UL << i) | (1UL << h->reference);
            if ((h->rel[k].on & both) != both)
                continue;
            const result_row **old_rows = NULL, **new_rows = NULL;
            size_t n_old = html_rows_of(&h->host[h->reference].set, h->rel[k].label, &old_rows);
            size_t n_new = html_rows_of(&h->host[i].set, h->rel[k].label, &new_rows);
            char heading[256];
            snprintf(heading, sizeof heading, "What differs: %s on %s vs %s", h->rel[k].label,
                     h->host[i].label, ref);
            cross_ctx ctx = {.h = h, .rel = k};
            html_changes c = {.heading = heading, .charts = charts, .chart_of = cross_chart_of,
                              .ctx = &ctx, .level = 3};
            if (old_rows == NULL || new_rows == NULL ||
                !html_put_changes(pg, &c, old_rows, n_old, new_rows, n_new))
                fputs("<p class=\"bad\">Out of memory: no verdicts.</p>\n", pg->f);
            free(old_rows);
            free(new_rows);
        }
    }
}

static void write_coverage(const void *h, FILE *f)
{
    hosts_write_coverage(h, f);
}

static void put_host(html_page *pg, const hosts_host *host)
{
    char id[80], heading[80], dir[4096], plots[4200], metadata[4200], why[512];
    snprintf(id, sizeof id, "host-%s", host->label);
    snprintf(heading, sizeof heading, "Host %s", host->label);
    html_heading(pg, 2, id, heading);
    snprintf(dir, sizeof dir, "%s", host->csv);
    char *run_dir = dirname(dir);
    html_plots_dir(run_dir, plots, sizeof plots);
    snprintf(metadata, sizeof metadata, "%s/metadata.txt", run_dir);
    html_sources src = {.charts_dir = plots, .charts_in = run_dir, .metadata = metadata};
    report r;
    if (!report_init(&r, &host->set, NULL, why, sizeof why)) {
        fputs("<p class=\"bad\">", pg->f);
        html_put(pg->f, why);
        fputs("</p>\n", pg->f);
        return;
    }
    html_put_run(pg, &r, &src, 3);
    report_free(&r);
}

void hosts_write_html(const hosts_report *h, const html_sources *src, FILE *f)
{
    html_page pg = {.f = f};
    html_page_begin(&pg, src);
    fputs("<nav>", f);
    for (size_t i = 0; i < h->nhost; i++) {
        fputs("<a href=\"#host-", f);
        html_put(f, h->host[i].label);
        fputs("\">", f);
        html_put(f, h->host[i].label);
        fputs("</a>", f);
    }
    fputs("</nav>\n", f);
    html_heading(&pg, 2, NULL, "Across hosts");
    fprintf(f, "<p class=\"lead\">%zu hosts, %zu release(s); each host against ", h->nhost,
            h->nrel);
    html_put(f, h->host[h->reference].label);
    fputs(".</p>\n", f);
    html_charts charts;
    html_charts_read(src->charts_in, src->charts_dir, &charts);
    put_cross_changes(&pg, h, &charts);
    const char **groups = malloc((h->nrel + 1) * sizeof *groups);
    for (size_t k = 0; groups != NULL && k < h->nrel; k++)
        groups[k] = h->rel[k].label;
    html_heading(&pg, 3, NULL, "Charts across hosts");
    html_put_chart_groups(&pg, &charts, groups, groups != NULL ? h->nrel : 0, 4);
    free(groups);
    html_charts_free(&charts);
    html_heading(&pg, 3, NULL, "Releases per host");
    html_put_pre(&pg, write_coverage, h);
    fputs("<details><summary>Rates per host</summary>\n", f);
    html_put_hosts_table(&pg, h);
    fputs("</details>\n", f);
    for (size_t i = 0; i < h->nhost; i++)
        put_host(&pg, &h->host[i]);
    html_page_end(&pg);
}
