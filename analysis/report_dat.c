/* gnuplot-ready data: one .dat file per chart and charts.list, which tells
 * plots/draw.sh what to draw.  Each charts.list line is TAB-separated:
 *
 *   kind  name  colours  title  extra...
 *
 * kind is throughput | speedup | pubkey | apis (one gnuplot script each),
 * name.dat is the data file and name.{png,svg} the charts, colours the
 * palette slots of the series in plot order: release indexes, or for
 * apis charts the API paths present (0 legacy, 1 evp, 2 fetch).
 * Series titles come from column headers in the .dat file, never from code,
 * so a label cannot inject gnuplot commands.  Throughput is in MB/s
 * (10^6 bytes/s), public-key rates in op/s; '?' marks a missing value. */
#include "report.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const report *r;
    const char *dir;
    FILE *list;
    char *why;
    size_t whylen;
    bool ok;
} dat_ctx;

static FILE *open_dat(dat_ctx *c, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.dat", c->dir, name);
    FILE *f = fopen(path, "w");
    if (f == NULL && c->ok) {
        snprintf(c->why, c->whylen, "%s: %s", path, strerror(errno));
        c->ok = false;
    }
    return f;
}

static void close_dat(dat_ctx *c, FILE *f)
{
    if ((ferror(f) | fclose(f)) && c->ok) {
        snprintf(c->why, c->whylen, "%s: write error", c->dir);
        c->ok = false;
    }
}

/* A header string for a .dat file: double-quoted, no quote inside. */
static void dat_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++)
        fputc(*s == '"' ? '\'' : *s == '\n' || *s == '\t' ? ' ' : *s, f);
    fputc('"', f);
}

static void dat_value(FILE *f, double x)
{
    if (isfinite(x))
        fprintf(f, " %.6g", x);
    else
        fputs(" ?", f);
}

static double scale_of(const char *workload)
{
    return report_is_pubkey(workload) ? 1.0 : 1e-6;
}

static void dat_row_values(FILE *f, const result_row *row, double scale)
{
    if (row == NULL) {
        fputs(" ? ? ?", f);
        return;
    }
    dat_value(f, row->rate * scale);
    dat_value(f, row->ci_low * scale);
    dat_value(f, row->ci_high * scale);
}

/* The points of one chart, as indexes into r->pt. */
typedef struct {
    size_t *at;
    size_t n;
} point_list;

static bool release_has(const report *r, size_t rel, const point_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        if (report_find(r, rel, &r->pt[l->at[i]]) != NULL)
            return true;
    return false;
}

static void chart_name(char *buf, size_t n, const char *kind, const char *a, const char *b)
{
    char ta[64], tb[64];
    report_file_token(a, ta, sizeof ta);
    report_file_token(b ? b : "", tb, sizeof tb);
    snprintf(buf, n, "%s-%s%s%s", kind, ta, b ? "-" : "", tb);
}

/* charts.list fields are TAB-separated lines. */
static void list_text(const char *in, char *out, size_t n)
{
    size_t i = 0;
    for (; in[i] != '\0' && i + 1 < n; i++)
        out[i] = in[i] == '\t' || in[i] == '\n' || in[i] == '\r' ? ' ' : in[i];
    out[i] = '\0';
}

static void append_index(char *buf, size_t n, size_t k)
{
    size_t len = strlen(buf);
    snprintf(buf + len, n - len, "%s%zu", len ? " " : "", k);
}

/* A .dat file whose columns are a (value, low, high) triple per release,
 * headed by the release labels; `colours` collects their palette indexes. */
static FILE *open_triples(dat_ctx *c, const char *name, const size_t *cols, size_t ncol,
                          char *colours, size_t colours_len)
{
    FILE *f = open_dat(c, name);
    if (f == NULL)
        return NULL;
    fputs("point", f);
    for (size_t j = 0; j < ncol; j++) {
        append_index(colours, colours_len, cols[j]);
        fputc(' ', f);
        dat_string(f, c->r->rel[cols[j]].label);
        fputs(" low high", f);
    }
    fputc('\n', f);
    return f;
}

