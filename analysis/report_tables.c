/* The speed-up table vs the baseline: terminal, CSV and Markdown. */
#include "derived_csv.h"
#include "../csv/units.h"
#include "markdown.h"

#include <string.h>

/* Points that share a workload and API path form one table. */
static bool same_group(const report_point *a, const report_point *b)
{
    return strcmp(a->workload, b->workload) == 0 && strcmp(a->api, b->api) == 0;
}

/* "16 B", "sign"; with workers "16 B, 2 threads". */
static void row_name(const report_point *p, char *buf, size_t n)
{
    char workers[32];
    report_workers_name(p, workers, sizeof workers);
    if (report_point_is_ops(p))
        snprintf(buf, n, "%s", p->op);
    else
        report_size_name(p->bytes, buf, n);
    size_t len = strlen(buf);
    if (workers[0] != '\0' && len < n)
        snprintf(buf + len, n - len, ", %s", workers);
}

/* Why a cell has no ratio: the release's status, or the baseline's. */
static const char *missing_reason(const report *r, size_t rel, const report_point *p)
{
    const result_row *row = report_find_any(r, rel, p);
    if (row == NULL)
        return "-";
    if (row->status != ST_OK)
        return row_status_name(row->status);
    const result_row *base = report_find_any(r, r->baseline, p);
    return base == NULL || base->status == ST_UNSUPPORTED ? "baseline n/a" : "baseline failed";
}

/* Does the baseline have a result anywhere in the group starting at pt[i]?
 * A group it lacks entirely (fetch vs a 1.1.1 baseline) gets one line. */
static bool baseline_in_group(const report *r, size_t i, bool whole_workload)
{
    const report_point *g = &r->pt[i];
    for (; i < r->npt && strcmp(r->pt[i].workload, g->workload) == 0 &&
           (whole_workload || strcmp(r->pt[i].api, g->api) == 0);
         i++)
        if (report_find(r, r->baseline, &r->pt[i]) != NULL)
            return true;
    return false;
}

/* Cells without an interval say so (report_ratio.c), and so do ratios
 * with a disturbed row on a side (report_row_disturbed). */
enum { MARK_NO_CI = 1, MARK_DISTURBED = 2 };

static void ratio_cell(const report *r, size_t rel, const report_point *p, char *buf, size_t n,
                       unsigned *marks)
{
    report_ratio q = report_speedup(report_find(r, rel, p), report_find(r, r->baseline, p));
    if (q.method == CI_NONE) {
        snprintf(buf, n, "%s", missing_reason(r, rel, p));
    } else if (q.method == CI_NO_CI) {
        snprintf(buf, n, "%.2f (no CI)", q.ratio);
        *marks |= MARK_NO_CI;
    } else {
        snprintf(buf, n, "%.2f [%.2f,%.2f]%s", q.ratio, q.lo, q.hi, q.disturbed ? "~" : "");
        *marks |= q.disturbed ? MARK_DISTURBED : 0;
    }
}

static void footnotes(FILE *f, unsigned marks, const char *tilde)
{
    if (marks & MARK_DISTURBED)
        fprintf(f, "\n%s measured while another process had the machine: samples of this release "
                   "or the baseline stayed disturbed (the CSV's disturbed and retaken columns; "
                   "metadata.txt says by what).\n", tilde);
    if (marks & MARK_NO_CI)
        fputs("\n(no CI): a side has no visits (a file of an older osslbench) or a single sample: "
              "the ratio of the rates, no interval.\n", f);
}

void report_write_term(const report *r, FILE *f)
{
    const report_release *base = &r->rel[r->baseline];
    fprintf(f, "Speed-up vs %s (rate / baseline rate, [95%% CI]; >1 = faster)\n",
            base->label);
    int width = 20, first = report_has_workers(r) ? 22 : 10;
    unsigned marks = 0;
    for (size_t k = 0; k < r->nrel; k++)
        if ((int)strlen(r->rel[k].label) + 2 > width)
            width = (int)strlen(r->rel[k].label) + 2;
    /* A row name as long as the column (der-pubkey, write-read) keeps a space before its cell. */
    for (size_t i = 0; i < r->npt; i++) {
        char name[64];
        row_name(&r->pt[i], name, sizeof name);
        if ((int)strlen(name) + 1 > first)
            first = (int)strlen(name) + 1;
    }
    for (size_t i = 0; i < r->npt;) {
        const report_point *g = &r->pt[i];
        fprintf(f, "\n%s, %s API (%s)\n", g->workload, g->api,
                report_point_is_ops(g) ? UNIT_OPS : g->op);
        if (!baseline_in_group(r, i, false)) {
            fprintf(f, "  no ratios: %s has no %s result for the %s API\n", base->label,
                    g->workload, g->api);
            while (i < r->npt && same_group(&r->pt[i], g))
                i++;
            continue;
        }
        fprintf(f, "  %-*s", first, "");
        size_t last = r->nrel - 1 == r->baseline ? r->nrel - 2 : r->nrel - 1;
        for (size_t k = 0; k < r->nrel; k++)
            if (k != r->baseline)
                fprintf(f, "%-*s", k == last ? 0 : width, r->rel[k].label);
        fputc('\n', f);
        for (; i < r->npt && same_group(&r->pt[i], g); i++) {
            char name[64], cell[64];
            row_name(&r->pt[i], name, sizeof name);
            fprintf(f, "  %-*s", first, name);
            for (size_t k = 0; k < r->nrel; k++) {
                if (k == r->baseline)
                    continue;
                ratio_cell(r, k, &r->pt[i], cell, sizeof cell, &marks);
                fprintf(f, "%-*s", k == last ? 0 : width, cell);
            }
            fputc('\n', f);
        }
    }
    footnotes(f, marks, "~");
}

