/* Scaling charts: one per workload and API path, a panel per operation and
 * size, a line per release and worker kind (threads solid, processes
 * dashed), x = workers, y = rate / one-worker rate (report_scaling.c's
 * ratio), with the diagonal. */
#include "report_charts.h"

#include <inttypes.h>
#include <string.h>

static unsigned workers_of(const report_point *p)
{
    return (p->threads ? p->threads : 1) * (p->procs ? p->procs : 1);
}

static bool is_procs(const report_point *p)
{
    return p->procs > 1;
}

void chart_scaling(dat_ctx *c, size_t first)
{
    const report *r = c->r;
    const report_point *g = &r->pt[first];
    size_t end = first;
    while (end < r->npt && strcmp(r->pt[end].workload, g->workload) == 0 &&
           strcmp(r->pt[end].api, g->api) == 0)
        end++;
    /* Series: (release, threads|procs) with a ratio somewhere in the group. */
    size_t series_rel[128];
    bool series_procs[128];
    size_t ns = 0;
    unsigned most = 1;
    for (size_t k = 0; k < r->nrel; k++)
        for (int m = 0; m < 2; m++) {
            bool any = false;
            for (size_t i = first; i < end; i++) {
                const report_point *p = &r->pt[i];
                if (!report_point_serial(p) && is_procs(p) == (m == 1) &&
                    report_scaling_ratio(r, k, p).method != CI_NONE) {
                    any = true;
                    most = workers_of(p) > most ? workers_of(p) : most;
                }
            }
            if (any && ns < 128) {
                series_rel[ns] = k;
                series_procs[ns++] = m == 1;
            }
        }
    if (ns == 0)
        return;
    char name[160], colours[512] = "", modes[1024] = "", panels[1024] = "";
    dat_chart_name(name, sizeof name, CHART_SCALING, g->workload, g->api);
    FILE *f = dat_open(&c->out, name);
    if (f == NULL)
        return;
    for (size_t i = first; i < end; i++) {
        const report_point *one = &r->pt[i];
        if (!report_point_serial(one))
            continue;
        size_t len = strlen(panels);
        if (report_point_is_ops(one))
            snprintf(panels + len, sizeof panels - len, "%s%s", len ? " " : "", one->op);
        else
            snprintf(panels + len, sizeof panels - len, "%s%" PRIu64 "-byte", len ? " " : "",
                     one->bytes);
        for (size_t s = 0; s < ns; s++) {
            char head[96];
            snprintf(head, sizeof head, "%s %s", r->rel[series_rel[s]].label,
                     series_procs[s] ? "processes" : "threads");
            fputs("workers ", f);
            dat_string(f, head);
            fputs(" low high\n", f);
            bool base = report_find(r, series_rel[s], one) != NULL;
            fprintf(f, "1%s\n", base ? " 1 1 1" : " ? ? ?");
            for (size_t j = i + 1; j < end && report_point_same_op(&r->pt[j], one); j++) {
                if (is_procs(&r->pt[j]) != series_procs[s])
                    continue;
                fprintf(f, "%u", workers_of(&r->pt[j]));
                dat_ratio_values(f, report_scaling_ratio(r, series_rel[s], &r->pt[j]));
                fputc('\n', f);
            }
            fputs("\n\n", f);
        }
    }
    dat_close(&c->out, f);
    for (size_t s = 0; s < ns; s++) {
        dat_append_index(colours, sizeof colours, series_rel[s]);
        size_t len = strlen(modes);
        snprintf(modes + len, sizeof modes - len, "%s%s", len ? " " : "",
                 series_procs[s] ? "procs" : "threads");
    }
    dat_list_start(&c->out, CHART_SCALING, name, colours);
    fprintf(c->out.list, "%s: rate with N workers / rate with one, %s API\t%s\t%s\t%u\n",
            g->workload, g->api, panels, modes, most);
}
