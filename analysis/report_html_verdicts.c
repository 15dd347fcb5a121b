/* "What changed": the verdicts of `osslbench regress` (verdict_set.c, the
 * same rule and defaults) of one side against another, the significant
 * ones first and largest change first, each group with its chart. */
#include "report_html_parts.h"
#include "../csv/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Charts shown per comparison; later groups link to the charts section. */
enum { CHANGE_CHARTS_MAX = 12 };

size_t html_rows_of(const result_set *s, const char *label, const result_row ***rows)
{
    size_t n = 0;
    *rows = malloc((s->count + 1) * sizeof **rows);
    for (size_t i = 0; *rows != NULL && i < s->count; i++)
        if (strcmp(s->rows[i].label, label) == 0)
            (*rows)[n++] = &s->rows[i];
    return n;
}

static bool is_change(const verdict_point *p)
{
    verdict_kind v = p->result.verdict;
    return v == V_SLOWER || v == V_FASTER || v == V_FAILED;
}

static int by_change(const void *a, const void *b)
{
    const verdict_point *const *x = a, *const *y = b;
    double dx = verdict_change_size(&(*x)->result), dy = verdict_change_size(&(*y)->result);
    if (dx != dy)
        return dx > dy ? -1 : 1;
    return ((*x)->order > (*y)->order) - ((*x)->order < (*y)->order);
}

static void put_number(FILE *f, const char *fmt, double x)
{
    if (isfinite(x))
        fprintf(f, fmt, x);
    else
        fputs("-", f);
}

/* "sha256 · evp · 16 B"; next to a chart of one workload and API path
 * (not full, not api) "16 B" or "rsa2048 · sign". */
static void put_point_name(FILE *f, const verdict_point *p, bool full, bool api)
{
    char size[32];
    bool ops = unit_is_ops(p->unit);
    report_size_name(p->bytes, size, sizeof size);
    if (full || ops) {
        html_put(f, p->workload);
        fputs(" · ", f);
    }
    if (full || api) {
        html_put(f, p->api);
        fputs(" · ", f);
    }
    html_put(f, ops ? p->op : size);
    if (p->threads > 1 || p->procs > 1)
        fprintf(f, " · %u %s", p->threads * p->procs, p->procs > 1 ? "procs" : "threads");
}

/* full: the table of every point (full names, notes); else the table
 * beside one chart. */
static void table_head(FILE *f, bool full)
{
    fprintf(f, "<table class=\"verdicts\"><thead><tr><th>verdict</th><th>%s</th>"
               "<th>new/old</th><th>CI</th><th>p</th>%s</tr></thead><tbody>\n",
            full ? "point" : "at", full ? "<th>note</th>" : "");
}

static void table_row(FILE *f, const verdict_point *p, bool full, bool api)
{
    const verdict_result *v = &p->result;
    fprintf(f, "<tr class=\"%s\"><td>%s</td><td>", verdict_name(v->verdict),
            verdict_name(v->verdict));
    put_point_name(f, p, full, api);
    fputs("</td><td class=\"num\">", f);
    put_number(f, "%.3f×", v->ratio);
    fputs("</td><td class=\"num\">", f);
    if (isfinite(v->ratio_low) || isfinite(v->ratio_high)) {
        put_number(f, "%.3f", v->ratio_low);
        fputs(" – ", f);
        put_number(f, "%.3f", v->ratio_high);
    }
    fputs("</td><td class=\"num\">", f);
    if (isfinite(v->p_value) && v->p_value < 0.001)
        fputs("&lt;0.001", f);
    else
        put_number(f, "%.3f", v->p_value);
    fputs("</td>", f);
    if (full) {
        fputs("<td>", f);
        html_put(f, v->note);
        fputs("</td>", f);
    }
    fputs("</tr>\n", f);
}

static void put_summary(FILE *f, const verdict_table *t, verdict_rule rule)
{
    fprintf(f, "<p class=\"summary\"><b class=\"slower\">%zu slower</b>, "
               "<b class=\"faster\">%zu faster</b>, <b class=\"failed\">%zu failing</b>, "
               "%zu the same, %zu not comparable or on one side only (of %zu points). "
               "A change is at least %g%% and significant at %g (as osslbench regress).</p>\n",
            verdict_table_count(t, V_SLOWER), verdict_table_count(t, V_FASTER),
            verdict_table_count(t, V_FAILED), verdict_table_count(t, V_SAME),
            verdict_table_count(t, V_NOT_COMPARABLE) + verdict_table_count(t, V_ONLY_OLD) +
                verdict_table_count(t, V_ONLY_NEW),
            t->count, rule.threshold * 100, rule.alpha);
}