/* 1. Throughput vs block size: one index block per release. */
static void throughput_chart(dat_ctx *c, const point_list *l)
{
    const report *r = c->r;
    const report_point *g = &r->pt[l->at[0]];
    char name[160], colours[512] = "", sizes[512] = "";
    chart_name(name, sizeof name, "throughput", g->workload, g->api);
    for (size_t k = 0; k < r->nrel; k++)
        if (release_has(r, k, l))
            append_index(colours, sizeof colours, k);
    if (colours[0] == '\0')
        return; /* no release has this API path for this workload */
    FILE *f = open_dat(c, name);
    if (f == NULL)
        return;
    for (size_t k = 0; k < r->nrel; k++) {
        if (!release_has(r, k, l))
            continue;
        fputs("bytes ", f);
        dat_string(f, r->rel[k].label);
        fputs(" low high\n", f);
        for (size_t i = 0; i < l->n; i++) {
            const result_row *row = report_find(r, k, &r->pt[l->at[i]]);
            if (row == NULL)
                continue;
            fprintf(f, "%" PRIu64, row->bytes);
            dat_row_values(f, row, 1e-6);
            fputc('\n', f);
        }
        fputs("\n\n", f);
    }
    for (size_t i = 0; i < l->n; i++) {
        size_t len = strlen(sizes);
        uint64_t b = r->pt[l->at[i]].bytes;
        if (i == 0 || b != r->pt[l->at[i - 1]].bytes)
            snprintf(sizes + len, sizeof sizes - len, "%s%" PRIu64, len ? " " : "", b);
    }
    close_dat(c, f);
    fprintf(c->list, "throughput\t%s\t%s\t%s throughput vs block size, %s API\t%s\n", name,
            colours, g->workload, g->api, sizes);
}

/* 2. Speed-up vs the baseline: one row per block size (or RSA operation),
 * one ratio/low/high column triple per release other than the baseline. */
static void speedup_chart(dat_ctx *c, const point_list *l)
{
    const report *r = c->r;
    const report_point *g = &r->pt[l->at[0]];
    bool pk = report_is_pubkey(g->workload);
    char name[160], colours[512] = "";
    chart_name(name, sizeof name, "speedup", pk ? "rsa" : g->workload, g->api);
    size_t cols[256], ncol = 0;
    for (size_t k = 0; k < r->nrel && ncol < 256; k++) {
        if (k == r->baseline)
            continue;
        bool any = false;
        for (size_t i = 0; i < l->n && !any; i++)
            any = report_find(r, k, &r->pt[l->at[i]]) != NULL &&
                  report_find(r, r->baseline, &r->pt[l->at[i]]) != NULL;
        if (any)
            cols[ncol++] = k;
    }
    if (ncol == 0)
        return;
    FILE *f = open_triples(c, name, cols, ncol, colours, sizeof colours);
    if (f == NULL)
        return;
    for (size_t i = 0; i < l->n; i++) {
        const report_point *p = &r->pt[l->at[i]];
        const result_row *b = report_find(r, r->baseline, p);
        if (b == NULL)
            continue;
        char tic[64];
        if (pk)
            snprintf(tic, sizeof tic, "%s %s", p->workload, p->op);
        else
            report_size_name(p->bytes, tic, sizeof tic);
        dat_string(f, tic);
        for (size_t j = 0; j < ncol; j++) {
            report_ratio q = report_speedup(report_find(r, cols[j], p), b);
            dat_value(f, q.ratio);
            dat_value(f, q.lo);
            dat_value(f, q.hi);
        }
        fputc('\n', f);
    }
    close_dat(c, f);
    char base[64];
    list_text(r->rel[r->baseline].label, base, sizeof base);
    fprintf(c->list, "speedup\t%s\t%s\t%s speed-up vs %s, %s API\t%s\n", name, colours,
            pk ? "RSA" : g->workload, base, g->api, pk ? "operation" : "block size");
}

/* 3. Public-key operations per second: one row per (key size, operation),
 * one column triple per release. */
static void pubkey_chart(dat_ctx *c, const point_list *l)
{
    const report *r = c->r;
    const char *api = r->pt[l->at[0]].api;
    char name[160], colours[512] = "";
    chart_name(name, sizeof name, "pubkey", api, NULL);
    size_t cols[256], ncol = 0;
    for (size_t k = 0; k < r->nrel && ncol < 256; k++)
        if (release_has(r, k, l))
            cols[ncol++] = k;
    if (ncol == 0)
        return;
    FILE *f = open_triples(c, name, cols, ncol, colours, sizeof colours);
    if (f == NULL)
        return;
    for (size_t i = 0; i < l->n; i++) {
        const report_point *p = &r->pt[l->at[i]];
        char tic[64];
        snprintf(tic, sizeof tic, "%s %s", p->workload, p->op);
        dat_string(f, tic);
        for (size_t j = 0; j < ncol; j++)
            dat_row_values(f, report_find(r, cols[j], p), 1.0);
        fputc('\n', f);
    }
    close_dat(c, f);
    fprintf(c->list, "pubkey\t%s\t%s\tRSA operations per second, %s API\t\n", name, colours,
            api);
}

/* 4. API paths within each release, for one workload: two panels (smallest
 * and largest block size, or sign and verify), each with one row per
 * release and a column triple per API path. */
