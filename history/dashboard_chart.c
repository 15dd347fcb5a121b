#define _GNU_SOURCE
/* dash_write_chart (dashboard.h): one point on one host, run after run, as
 * inline SVG written here (no script, no link but to the page's own run
 * anchors); every text from the database through html_put. */
#include "dashboard.h"
#include "../analysis/html_escape.h"
#include "../csv/units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { W = 760, H = 300, LEFT = 70, RIGHT = 170, TOP = 20, BOTTOM = 50, MAX_TICKS = 8 };

/* Colours of the series, in label order (plots/common.gp's palette). */
static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                      "#9467bd", "#8c564b", "#e377c2", "#17becf"};

typedef struct {
    size_t *runs; /* the runs of the chart, by date: index into d->run */
    size_t nruns;
    double ymax, scale;
} frame;

/* The x of a run: its slot among the chart's runs (sorted: found by halves). */
static double x_of(const frame *fr, size_t run)
{
    size_t slot = 0, hi = fr->nruns;
    while (slot < hi) {
        size_t mid = slot + (hi - slot) / 2;
        if (fr->runs[mid] < run)
            slot = mid + 1;
        else
            hi = mid;
    }
    double span = W - LEFT - RIGHT;
    return LEFT + (fr->nruns > 1 ? span * (double)slot / (double)(fr->nruns - 1) : span / 2);
}

static double y_of(const frame *fr, double v)
{
    return TOP + (H - TOP - BOTTOM) * (1 - v / fr->ymax);
}

static int by_index(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

static void axes(const dash_data *d, const frame *fr, const char *unit, FILE *f)
{
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", LEFT, H - BOTTOM,
            W - RIGHT, H - BOTTOM);
    fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>\n", LEFT, TOP, LEFT,
            H - BOTTOM);
    for (int t = 0; t <= 4; t++) {
        double v = fr->ymax * t / 4;
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" font-size=\"11\">%.4g</text>\n",
                LEFT - 6, y_of(fr, v) + 4, v * fr->scale);
    }
    fprintf(f, "<text x=\"14\" y=\"%d\" font-size=\"11\" transform=\"rotate(-90 14 %d)\" "
               "text-anchor=\"middle\">", (H - BOTTOM + TOP) / 2, (H - BOTTOM + TOP) / 2);
    html_put(f, unit_shown_name(unit));
    fputs(", as each run measured it</text>\n", f);
    size_t step = fr->nruns > MAX_TICKS ? (fr->nruns + MAX_TICKS - 1) / MAX_TICKS : 1;
    for (size_t s = 0; s < fr->nruns; s += step) {
        const dash_run *r = &d->run[fr->runs[s]];
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">",
                x_of(fr, fr->runs[s]), H - BOTTOM + 16);
        /* "2026-12-03T13:46:51Z" as "12-03 13:46": runs of one day stay apart */
        if (strlen(r->started) >= 16) {
            html_put_n(f, r->started + 5, 5);
            fputc(' ', f);
            html_put_n(f, r->started + 11, 5);
        } else {
            html_put(f, r->started);
        }
        fputs("</text>\n", f);
    }
}

/* A point's ratio to the reference, and what a change was judged on. */
static void ratio_note(const dash_data *d, const dash_row *r, FILE *f)
{
    if (r->has_ratio && r->ref != (size_t)(r - d->row)) {
        fprintf(f, "; %.3g of ", r->ratio);
        html_put(f, d->row[r->ref].label);
        if (r->ratio_ci && isfinite(r->rlo))
            fprintf(f, " [%.3g, %.3g]", r->rlo, r->rhi);
        else if (r->ratio_ci)
            fputs(" (no interval: no visits)", f);
    } else if (r->has_ratio) {
        fputs("; the reference", f);
    }
    if (!r->changed)
        return;
    const dash_row *p = &d->row[r->prev];
    if (r->judged == DASH_BY_RATIO)
        fprintf(f, " (changed): its ratio %.3g -&gt; %.3g", p->ratio, r->ratio);
    else if (r->judged == DASH_BY_DRIFT)
        fprintf(f, " (changed): %+.0f%% beyond the machine's drift",
                100 * (r->rate / dash_drift_between(d, p->run, r->run) / p->rate - 1));
    else
        fputs(" (changed): on the rates as measured, no reference to tell the machine's drift", f);
}

