/* explain for people: the terminal report and Markdown.  Each point: the
 * libraries' instructions per operation, the counters, then for each
 * library against the baseline the largest increases and decreases of
 * self cost, each with its share of the whole change. */
#include "explain_write.h"
#include "../csv/units.h"

#include "../analysis/markdown.h"
#include "../csv/text_visible.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

bool explain_format_parse(const char *s, explain_format *out)
{
    static const char *const names[] = {"term", "csv", "json", "md"};
    for (int i = 0; i < 4; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (explain_format)i;
            return true;
        }
    return false;
}

const char *diff_side(const point_diff *d, const function_change *c)
{
    (void)d;
    return c->base_fn == SIZE_MAX ? "only-this" : c->lib_fn == SIZE_MAX ? "only-baseline" : "both";
}

void explain_summary(const explained_point *p, const point_diff *d, size_t names, char *out,
                     size_t n)
{
    char total[48];
    unit_count_grouped(total, sizeof total, d->delta, true);
    size_t len = (size_t)snprintf(out, n, "%s instr/op", total);
    const function_change *c;
    for (size_t k = 0; d->delta != 0 && k < names && len < n &&
                       (c = diff_nth(d, k, d->delta > 0, 0)) != NULL;
         k++)
        len += (size_t)snprintf(out + len, n - len, "%s%.0f%% in %s", k ? ", " : ": ",
                                100 * c->delta / d->delta, c->name);
    (void)p;
}

/* ---- terminal ---- */

static void put_name(FILE *f, const char *name, int width)
{
    int w = (int)text_put_visible(f, name, false);
    for (; w < width; w++)
        fputc(' ', f);
}

static void put_cell(FILE *f, double v, bool present, bool sign)
{
    char s[48] = "-";
    if (present)
        unit_count_grouped(s, sizeof s, v, sign);
    fprintf(f, " %12s", s);
}

static void term_header(FILE *f, const explained_point *p)
{
    fprintf(f, "\n== %s %s %s", p->workload, p->api, p->op);
    if (p->bytes > 0)
        fprintf(f, " %" PRIu64 " B", p->bytes);
    fputs(" ==\n", f);
    const explained_lib *b = p->baseline != SIZE_MAX ? &p->lib[p->baseline] : NULL;
    for (size_t i = 0; i < p->nlib; i++) {
        const explained_lib *l = &p->lib[i];
        fputs("  ", f);
        put_name(f, l->row.label, 16);
        if (!l->profiled) {
            fprintf(f, " %s: ", row_status_name(l->row.status));
            text_put_visible(f, l->row.note, false);
            fputc('\n', f);
            continue;
        }
        put_cell(f, lib_total_per_op(l), true, false);
        fputs(" instr/op", f);
        if (i == p->baseline)
            fputs("  (baseline)", f);
        else if (b != NULL) {
            put_cell(f, lib_total_per_op(l) - lib_total_per_op(b), true, true);
            fprintf(f, " (%.2fx)", lib_total_per_op(l) / lib_total_per_op(b));
        }
        fputc('\n', f);
    }
}

static void term_counters(FILE *f, const explained_point *p)
{
    fprintf(f, "\n  %-24s", "per operation");
    for (size_t i = 0; i < p->nlib; i++)
        if (p->lib[i].profiled)
            fprintf(f, " %12.12s", p->lib[i].row.label);
    fputc('\n', f);
    for (int c = 0; c < COUNTER_COUNT; c++) {
        bool any = false;
        for (size_t i = 0; i < p->nlib; i++)
            any = any || (p->lib[i].profiled && p->lib[i].counter_calls[c] > 0);
        if (!any)
            continue;
        fprintf(f, "  %-24s", counter_name((counter_id)c));
        for (size_t i = 0; i < p->nlib; i++)
            if (p->lib[i].profiled)
                put_cell(f, p->lib[i].counter_calls[c], true, false);
        fputc('\n', f);
    }
}

static void term_change(FILE *f, const function_change *c, const point_diff *d)
{
    fputs("    ", f);
    put_name(f, c->name, 40);
    put_cell(f, c->base_self, c->base_fn != SIZE_MAX, false);
    put_cell(f, c->lib_self, c->lib_fn != SIZE_MAX, false);
    put_cell(f, c->delta, true, true);
    if (d->delta != 0)
        fprintf(f, " %6.1f%%", 100 * c->delta / d->delta);
    else
        fprintf(f, " %7s", "-");
    put_cell(f, c->lib_calls, c->lib_fn != SIZE_MAX, false);
    if (c->base_fn == SIZE_MAX || c->lib_fn == SIZE_MAX)
        fprintf(f, "  %s", c->base_fn == SIZE_MAX ? "new" : "gone");
    fputc('\n', f);
}

/* The `top` largest changes one way: increases from the front, decreases
 * from the back. */
static void term_list(FILE *f, const point_diff *d, size_t top, bool increases)
{
    const function_change *c;
    size_t k = 0;
    for (; k < top && (c = diff_nth(d, k, increases, 0)) != NULL; k++)
        term_change(f, c, d);
    if (k == 0)
        fputs("    (none)\n", f);
}

static void one_side(const point_diff *d, bool base_side, size_t *count, double *cost)
{
    *count = 0, *cost = 0;
    for (size_t k = 0; k < d->nfn; k++)
        if ((base_side ? d->fn[k].lib_fn : d->fn[k].base_fn) == SIZE_MAX) {
            (*count)++;
            *cost += base_side ? d->fn[k].base_self : d->fn[k].lib_self;
        }
}