static void apis_chart(dat_ctx *c, const char *workload)
{
    static const char *const apis[] = {"legacy", "evp", "fetch"};
    const report *r = c->r;
    bool pk = report_is_pubkey(workload);
    report_point panel[2];
    bool found = false;
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        if (strcmp(p->workload, workload) != 0)
            continue;
        if (!found) {
            panel[0] = panel[1] = *p;
            found = true;
        }
        if (pk) {
            if (strcmp(p->op, "sign") == 0)
                panel[0] = *p;
            if (strcmp(p->op, "verify") == 0)
                panel[1] = *p;
        } else {
            if (p->bytes < panel[0].bytes)
                panel[0] = *p;
            if (p->bytes > panel[1].bytes)
                panel[1] = *p;
        }
    }
    if (!found)
        return;
    char name[160], titles[2][96];
    chart_name(name, sizeof name, "apis", workload, NULL);
    for (int k = 0; k < 2; k++) {
        if (pk)
            snprintf(titles[k], sizeof titles[k], "%s", panel[k].op);
        else
            snprintf(titles[k], sizeof titles[k], "%" PRIu64 "-byte blocks", panel[k].bytes);
    }
    /* Only the API paths some release has (GCM has no legacy path). */
    bool has[3] = {false, false, false};
    char slots[16] = "";
    for (size_t a = 0; a < 3; a++) {
        for (size_t rel = 0; rel < r->nrel && !has[a]; rel++)
            for (int k = 0; k < 2 && !has[a]; k++) {
                report_point p = panel[k];
                snprintf(p.api, sizeof p.api, "%s", apis[a]);
                has[a] = report_find(r, rel, &p) != NULL;
            }
        if (has[a])
            append_index(slots, sizeof slots, a);
    }
    if (slots[0] == '\0')
        return;
    FILE *f = open_dat(c, name);
    if (f == NULL)
        return;
    for (int k = 0; k < 2; k++) {
        fputs("release", f);
        for (size_t a = 0; a < 3; a++)
            if (has[a])
                fprintf(f, " \"%s\" low high", apis[a]);
        fputc('\n', f);
        for (size_t rel = 0; rel < r->nrel; rel++) {
            if (r->rel[rel].ok_rows == 0)
                continue;
            dat_string(f, r->rel[rel].label);
            for (size_t a = 0; a < 3; a++) {
                if (!has[a])
                    continue;
                report_point p = panel[k];
                snprintf(p.api, sizeof p.api, "%s", apis[a]);
                dat_row_values(f, report_find(r, rel, &p), scale_of(workload));
            }
            fputc('\n', f);
        }
        fputs("\n\n", f);
    }
    close_dat(c, f);
    fprintf(c->list, "apis\t%s\t%s\t%s: API paths within each release\t%s\t%s\t%s\n", name,
            slots, workload, titles[0], titles[1],
            pk ? "operations per second" : "throughput (MB/s = 10^6 bytes/s)");
}

/* Points of one API path: symmetric ones of one workload, or every RSA one. */
static void collect(const report *r, const report_point *g, bool family, point_list *l)
{
    l->n = 0;
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        if (strcmp(p->api, g->api) != 0)
            continue;
        if (family ? report_is_pubkey(p->workload) : strcmp(p->workload, g->workload) == 0)
            l->at[l->n++] = i;
    }
}

/* First point of its (workload or RSA family, api) group? */
static bool group_start(const report *r, size_t i, bool family)
{
    const report_point *p = &r->pt[i];
    for (size_t j = 0; j < i; j++)
        if (strcmp(r->pt[j].api, p->api) == 0 &&
            (family ? report_is_pubkey(r->pt[j].workload)
                    : strcmp(r->pt[j].workload, p->workload) == 0))
            return false;
    return true;
}

bool report_write_dat(const report *r, const char *dir, char *why, size_t n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/charts.list", dir);
    dat_ctx c = {.r = r, .dir = dir, .why = why, .whylen = n, .ok = true};
    point_list l = {.at = calloc(r->npt ? r->npt : 1, sizeof *l.at)};
    c.list = fopen(path, "w");
    if (c.list == NULL || l.at == NULL) {
        snprintf(why, n, "%s: %s", path, l.at ? strerror(errno) : "out of memory");
        if (c.list != NULL)
            fclose(c.list);
        free(l.at);
        return false;
    }
    for (size_t i = 0; i < r->npt; i++) /* 1. */
        if (!report_is_pubkey(r->pt[i].workload) && group_start(r, i, false)) {
            collect(r, &r->pt[i], false, &l);
            throughput_chart(&c, &l);
        }
    for (size_t i = 0; i < r->npt; i++) { /* 2. and 3. */
        bool pk = report_is_pubkey(r->pt[i].workload);
        if (!group_start(r, i, pk))
            continue;
        collect(r, &r->pt[i], pk, &l);
        speedup_chart(&c, &l);
        if (pk)
            pubkey_chart(&c, &l);
    }
    for (size_t i = 0; i < r->npt; i++) /* 4. */
        if (i == 0 || strcmp(r->pt[i].workload, r->pt[i - 1].workload) != 0)
            apis_chart(&c, r->pt[i].workload);
    free(l.at);
    if ((ferror(c.list) | fclose(c.list)) && c.ok) {
        snprintf(why, n, "%s: write error", path);
        c.ok = false;
    }
    return c.ok;
}
