/* timeline-releases.md: what changed at each step of a release history,
 * as the table a release note quotes ("3.1.8 vs 1.1.1w: sha256 16 B evp
 * −55%").  The verdicts are `osslbench regress`'s (verdict_set.c: the same
 * rule, the rows of one run paired by round); nothing is recomputed here.
 *
 * The steps: each OpenSSL release series (release_series) is represented
 * by its newest release in the run, and each is compared with the one
 * before it in release order; then each fork with the newest OpenSSL
 * release.  Every text from the CSV goes through md_put_text. */
#include "report.h"
#include "../csv/units.h"

#include "markdown.h"
#include "release_info.h"
#include "verdict_set.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The rows of one release, for verdict_table_build. */
static const result_row **rows_of(const report *r, size_t rel, size_t *n)
{
    const result_set *s = r->set;
    const result_row **rows = malloc((s->count + 1) * sizeof *rows);
    *n = 0;
    for (size_t i = 0; rows != NULL && i < s->count; i++)
        if (strcmp(s->rows[i].label, r->rel[rel].label) == 0)
            rows[(*n)++] = &s->rows[i];
    return rows;
}

static bool is_change(const verdict_point *p)
{
    verdict_kind v = p->result.verdict;
    return v == V_SLOWER || v == V_FASTER || v == V_FAILED;
}

/* Failures first, then the largest change either way. */
static double change_size(const verdict_point *p)
{
    double q = p->result.ratio;
    if (p->result.verdict == V_FAILED)
        return INFINITY;
    return isfinite(q) && q > 0 ? fabs(log(q)) : 0;
}

static int by_change(const void *a, const void *b)
{
    const verdict_point *const *x = a, *const *y = b;
    double dx = change_size(*x), dy = change_size(*y);
    if (dx != dy)
        return dx > dy ? -1 : 1;
    return ((*x)->order > (*y)->order) - ((*x)->order < (*y)->order);
}

/* "−55%", "+12%" (U+2212 minus), from a ratio new/old. */
static void put_percent(FILE *f, double ratio)
{
    if (!isfinite(ratio)) {
        fputs("–", f);
        return;
    }
    double pc = (ratio - 1.0) * 100.0;
    int digits = fabs(pc) < 10 ? 1 : 0;
    fprintf(f, "%s%.*f%%", pc < 0 ? "−" : "+", digits, fabs(pc));
}

static void put_release(FILE *f, const report_release *rel)
{
    char title[128];
    report_release_title(rel, title, sizeof title);
    md_put_text(f, title);
    if (rel->date[0] != '\0') {
        fputs(" (", f);
        md_put_text(f, rel->date);
        fputc(')', f);
    }
}

/* "sha256 16 B evp", "rsa2048 sign evp", "… 2 threads". */
static void put_point(FILE *f, const verdict_point *p)
{
    char size[32];
    report_size_name(p->bytes, size, sizeof size);
    md_put_text(f, p->workload);
    fputc(' ', f);
    md_put_text(f, unit_is_ops(p->unit) ? p->op : size);
    fputc(' ', f);
    md_put_text(f, p->api);
    if (p->threads > 1 || p->procs > 1)
        fprintf(f, " %u %s", p->threads * p->procs, p->procs > 1 ? "procs" : "threads");
}

static void put_step_row(FILE *f, const report_release *older, const report_release *newer,
                         const verdict_point *p)
{
    const verdict_result *v = &p->result;
    fputs("| ", f);
    md_put_text(f, newer->label);
    fputs(" vs ", f);
    md_put_text(f, older->label);
    fputs(" | ", f);
    put_point(f, p);
    fputs(" | ", f);
    if (v->verdict == V_FAILED) {
        fputs("**fails**: ", f);
        md_put_text(f, v->note);
        fputs(" | | |\n", f);
        return;
    }
    fputs(v->verdict == V_SLOWER ? "**" : "", f);
    put_percent(f, v->ratio);
    fputs(v->verdict == V_SLOWER ? "**" : "", f);
    fputs(" | ", f);
    if (isfinite(v->ratio_low) && isfinite(v->ratio_high)) {
        put_percent(f, v->ratio_low);
        fputs(" to ", f);
        put_percent(f, v->ratio_high);
    }
    fputs(" | ", f);
    if (isfinite(v->p_value))
        fprintf(f, v->p_value < 0.001 ? "<0.001" : "%.3f", v->p_value);
    fputs(" |\n", f);
}