static void term_diff(FILE *f, const explained_point *p, const point_diff *d, size_t top)
{
    const char *lab = p->lib[d->lib].row.label, *base = p->lib[p->baseline].row.label;
    char total[48];
    unit_count_grouped(total, sizeof total, d->delta, true);
    fprintf(f, "\n  %s against %s: %s instr/op\n", lab, base, total);
    fprintf(f, "    %-40s %12.12s %12.12s %12s %7s %12s\n", "largest increases (self)", base, lab,
            "change", "share", "calls/op");
    term_list(f, d, top, true);
    fprintf(f, "    %-40s\n", "largest decreases (self)");
    term_list(f, d, top, false);
    size_t nnew, ngone;
    double cnew, cgone;
    one_side(d, false, &nnew, &cnew);
    one_side(d, true, &ngone, &cgone);
    char a[48], b[48];
    unit_count_grouped(a, sizeof a, cnew, false);
    unit_count_grouped(b, sizeof b, cgone, false);
    fprintf(f, "    only in %s: %zu functions, %s instr/op; only in %s: %zu, %s instr/op\n", lab,
            nnew, a, base, ngone, b);
}

/* ---- Markdown ---- */

static void md_cell(FILE *f, double v, bool present, bool sign)
{
    char s[48] = "-";
    if (present)
        unit_count_grouped(s, sizeof s, v, sign);
    fprintf(f, " %s |", s);
}

static void md_list(FILE *f, const point_diff *d, size_t top, bool increases)
{
    const function_change *c;
    for (size_t k = 0; k < top && (c = diff_nth(d, k, increases, 0)) != NULL; k++) {
        fputs("| ", f);
        md_put_text(f, c->name);
        fputs(" |", f);
        md_cell(f, c->base_self, c->base_fn != SIZE_MAX, false);
        md_cell(f, c->lib_self, c->lib_fn != SIZE_MAX, false);
        md_cell(f, c->delta, true, true);
        if (d->delta != 0)
            fprintf(f, " %.1f%% |", 100 * c->delta / d->delta);
        else
            fputs(" - |", f);
        md_cell(f, c->lib_calls, c->lib_fn != SIZE_MAX, false);
        fputc('\n', f);
    }
}

static void md_point(FILE *f, const explained_point *p, size_t top)
{
    fprintf(f, "\n### %s %s %s", p->workload, p->api, p->op);
    if (p->bytes > 0)
        fprintf(f, " %" PRIu64 " B", p->bytes);
    fputs("\n\n| per operation |", f);
    for (size_t i = 0; i < p->nlib; i++)
        if (p->lib[i].profiled)
            fputs(" ", f), md_put_text(f, p->lib[i].row.label), fputs(" |", f);
    fputs("\n|---|", f);
    for (size_t i = 0; i < p->nlib; i++)
        if (p->lib[i].profiled)
            fputs("--:|", f);
    fputs("\n| instructions |", f);
    for (size_t i = 0; i < p->nlib; i++)
        if (p->lib[i].profiled)
            md_cell(f, lib_total_per_op(&p->lib[i]), true, false);
    for (int c = 0; c < COUNTER_COUNT; c++) {
        fprintf(f, "\n| %s |", counter_name((counter_id)c));
        for (size_t i = 0; i < p->nlib; i++)
            if (p->lib[i].profiled)
                md_cell(f, p->lib[i].counter_calls[c], true, false);
    }
    fputc('\n', f);
    for (size_t i = 0; i < p->ndiff; i++) {
        const point_diff *d = &p->diff[i];
        char total[48];
        unit_count_grouped(total, sizeof total, d->delta, true);
        fputs("\n", f);
        md_put_text(f, p->lib[d->lib].row.label);
        fputs(" against ", f);
        md_put_text(f, p->lib[p->baseline].row.label);
        fprintf(f, ": %s instr/op\n\n| function (self) | ", total);
        md_put_text(f, p->lib[p->baseline].row.label);
        fputs(" | ", f);
        md_put_text(f, p->lib[d->lib].row.label);
        fputs(" | change | share | calls/op |\n|---|--:|--:|--:|--:|--:|\n", f);
        md_list(f, d, top, true);
        md_list(f, d, top, false);
    }
}

/* ---- the writer ---- */

void explain_write_begin(explain_writer *w)
{
    if (w->format == EXPLAIN_CSV)
        explain_csv_header(w->f);
    else if (w->format == EXPLAIN_JSON)
        fputs("{\"schema\": \"osslbench-explain/1\", \"points\": [", w->f);
    else if (w->format == EXPLAIN_MD)
        fputs("## Where the instructions go (osslbench explain)\n", w->f);
}

void explain_write_point(explain_writer *w, const explained_point *p)
{
    switch (w->format) {
    case EXPLAIN_CSV:
        explain_csv_point(w->f, p);
        break;
    case EXPLAIN_JSON:
        explain_json_point(w->f, p, w->points == 0);
        break;
    case EXPLAIN_MD:
        if (p->baseline != SIZE_MAX)
            md_point(w->f, p, w->top);
        break;
    case EXPLAIN_TERM:
        term_header(w->f, p);
        if (p->baseline == SIZE_MAX)
            break;
        term_counters(w->f, p);
        for (size_t i = 0; i < p->ndiff; i++)
            term_diff(w->f, p, &p->diff[i], w->top);
        break;
    }
    w->points++;
    fflush(w->f);
}

void explain_write_end(explain_writer *w)
{
    if (w->format == EXPLAIN_JSON)
        fputs("\n]}\n", w->f);
    fflush(w->f);
}