/* Each chart with the changes it shows, in the order of their largest. */
static void put_groups(html_page *pg, const html_changes *c, const verdict_point **ch, size_t n)
{
    char (*names)[200] = malloc((n + 1) * sizeof *names);
    bool *done = calloc(n + 1, sizeof *done);
    size_t charts = 0;
    for (size_t i = 0; names != NULL && done != NULL && i < n; i++)
        c->chart_of(c->ctx, ch[i], names[i], sizeof names[i]);
    for (size_t i = 0; names != NULL && done != NULL && i < n; i++) {
        if (done[i])
            continue;
        size_t k = html_chart_find(c->charts, names[i]);
        fprintf(pg->f, "<div class=\"change\">\n<h%d>", c->level + 1);
        if (k < c->charts->n)
            html_put(pg->f, c->charts->c[k].title);
        else
            put_point_name(pg->f, ch[i], true, true);
        fprintf(pg->f, "</h%d>\n", c->level + 1);
        table_head(pg->f, false);
        for (size_t j = i; j < n; j++)
            if (!done[j] && strcmp(names[j], names[i]) == 0) {
                table_row(pg->f, ch[j], false, !c->chart_per_api);
                done[j] = true;
            }
        fputs("</tbody></table>\n", pg->f);
        for (size_t j = i; j < n; j++) /* why a point fails, beside its table */
            if (strcmp(names[j], names[i]) == 0 && ch[j]->result.verdict == V_FAILED) {
                fputs("<p class=\"bad\">", pg->f);
                put_point_name(pg->f, ch[j], false, !c->chart_per_api);
                fputs(": ", pg->f);
                html_put(pg->f, ch[j]->result.note);
                fputs("</p>\n", pg->f);
            }
        if (k == c->charts->n) {
            html_put_no_chart(pg, names[i]);
        } else if (charts++ < CHANGE_CHARTS_MAX) {
            html_put_chart(pg, c->charts, k, false);
        } else {
            fputs("<p>Chart: <a href=\"#chart-", pg->f);
            html_put(pg->f, names[i]);
            fputs("\">", pg->f);
            html_put(pg->f, c->charts->c[k].title);
            fputs("</a></p>\n", pg->f);
        }
        for (size_t j = i; c->explained != NULL && j < n; j++)
            if (strcmp(names[j], names[i]) == 0)
                html_put_explanation(pg, c->explained, ch[j], c->old_label, c->new_label);
        fputs("</div>\n", pg->f);
    }
    free(names);
    free(done);
}

bool html_put_changes(html_page *pg, const html_changes *c, const result_row *const *old_rows,
                      size_t n_old, const result_row *const *new_rows, size_t n_new)
{
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    verdict_table t;
    if (!verdict_table_build(old_rows, n_old, new_rows, n_new, &rule, &t))
        return false;
    verdict_table_sort(&t);
    const verdict_point **ch = malloc((t.count + 1) * sizeof *ch);
    if (ch == NULL) {
        verdict_table_free(&t);
        return false;
    }
    size_t n = 0;
    for (size_t i = 0; i < t.count; i++)
        if (is_change(&t.points[i]))
            ch[n++] = &t.points[i];
    qsort(ch, n, sizeof *ch, by_change);
    fputs("<section class=\"changes\">\n", pg->f);
    html_heading(pg, c->level, NULL, c->heading);
    put_summary(pg->f, &t, rule);
    if (n == 0)
        fputs("<p class=\"calm\">No significant change.</p>\n", pg->f);
    put_groups(pg, c, ch, n);
    fprintf(pg->f, "<details><summary>Every point (%zu), slowest first</summary>\n", t.count);
    table_head(pg->f, true);
    for (size_t i = 0; i < t.count; i++)
        table_row(pg->f, &t.points[i], true, true);
    fputs("</tbody></table></details>\n</section>\n", pg->f);
    free(ch);
    verdict_table_free(&t);
    return true;
}