/* One step: its heading and table, or the line that says nothing changed. */
static bool put_step(FILE *f, const report *r, size_t old_k, size_t new_k)
{
    size_t n_old, n_new;
    const result_row **o = rows_of(r, old_k, &n_old), **n = rows_of(r, new_k, &n_new);
    verdict_rule rule = VERDICT_RULE_DEFAULT;
    verdict_table t = {0};
    bool ok = o != NULL && n != NULL && verdict_table_build(o, n_old, n, n_new, &rule, &t);
    const verdict_point **ch = ok ? malloc((t.count + 1) * sizeof *ch) : NULL;
    size_t nch = 0;
    for (size_t i = 0; ch != NULL && i < t.count; i++)
        if (is_change(&t.points[i]))
            ch[nch++] = &t.points[i];
    if (ch != NULL) {
        qsort(ch, nch, sizeof *ch, by_change);
        fputs("## ", f);
        put_release(f, &r->rel[new_k]);
        fputs(" vs ", f);
        put_release(f, &r->rel[old_k]);
        fprintf(f, "\n\n%zu of %zu points changed (%zu slower, %zu faster, %zu failing).\n\n", nch,
                t.count, verdict_table_count(&t, V_SLOWER), verdict_table_count(&t, V_FASTER),
                verdict_table_count(&t, V_FAILED));
        if (nch > 0)
            fputs("| step | point | change | 95% CI | p |\n|---|---|--:|---|--:|\n", f);
        for (size_t i = 0; i < nch; i++)
            put_step_row(f, &r->rel[old_k], &r->rel[new_k], ch[i]);
        fputs(nch > 0 ? "\n" : "", f);
    }
    ok = ch != NULL;
    free(ch);
    verdict_table_free(&t);
    free(o);
    free(n);
    return ok;
}

/* The newest release of each OpenSSL series with an ok row, oldest first. */
static size_t series_ends(const report *r, size_t *end)
{
    size_t n = 0;
    char last[32] = "";
    for (size_t k = 0; k < r->nrel; k++) {
        const report_release *rel = &r->rel[k];
        char series[32];
        release_series(rel->version_num, rel->flavor, series, sizeof series);
        if (rel->ok_rows == 0 || series[0] == '\0')
            continue;
        if (n > 0 && strcmp(series, last) == 0)
            end[n - 1] = k; /* a newer release of the same series */
        else
            end[n++] = k;
        snprintf(last, sizeof last, "%s", series);
    }
    return n;
}

bool report_write_timeline_md(const report *r, FILE *f)
{
    size_t *end = malloc((r->nrel + 1) * sizeof *end);
    if (end == NULL)
        return false;
    size_t n = series_ends(r, end);
    fputs("# Release history: what changed from one release series to the next\n\n"
          "Releases in release order (OpenSSL by version, then the forks):", f);
    for (size_t k = 0, first = 1; k < r->nrel; k++)
        if (r->rel[k].ok_rows > 0) {
            fputs(first ? " " : ", ", f);
            put_release(f, &r->rel[k]);
            first = 0;
        }
    fprintf(f, ".\n\nEach series is its newest release here. A change is a verdict of "
               "`osslbench regress`: |new/old − 1| > %g%% and p < %g (one run: paired by "
               "visit, Student's t over batch means of the point's visits); change = new/old − 1 and its 95%% "
               "CI. Failures first, then the largest change.\n\n",
            VERDICT_RULE_DEFAULT.threshold * 100, VERDICT_RULE_DEFAULT.alpha);
    bool ok = true;
    for (size_t i = 1; ok && i < n; i++)
        ok = put_step(f, r, end[i - 1], end[i]);
    for (size_t k = 0; ok && n > 0 && k < r->nrel; k++)
        if (r->rel[k].ok_rows > 0 && r->rel[k].flavor != FLAVOR_OPENSSL && r->rel[k].version_num)
            ok = put_step(f, r, end[n - 1], k);
    free(end);
    return ok;
}
