/* Internal to the HTML page (report_html*.c): the page being written and
 * its sections. */
#ifndef ANALYSIS_REPORT_HTML_PARTS_H
#define ANALYSIS_REPORT_HTML_PARTS_H

#include "chart_data.h"
#include "../record/name_index.h"
#include "html_escape.h"
#include "report_html.h"
#include "verdict_set.h"

/* One line of a charts.list: kind, name (a file name), title. */
typedef struct {
    char kind[16], name[200], title[256];
} html_chart;

typedef struct {
    html_chart *c;
    size_t n;
    name_index by_name; /* each name's first line */
    /* the folder the user gave (their word) and, when the charts are the
     * run folder's own plots*, that folder in it (else ""): every file is
     * read inside them by record/folder_file.h's rule */
    char root[4096], sub[256];
    bool listed;       /* charts.list was read */
    char refused[768]; /* "" or why charts.list was not read (a symlink, a FIFO...) */
    size_t left_out;   /* lines past FOLDER_LIST_MAX, not read */
} html_charts;

typedef struct {
    FILE *f;
    char **embedded; /* the charts embedded so far: each once a page */
    size_t nembedded, chart_bytes;
    name_index seen; /* embedded, for a constant-time look-up */
} html_page;
/* Frees what the page remembers (not f). */
void html_page_free(html_page *pg);

/* ---- report_html_charts.c ---- */
/* The charts.list of dir: a folder the user named (in NULL), or the run
 * folder in's own folder dir ("plots"). */
void html_charts_read(const char *in, const char *dir, html_charts *out);
void html_charts_free(html_charts *c);
/* Index of the chart named name, or c->n. */
size_t html_chart_find(const html_charts *c, const char *name);
/* The figure of chart i (its SVG as an inert image), or a visible "not drawn" note;
 * `anchor`: the figure gets id="chart-NAME" (the charts section's copy). */
void html_put_chart(html_page *pg, const html_charts *c, size_t i, bool anchor);
/* A note for a chart that charts.list does not name (nothing to draw). */
void html_put_no_chart(html_page *pg, const char *name);
/* Every chart of the list, grouped under a heading per name in `groups`
 * (a chart belongs to the longest group its name has after "<kind>-"),
 * the rest under "Other charts". */
void html_put_chart_groups(html_page *pg, const html_charts *c, const char *const *groups,
                           size_t ngroup, int level);

/* ---- report_html_explain.c ---- */
/* A run's explain/changes.csv (make compare EXPLAIN=N), its lines kept as
 * text (record/explain_changes.def's columns); problem says why it was
 * left out ("" when it is fine or absent). */
typedef struct {
    char *field[16];
} html_explanation;
typedef struct html_explained {
    html_explanation *e;
    size_t n;
    char root[4096]; /* the run folder: explain/ and its files are read inside it */
    char problem[200];
} html_explained;
/* The explain/changes.csv of the run folder `in` (NULL: none). */
void html_explained_read(const char *in, html_explained *x);
void html_explained_free(html_explained *x);
/* The explanation of p (new_label against old_label), if there is one:
 * its summary and its two charts. */
void html_put_explanation(html_page *pg, const html_explained *x, const verdict_point *p,
                          const char *old_label, const char *new_label);
void html_put_explained_problem(html_page *pg, const html_explained *x);

/* ---- report_html_verdicts.c ---- */
/* The chart a verdict point is shown with, for html_put_changes. */
typedef void (*html_chart_of)(const void *ctx, const verdict_point *p, char *buf, size_t n);
typedef struct {
    const char *heading;  /* "3.0.19 vs 1.1.1w" */
    const html_charts *charts;
    html_chart_of chart_of;
    const void *ctx;
    int level;
    bool chart_per_api; /* false: the points beside a chart name their API path */
    const html_explained *explained; /* or NULL: a change's explanation under it */
    const char *old_label, *new_label; /* whose change it is, to find it there */
} html_changes;
/* The significant verdicts (slower, faster, failing) of new vs old, largest
 * change first, grouped by chart, each group with its chart; the full
 * verdict table folded after.  false when out of memory. */
bool html_put_changes(html_page *pg, const html_changes *c, const result_row *const *old_rows,
                      size_t n_old, const result_row *const *new_rows, size_t n_new);
/* The rows of one label in a set (the caller frees *rows). */
size_t html_rows_of(const result_set *s, const char *label, const result_row ***rows);

/* ---- report_html_tables.c ---- */
void html_put_speedup_table(html_page *pg, const report *r);
/* Text an output writer produced, in <pre>, escaped. */
void html_put_pre(html_page *pg, void (*w)(const void *, FILE *), const void *model);
/* A "key: value" file (or that text in memory, when given) as a table;
 * long values folded. */
void html_put_metadata(html_page *pg, const char *path, const char *text, size_t len);
void html_put_text_file(html_page *pg, const char *path, const char *css_class);
void html_put_hosts_table(html_page *pg, const hosts_report *h);

/* ---- report_html.c ---- */
void html_page_begin(html_page *pg, const html_sources *src);
void html_page_end(html_page *pg);
/* One run's sections: what changed, its charts, its tables (headings at
 * `level`). */
void html_put_run(html_page *pg, const report *r, const html_sources *src, int level);
void html_heading(html_page *pg, int level, const char *id, const char *text);

#endif