void report_write_csv(const report *r, FILE *f)
{
    ratio_csv_header(f, RATIO_CSV_SPEEDUP);
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        const result_row *b = report_find(r, r->baseline, p);
        for (size_t k = 0; k < r->nrel; k++) {
            if (k == r->baseline)
                continue;
            const result_row *any = report_find_any(r, k, p);
            const result_row *row = any != NULL && any->status == ST_OK ? any : NULL;
            ratio_csv_line l = {k, p, any, row, b, report_speedup(row, b)};
            ratio_csv_row(f, r, RATIO_CSV_SPEEDUP, &l);
        }
    }
}

/* A workload's heading and its table's head: the API path, the block size
 * or operation, a column per release but the baseline. */
static void md_table_head(const report *r, const report_point *first, FILE *f)
{
    bool pk = report_point_is_ops(first);
    fputs("\n### ", f);
    md_put_text(f, first->workload);
    fputs(" (", f);
    md_put_text(f, pk ? "operations per second" : first->op);
    fprintf(f, ")\n\n| API | %s |", pk ? "Operation" : "Block size");
    for (size_t k = 0; k < r->nrel; k++)
        if (k != r->baseline) {
            fputc(' ', f);
            md_put_text(f, r->rel[k].label);
            fputs(" |", f);
        }
    fputs("\n|---|---:|", f);
    for (size_t k = 0; k < r->nrel; k++)
        if (k != r->baseline)
            fputs("---:|", f);
    fputc('\n', f);
}

/* One point's line: each release's ratio to the baseline; the footnote
 * marks it needs. */
static unsigned md_point_row(const report *r, const report_point *p, FILE *f)
{
    unsigned marks = 0;
    char name[64];
    row_name(p, name, sizeof name);
    fputs("| ", f);
    md_put_text(f, p->api);
    fputs(" | ", f);
    md_put_text(f, name);
    fputs(" |", f);
    for (size_t k = 0; k < r->nrel; k++) {
        if (k == r->baseline)
            continue;
        report_ratio q = report_speedup(report_find(r, k, p), report_find(r, r->baseline, p));
        if (q.method == CI_NONE) {
            fprintf(f, " %s |", missing_reason(r, k, p));
        } else if (q.method == CI_NO_CI) {
            fprintf(f, " %.2f× (no CI) |", q.ratio);
            marks |= MARK_NO_CI;
        } else {
            fprintf(f, " %.2f× (%.2f–%.2f)%s |", q.ratio, q.lo, q.hi, q.disturbed ? "‡" : "");
            marks |= q.disturbed ? MARK_DISTURBED : 0;
        }
    }
    fputc('\n', f);
    return marks;
}

/* The API paths of a workload the baseline lacks, in one note. */
static void md_skipped(const report_release *base, const char *const *skipped, size_t nskipped,
                       FILE *f)
{
    for (size_t k = 0; k < nskipped; k++) {
        fputs(k ? ", " : "\n(No ratio for the ", f);
        md_put_text(f, skipped[k]);
        if (k + 1 == nskipped) {
            fprintf(f, " API%s: ", nskipped > 1 ? "s" : "");
            md_put_text(f, base->label);
            fputs(" has no such path.)\n", f);
        }
    }
}

void report_write_md(const report *r, FILE *f)
{
    const report_release *base = &r->rel[r->baseline];
    unsigned marks = 0;
    fputs("## Speed-up vs ", f);
    md_put_text(f, base->label);
    fputs("\n\nSpeed-up = rate / baseline rate at the same point (higher is faster), "
          "95% confidence interval in parentheses.\n",
          f);
    for (size_t i = 0; i < r->npt;) {
        const char *wl = r->pt[i].workload;
        const char *skipped[32];
        size_t nskipped = 0;
        if (!baseline_in_group(r, i, true)) {
            while (i < r->npt && strcmp(r->pt[i].workload, wl) == 0)
                i++;
            fputs("\n### ", f);
            md_put_text(f, wl);
            fputs("\n\nNo result for ", f);
            md_put_text(f, base->label);
            fputs(": no ratios.\n", f);
            continue;
        }
        md_table_head(r, &r->pt[i], f);
        for (; i < r->npt && strcmp(r->pt[i].workload, wl) == 0; i++) {
            const report_point *p = &r->pt[i];
            if (baseline_in_group(r, i, false))
                marks |= md_point_row(r, p, f);
            else if (i == 0 || !same_group(&r->pt[i - 1], p))
                skipped[nskipped < 32 ? nskipped++ : 31] = p->api;
        }
        md_skipped(base, skipped, nskipped, f);
    }
    footnotes(f, marks, "‡");
}
