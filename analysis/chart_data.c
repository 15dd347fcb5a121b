/* gnuplot-ready data: one .dat file per chart and charts.list, which tells
 * osslbench draw (charts/chart_draw.c) what to draw.  Each charts.list line is TAB-separated:
 *
 *   kind  name  colours  title  fields...
 *
 * kind is one of charts.def's (one gnuplot script each, which says what
 * the kind's fields are), name.dat is the data file and name.{png,svg} the
 * charts, colours the palette slots of the series in plot order: release
 * indexes, host indexes for the charts over hosts, or for apis charts the
 * API paths in the report's order of API paths.
 * Series titles come from column headers in the .dat file, never from code,
 * so a label cannot inject gnuplot commands.  Values are in the unit
 * csv/units.h shows (unit_shown_scale); '?' marks a missing value. */
#include "chart_data.h"
#include "../csv/units.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

bool dat_dir_open(dat_dir *d, const char *dir, size_t npt, size_t **at, char *why, size_t n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/charts.list", dir);
    *d = (dat_dir){.dir = dir, .why = why, .whylen = n, .ok = true};
    *at = calloc(npt ? npt : 1, sizeof **at);
    d->list = fopen(path, "w");
    if (d->list == NULL || *at == NULL) {
        snprintf(why, n, "%s: %s", path, *at ? strerror(errno) : "out of memory");
        if (d->list != NULL)
            fclose(d->list);
        free(*at);
        return false;
    }
    return true;
}

bool dat_dir_close(dat_dir *d, size_t *at)
{
    free(at);
    if ((ferror(d->list) | fclose(d->list)) && d->ok) {
        snprintf(d->why, d->whylen, "%s/charts.list: write error", d->dir);
        d->ok = false;
    }
    return d->ok;
}

FILE *dat_open(dat_dir *d, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.dat", d->dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL && d->ok) {
        snprintf(d->why, d->whylen, "%s: %s", path, strerror(errno));
        d->ok = false;
    }
    return f;
}

void dat_close(dat_dir *d, FILE *f)
{
    if ((ferror(f) | fclose(f)) && d->ok) {
        snprintf(d->why, d->whylen, "%s: write error", d->dir);
        d->ok = false;
    }
}

void dat_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fputc(*s == '"' ? '\'' : *s == '\n' || *s == '\t' ? ' ' : *s, f);
    fputc('"', f);
}

void dat_value(FILE *f, double x)
{
    if (isfinite(x))
        fprintf(f, " %.6g", x);
    else
        fputs(" ?", f);
}

double dat_scale(const report_point *p)
{
    return unit_shown_scale(p->unit);
}

void dat_row_values(FILE *f, const result_row *row, double scale)
{
    if (row == NULL) {
        fputs(" ? ? ?", f);
        return;
    }
    dat_value(f, row->rate * scale);
    dat_value(f, row->ci_low * scale);
    dat_value(f, row->ci_high * scale);
}

void dat_ratio_values(FILE *f, report_ratio q)
{
    dat_value(f, q.ratio);
    dat_value(f, q.lo);
    dat_value(f, q.hi);
}

bool dat_release_has(const report *r, size_t rel, const point_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        if (report_find(r, rel, &r->pt[l->at[i]]) != NULL)
            return true;
    return false;
}

void dat_chart_name(char *buf, size_t n, chart_kind kind, const char *a, const char *b)
{
    char ta[64], tb[64];
    report_file_token(a, ta, sizeof ta);
    report_file_token(b ? b : "", tb, sizeof tb);
    snprintf(buf, n, "%s-%s%s%s", chart_kind_prefix(kind), ta, b ? "-" : "", tb);
}

void dat_list_start(dat_dir *d, chart_kind kind, const char *name, const char *slots)
{
    fprintf(d->list, "%s\t%s\t%s\t", chart_kind_name(kind), name, slots);
}

void dat_workers_tag(const report_point *p, char *name, size_t n, char *title, size_t tn)
{
    char workers[32];
    report_workers_name(p, workers, sizeof workers);
    snprintf(title, tn, "%s%s", workers[0] ? ", " : "", workers);
    if (workers[0] != '\0')
        dat_workers_suffix(name, n, p->threads, p->procs);
}

void dat_workers_suffix(char *name, size_t n, unsigned threads, unsigned procs)
{
    size_t len = strlen(name);
    if (len < n)
        snprintf(name + len, n - len, "-%u%s", threads * procs, procs > 1 ? "procs" : "threads");
}

void dat_list_text(const char *in, char *out, size_t n)
{
    size_t i = 0;
    for (; in[i] != '\0' && i + 1 < n; i++)
        out[i] = in[i] == '\t' || in[i] == '\n' || in[i] == '\r' ? ' ' : in[i];
    out[i] = '\0';
}

void dat_append_index(char *buf, size_t n, size_t k)
{
    size_t len = strlen(buf);
    snprintf(buf + len, n - len, "%s%zu", len ? " " : "", k);
}

FILE *dat_open_triples(dat_ctx *c, const char *name, const size_t *cols, size_t ncol,
                       char *colours, size_t colours_len)
{
    FILE *f = dat_open(&c->out, name);
    if (f == NULL)
        return NULL;
    fputs("point", f);
    for (size_t j = 0; j < ncol; j++) {
        dat_append_index(colours, colours_len, cols[j]);
        fputc(' ', f);
        char title[128];
        report_release_title(&c->r->rel[cols[j]], title, sizeof title);
        dat_string(f, title);
        fputs(" low high", f);
    }
    fputc('\n', f);
    return f;
}
