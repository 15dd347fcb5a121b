#include "verdict_format.h"
#include "../csv/text_visible.h"

#include "../csv/csv.h"
#include "../csv/units.h"
#include "markdown.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

bool verdict_format_parse(const char *name, verdict_format *out)
{
    static const struct {
        const char *name;
        verdict_format fmt;
    } formats[] = {{"term", VF_TERM}, {"csv", VF_CSV}, {"md", VF_MD}, {"markdown", VF_MD}};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
        if (strcmp(name, formats[i].name) == 0) {
            *out = formats[i].fmt;
            return true;
        }
    return false;
}

const char *const verdict_csv_columns[] = {
    "workload", "api", "op", "bytes", "threads", "procs", "unit", "old_label", "new_label", "old_rate",
    "new_rate", "ratio", "ratio_ci_low", "ratio_ci_high", "p_value", "method",
    "old_samples", "new_samples", "verdict", "note", NULL,
};

/* ---------------------------------------------------------------- helpers */

/* "sha256"; with several workers at once "sha256/2t" (threads), "sha256/2p". */
static const char *point_name(const verdict_point *p)
{
    static char buf[48];
    if (p->threads <= 1 && p->procs <= 1)
        return p->workload;
    snprintf(buf, sizeof buf, "%s/%u%c", p->workload, p->threads * p->procs,
             p->procs > 1 ? 'p' : 't');
    return buf;
}

static void fmt_ratio(char *buf, size_t n, double r)
{
    if (isnan(r))
        snprintf(buf, n, "-");
    else if (isinf(r))
        snprintf(buf, n, "inf");
    else
        snprintf(buf, n, "%.3f", r);
}

static void fmt_p(char *buf, size_t n, double p)
{
    if (isnan(p))
        snprintf(buf, n, "-");
    else if (p < 0.001)
        snprintf(buf, n, "<0.001");
    else
        snprintf(buf, n, "%.3f", p);
}

static void fmt_ci(char *buf, size_t n, const verdict_result *r)
{
    char lo[24], hi[24];
    if (isnan(r->ratio_low) && isnan(r->ratio_high)) {
        snprintf(buf, n, "-");
        return;
    }
    fmt_ratio(lo, sizeof lo, r->ratio_low);
    fmt_ratio(hi, sizeof hi, r->ratio_high);
    snprintf(buf, n, "[%s, %s]", lo, hi);
}

static double side_rate(const verdict_side *s)
{
    return s->present && s->status == ST_OK ? s->rate : NAN;
}

static void fmt_side(char *buf, size_t n, const verdict_side *s, const char *unit)
{
    if (!s->present)
        snprintf(buf, n, "(absent)");
    else if (s->status != ST_OK)
        snprintf(buf, n, "%s", row_status_name(s->status));
    else
        unit_human(buf, n, s->rate, unit, UNIT_FORM_TABLE);
}

/* The formatted cells of one point's table line. */
typedef struct {
    char o[32], n[32], r[24], ci[64], pv[16];
} cells;

static void format_cells(const verdict_point *p, cells *x)
{
    fmt_side(x->o, sizeof x->o, &p->old_side, p->unit);
    fmt_side(x->n, sizeof x->n, &p->new_side, p->unit);
    fmt_ratio(x->r, sizeof x->r, p->result.ratio);
    fmt_ci(x->ci, sizeof x->ci, &p->result);
    fmt_p(x->pv, sizeof x->pv, p->result.p_value);
}


static void csv_num(FILE *f, double v)
{
    if (!isnan(v))
        fprintf(f, isinf(v) ? "inf" : "%.10g", v);
}

/* Points in instructions are decided otherwise (verdict_decide_counts). */
static bool any_counts(const verdict_table *t)
{
    for (size_t i = 0; i < t->count; i++)
        if (unit_is_count(t->points[i].unit))
            return true;
    return false;
}

static void describe_counts(FILE *f, const verdict_table *t, const verdict_rule *rule)
{
    if (any_counts(t))
        fprintf(f, "instr/op points: instruction counts are exact, so the threshold alone "
                   "decides (|ratio - 1| > %g%%);\n      their ratio = OLD/NEW instructions "
                   "(below 1: NEW executes more)\n",
                rule->threshold * 100.0);
}

static void describe_rule(FILE *f, const verdict_rule *rule)
{
    fprintf(f,
            "rule: slower/faster only when |ratio - 1| > %g%% AND p < %g (Student's t over batch "
            "means of the visits' log ratios,\n      paired in one run, Welch's t across runs; rows without "
            "visits: no interval, n/a);\n      ratio = NEW/OLD, %g%% CI\n",
            rule->threshold * 100.0, rule->alpha, (1.0 - rule->alpha) * 100.0);
}

static void summary_line(FILE *f, const verdict_table *t)
{
    fprintf(f, "%zu points: %zu slower, %zu faster, %zu same, %zu failed, %zu n/a, "
               "%zu only in OLD, %zu only in NEW\n",
            t->count, verdict_table_count(t, V_SLOWER), verdict_table_count(t, V_FASTER),
            verdict_table_count(t, V_SAME), verdict_table_count(t, V_FAILED),
            verdict_table_count(t, V_NOT_COMPARABLE), verdict_table_count(t, V_ONLY_OLD),
            verdict_table_count(t, V_ONLY_NEW));
}

