/* The bottom of the chart data writers (chart_data.c): files, values and
 * names that every chart kind (report_charts.c, chart_scaling.c,
 * report_hosts_dat.c) writes with.  Nothing here knows a chart kind's
 * layout; report_dat.c, at the top, decides which charts a report gets. */
#ifndef ANALYSIS_CHART_DATA_H
#define ANALYSIS_CHART_DATA_H

#include "chart_kinds.h"
#include "report.h"

/* A folder of chart data being written: charts.list, the .dat files, and
 * the first error met (in why; ok is false from then on). */
typedef struct {
    const char *dir;
    FILE *list; /* charts.list */
    char *why;
    size_t whylen;
    bool ok;
} dat_dir;

/* dir/charts.list opened and an index of `npt` points allocated (*at);
 * false + "<path>: <reason>" in why, with nothing left open. */
bool dat_dir_open(dat_dir *d, const char *dir, size_t npt, size_t **at, char *why, size_t n);
/* charts.list closed, `at` freed: false when anything was not written
 * (why says what first). */
bool dat_dir_close(dat_dir *d, size_t *at);

typedef struct {
    const report *r;
    dat_dir out;
} dat_ctx;

/* The points of one chart, as indexes into r->pt. */
typedef struct {
    size_t *at;
    size_t n;
} point_list;

FILE *dat_open(dat_dir *d, const char *name);
void dat_close(dat_dir *d, FILE *f);
/* A header string for a .dat file: double-quoted, no quote inside. */
void dat_string(FILE *f, const char *s);
/* " value" or " ?" (missing). */
void dat_value(FILE *f, double x);
/* " rate low high" of a row scaled to the chart's unit, or " ? ? ?". */
void dat_row_values(FILE *f, const result_row *row, double scale);
/* " ratio low high" ('?' where one is missing). */
void dat_ratio_values(FILE *f, report_ratio q);
/* MB/s for throughput, op/s as they are. */
double dat_scale(const report_point *p);
/* A .dat file whose columns are a (value, low, high) triple per release,
 * headed by the release labels; `colours` collects their palette indexes. */
FILE *dat_open_triples(dat_ctx *c, const char *name, const size_t *cols, size_t ncol,
                       char *colours, size_t colours_len);

bool dat_release_has(const report *r, size_t rel, const point_list *l);
/* "<prefix>-<a>[-<b>]" (the kind's file prefix, charts.def) made of
 * file-name-safe tokens. */
void dat_chart_name(char *buf, size_t n, chart_kind kind, const char *a, const char *b);
/* The start of a charts.list line, "kind<TAB>name<TAB>slots<TAB>": the
 * caller writes the title and the kind's fields. */
void dat_list_start(dat_dir *d, chart_kind kind, const char *name, const char *slots);
/* For a point with several workers: "-2threads" appended to a chart name
 * and ", 2 threads" (else "") in title, for its charts' titles. */
void dat_workers_tag(const report_point *p, char *name, size_t n, char *title, size_t tn);
/* The "-2threads" / "-2procs" of a chart name, appended (the chart of a
 * point run on several workers; report.html finds a verdict's chart by it). */
void dat_workers_suffix(char *name, size_t n, unsigned threads, unsigned procs);
/* A charts.list field: no TAB or line break. */
void dat_list_text(const char *in, char *out, size_t n);
void dat_append_index(char *buf, size_t n, size_t k);

#endif