/* One series: the rows at idx[0..n) (in date order), a line through them,
 * each point with its CI and a link to its run; legend line `colour`. */
static void series(const dash_data *d, const frame *fr, const size_t *idx, size_t n, int colour,
                   const char *legend, FILE *f)
{
    const char *c = palette[colour % (int)(sizeof palette / sizeof palette[0])];
    fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", c);
    for (size_t k = 0; k < n; k++)
        if (d->row[idx[k]].has_rate)
            fprintf(f, "%.1f,%.1f ", x_of(fr, d->row[idx[k]].run), y_of(fr, d->row[idx[k]].rate));
    fputs("\"/>\n", f);
    for (size_t k = 0; k < n; k++) {
        const dash_row *r = &d->row[idx[k]];
        if (!r->has_rate)
            continue;
        double x = x_of(fr, r->run);
        fprintf(f, "<a href=\"#run-%zu\"><title>", r->run + 1);
        html_put(f, r->label);
        fputs(" ", f);
        html_put(f, r->started);
        fprintf(f, ": %.4g [%.4g, %.4g] ", r->rate * fr->scale, r->lo * fr->scale,
                r->hi * fr->scale);
        html_put(f, unit_shown_name(r->unit));
        fputs(" on this machine in that run", f);
        ratio_note(d, r, f);
        fprintf(f, "</title><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>"
                   "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>",
                x, y_of(fr, r->lo), x, y_of(fr, r->hi), c, x, y_of(fr, r->rate), c);
        if (r->changed)
            fprintf(f, "<circle class=\"change\" cx=\"%.1f\" cy=\"%.1f\" r=\"8\" fill=\"none\" "
                       "stroke=\"#d00\" stroke-width=\"2\"/>", x, y_of(fr, r->rate));
        fputs("</a>\n", f);
    }
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
               "<text x=\"%d\" y=\"%d\" font-size=\"12\">", W - RIGHT + 14, TOP + 18 * colour, c,
            W - RIGHT + 30, TOP + 18 * colour + 10);
    html_put(f, legend);
    fputs("</text>\n", f);
}

void dash_write_chart(const dash_data *d, size_t first, size_t end, FILE *f)
{
    frame fr = {.runs = malloc((end - first) * sizeof(size_t)), .scale = unit_shown_scale(d->row[first].unit)};
    if (fr.runs == NULL)
        abort();
    for (size_t i = first; i < end; i++) {
        if (d->row[i].has_rate && d->row[i].hi > fr.ymax)
            fr.ymax = d->row[i].hi;
        fr.runs[fr.nruns++] = d->row[i].run;
    }
    qsort(fr.runs, fr.nruns, sizeof *fr.runs, by_index);
    size_t distinct = 0;
    for (size_t k = 0; k < fr.nruns; k++)
        if (k == 0 || fr.runs[k] != fr.runs[k - 1])
            fr.runs[distinct++] = fr.runs[k];
    fr.nruns = distinct;
    fr.ymax = fr.ymax > 0 ? fr.ymax * 1.1 : 1;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" role=\"img\">\n", W, H, W, H);
    axes(d, &fr, d->row[first].unit, f);
    size_t *idx = malloc((end - first) * sizeof *idx), *single = malloc((end - first) * sizeof *single);
    if (idx == NULL || single == NULL)
        abort();
    size_t nsingle = dash_singles(d, first, end, single);
    int colour = 0;
    for (size_t a = first; a < end;) {
        size_t b = a + 1, n = 0;
        while (b < end && strcmp(d->row[b].label, d->row[a].label) == 0)
            b++;
        for (size_t i = a; i < b; i++)
            idx[n++] = i;
        if (!dash_alone(d, first, end, a))
            series(d, &fr, idx, n, colour++, d->row[a].label, f);
        a = b;
    }
    if (nsingle > 0) {
        char legend[64];
        snprintf(legend, sizeof legend, "%zu, one run each", nsingle);
        series(d, &fr, single, nsingle, colour, nsingle > 1 ? legend : d->row[single[0]].label, f);
    }
    fputs("</svg>\n", f);
    free(idx);
    free(single);
    free(fr.runs);
}