/* ---------------------------------------------------------------- formats */

static void print_term(FILE *f, const verdict_table *t, const verdict_context *c)
{
    /* the sources are paths and the notes a file's text: a terminal is shown
     * their control characters (a handed folder's name can hold any) */
    fprintf(f, "OLD: %s (", c->old_label);
    text_put_visible(f, c->old_source, false);
    fprintf(f, ")\nNEW: %s (", c->new_label);
    text_put_visible(f, c->new_source, false);
    fputs(")\n", f);
    describe_rule(f, &c->rule);
    describe_counts(f, t, &c->rule);
    char ci_head[24];
    snprintf(ci_head, sizeof ci_head, "%g%% CI", (1.0 - c->rule.alpha) * 100.0);
    fprintf(f, "\n%-12s %-6s %-7s %6s %14s %14s %7s %-16s %7s  %-8s %s\n", "workload", "api",
            "op", "bytes", "old", "new", "ratio", ci_head, "p", "verdict", "note");
    for (size_t i = 0; i < t->count; i++) {
        const verdict_point *p = &t->points[i];
        cells x;
        format_cells(p, &x);
        fprintf(f, "%-12s %-6s %-7s %6" PRIu64 " %14s %14s %7s %-16s %7s  %-8s ",
                point_name(p), p->api, p->op, p->bytes, x.o, x.n, x.r, x.ci, x.pv,
                verdict_name(p->result.verdict));
        text_put_visible(f, p->result.note, false);
        fputc('\n', f);
    }
    fputc('\n', f);
    summary_line(f, t);
}

static void print_csv(FILE *f, const verdict_table *t, const verdict_context *c)
{
    for (size_t i = 0; verdict_csv_columns[i]; i++)
        fprintf(f, "%s%s", i ? "," : "", verdict_csv_columns[i]);
    fputc('\n', f);
    for (size_t i = 0; i < t->count; i++) {
        const verdict_point *p = &t->points[i];
        csv_put_text(f, p->workload);
        fputc(',', f);
        csv_put_text(f, p->api);
        fputc(',', f);
        csv_put_text(f, p->op);
        fprintf(f, ",%" PRIu64 ",%u,%u,", p->bytes, p->threads, p->procs);
        csv_put_text(f, p->unit);
        fputc(',', f);
        csv_put_text(f, c->old_label);
        fputc(',', f);
        csv_put_text(f, c->new_label);
        fputc(',', f);
        csv_num(f, side_rate(&p->old_side));
        fputc(',', f);
        csv_num(f, side_rate(&p->new_side));
        fputc(',', f);
        csv_num(f, p->result.ratio);
        fputc(',', f);
        csv_num(f, p->result.ratio_low);
        fputc(',', f);
        csv_num(f, p->result.ratio_high);
        fputc(',', f);
        csv_num(f, p->result.p_value);
        fprintf(f, ",%s,%zu,%zu,%s,", ci_method_name(p->result.method),
                p->old_side.nsample, p->new_side.nsample, verdict_name(p->result.verdict));
        csv_put_text(f, p->result.note);
        fputc('\n', f);
    }
}

static void print_md(FILE *f, const verdict_table *t, const verdict_context *c)
{
    fputs("**OLD** ", f);
    md_put_text(f, c->old_label);
    fputs(" vs **NEW** ", f);
    md_put_text(f, c->new_label);
    fprintf(f, ": change called when |ratio − 1| > %g%% and p < %g; ratio = NEW/OLD "
               "(visit t, %g%% CI; no visits: n/a).\n\n",
            c->rule.threshold * 100.0, c->rule.alpha, (1.0 - c->rule.alpha) * 100.0);
    describe_counts(f, t, &c->rule);
    fputc('\n', f);
    fputs("| workload | api | op | bytes | old | new | ratio | CI | p | verdict | note |\n"
          "|---|---|---|--:|--:|--:|--:|---|--:|---|---|\n", f);
    for (size_t i = 0; i < t->count; i++) {
        const verdict_point *p = &t->points[i];
        cells x;
        format_cells(p, &x);
        bool loud = verdict_is_regression(p->result.verdict);
        fputs("| ", f);
        md_put_text(f, point_name(p));
        fputs(" | ", f);
        md_put_text(f, p->api);
        fputs(" | ", f);
        md_put_text(f, p->op);
        fprintf(f, " | %" PRIu64 " | %s | %s | %s | %s | %s | %s%s%s | ", p->bytes, x.o, x.n, x.r,
                x.ci, x.pv, loud ? "**" : "", verdict_name(p->result.verdict), loud ? "**" : "");
        md_put_text(f, p->result.note);
        fputs(" |\n", f);
    }
    fputc('\n', f);
    summary_line(f, t);
}

void verdict_print(FILE *f, const verdict_table *t, const verdict_context *ctx,
                   verdict_format fmt)
{
    switch (fmt) {
    case VF_CSV: print_csv(f, t, ctx); break;
    case VF_MD: print_md(f, t, ctx); break;
    default: print_term(f, t, ctx); break;
    }
}
