/* The full tables of a page, from the model (folded at its end by the
 * caller), and the text files shown beside them. */
#include "report_html_parts.h"
#include "../record/folder_file.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void cell_text(FILE *f, const char *s)
{
    fputs("<td>", f);
    html_put(f, s);
    fputs("</td>", f);
}

static void cell_number(FILE *f, const char *fmt, double x)
{
    fputs("<td class=\"num\">", f);
    if (isfinite(x))
        fprintf(f, fmt, x);
    fputs("</td>", f);
}

static void point_cells(FILE *f, const report_point *p)
{
    char size[32], workers[32];
    report_size_name(p->bytes, size, sizeof size);
    report_workers_name(p, workers, sizeof workers);
    cell_text(f, p->workload);
    cell_text(f, p->api);
    cell_text(f, p->op);
    cell_text(f, report_point_is_ops(p) ? "" : size);
    cell_text(f, workers[0] ? workers : "1");
}

/* <table class="full"> with its caption ("<before><who><after>", who
 * escaped) and header cells (ours, as markup). */
static void table_open(FILE *f, const char *before, const char *who, const char *after,
                       const char *head)
{
    fprintf(f, "<table class=\"full\"><caption>%s", before);
    html_put(f, who);
    fprintf(f, "%s</caption>\n<thead><tr>%s</tr></thead><tbody>\n", after, head);
}

void html_put_speedup_table(html_page *pg, const report *r)
{
    FILE *f = pg->f;
    table_open(f, "Each release's rate / the baseline's (", r->rel[r->baseline].label,
               "), 95% CI",
               "<th>release</th><th>workload</th><th>api</th><th>op</th><th>size</th>"
               "<th>workers</th><th>ratio</th><th>low</th><th>high</th><th>CI method</th>"
               "<th>disturbed</th><th>status</th>");
    for (size_t k = 0; k < r->nrel; k++)
        for (size_t i = 0; k != r->baseline && i < r->npt; i++) {
            const report_point *p = &r->pt[i];
            const result_row *seen = report_find_any(r, k, p);
            report_ratio q = report_speedup(report_find(r, k, p), report_find(r, r->baseline, p));
            fputs(q.disturbed ? "<tr class=\"disturbed\">" : "<tr>", f);
            cell_text(f, r->rel[k].label);
            point_cells(f, p);
            cell_number(f, "%.3f", q.ratio);
            cell_number(f, "%.3f", q.lo);
            cell_number(f, "%.3f", q.hi);
            cell_text(f, q.method == CI_NONE ? "" : ci_method_name(q.method));
            cell_text(f, q.disturbed ? "yes: measured while another process had the machine" : "");
            cell_text(f, seen == NULL ? "missing" : row_status_name(seen->status));
            fputs("</tr>\n", f);
        }
    fputs("</tbody></table>\n", f);
}

void html_put_hosts_table(html_page *pg, const hosts_report *h)
{
    FILE *f = pg->f;
    table_open(f, "Rate per host; ratio = host / ", h->host[h->reference].label, ", 95% CI",
               "<th>release</th><th>workload</th><th>api</th><th>op</th><th>size</th>"
               "<th>workers</th><th>host</th><th>rate</th><th>ratio</th><th>low</th><th>high</th>"
               "<th>CI method</th><th>status</th>");
    for (size_t k = 0; k < h->nrel; k++)
        for (size_t j = 0; j < h->npt; j++)
            for (size_t i = 0; i < h->nhost; i++) {
                const report_point *p = &h->pt[j].p;
                const result_row *row = hosts_find_any(h, i, k, p);
                if (row == NULL)
                    continue;
                report_ratio q = hosts_ratio(h, i, k, p);
                fputs("<tr>", f);
                cell_text(f, h->rel[k].label);
                point_cells(f, p);
                cell_text(f, h->host[i].label);
                cell_number(f, "%.4g", row->status == ST_OK ? row->rate : NAN);
                cell_number(f, "%.3f", q.ratio);
                cell_number(f, "%.3f", q.lo);
                cell_number(f, "%.3f", q.hi);
                cell_text(f, q.method == CI_NONE ? "" : ci_method_name(q.method));
                cell_text(f, row_status_name(row->status));
                fputs("</tr>\n", f);
            }
    fputs("</tbody></table>\n", f);
}

void html_put_pre(html_page *pg, void (*w)(const void *, FILE *), const void *model)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (mem == NULL)
        return;
    w(model, mem);
    fclose(mem);
    fputs("<pre>", pg->f);
    html_put_n(pg->f, buf, len);
    fputs("</pre>\n", pg->f);
    free(buf);
}

/* A file the page shows that the folder refused (a symlink, a FIFO, too
 * large): said on the page, never followed. */
static FILE *open_shown(html_page *pg, const char *path)
{
    char why[128];
    FILE *in = folder_file_open(path, FOLDER_FILE_TEXT_MAX, why, sizeof why);
    if (in == NULL && strcmp(why, "missing") != 0) {
        fputs("<p class=\"bad\">", pg->f);
        html_put(pg->f, path);
        fputs(" not shown: ", pg->f);
        html_put(pg->f, why);
        fputs(".</p>\n", pg->f);
    }
    return in;
}

void html_put_text_file(html_page *pg, const char *path, const char *css_class)
{
    FILE *in = path != NULL ? open_shown(pg, path) : NULL;
    if (in == NULL)
        return;
    char *line = NULL;
    size_t cap = 0;
    fprintf(pg->f, "<pre class=\"%s\">\n", css_class); /* a first newline is not shown */
    while (folder_file_line(in, &line, &cap) >= 0) {
        html_put(pg->f, line);
        fputc('\n', pg->f);
    }
    fputs("</pre>\n", pg->f);
    free(line);
    fclose(in);
}

/* Values too long to read in a table row (cpu_flags, the command line, the
 * libraries), shown on request. */
static bool folded(const char *value)
{
    return strlen(value) > 100;
}

void html_put_metadata(html_page *pg, const char *path, const char *text, size_t len)
{
    FILE *in = text != NULL && len > 0 ? fmemopen((void *)text, len, "r")
               : path != NULL         ? open_shown(pg, path)
                                      : NULL;
    if (in == NULL) {
        fputs("<p>No metadata.txt.</p>\n", pg->f);
        return;
    }
    char *line = NULL;
    size_t cap = 0;
    fputs("<table class=\"meta\"><tbody>\n", pg->f);
    while (folder_file_line(in, &line, &cap) >= 0) {
        char *sep = strstr(line, ": ");
        const char *value = sep != NULL ? sep + 2 : "";
        if (sep != NULL)
            *sep = '\0';
        fputs("<tr><th>", pg->f);
        html_put(pg->f, line);
        fputs(folded(value) ? "</th><td><details><summary>show</summary>" : "</th><td>",
              pg->f);
        html_put(pg->f, value);
        fputs(folded(value) ? "</details></td></tr>\n" : "</td></tr>\n", pg->f);
    }
    fputs("</tbody></table>\n", pg->f);
    free(line);
    fclose(in);
}
