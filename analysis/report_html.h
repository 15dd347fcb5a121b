/* `osslbench report --format html`: one self-contained page (no script, no
 * remote asset) from the report model, the one term, csv and md use.
 * First what changed (each release against the baseline: its significant
 * verdicts, largest change first, each with its chart), then every chart
 * grouped by workload, then the full tables and the metadata, folded. */
#ifndef ANALYSIS_REPORT_HTML_H
#define ANALYSIS_REPORT_HTML_H

#include "report.h"
#include "report_hosts.h"

/* Files the page shows beside the model; any may be NULL or missing. */
typedef struct html_sources {
    const char *title;      /* the page's heading ("osslbench report: <run>") */
    const char *charts_dir; /* the SVGs charts.list names (drawn by osslbench draw) */
    const char *charts_in;  /* NULL: charts_dir is the user's --charts; else charts_dir
                             * is that run folder's own plots* folder, read inside it */
    const char *metadata;   /* the run's metadata.txt ("key: value" lines) */
    const char *metadata_text; /* or its text in memory (the run just made), shown instead */
    size_t metadata_len;
    const char *notes;      /* a text shown first, as it is (fleet.txt) */
    const char *explain_in; /* the run folder whose explain/ (make compare EXPLAIN=N) is read, or NULL */
} html_sources;

/* The page's Content-Security-Policy: nothing may run or load but the
 * data: images of the charts and the page's own <style>. */
#define HTML_PAGE_POLICY "default-src 'none'; img-src data:; style-src 'unsafe-inline'"

void report_write_html(const report *r, const html_sources *src, FILE *f);
/* The page of a fleet: the cross-host verdicts and charts first, then each
 * host's own run (its results folder's plots/ and metadata.txt). */
void hosts_write_html(const hosts_report *h, const html_sources *src, FILE *f);
/* A page of the notes alone (a fleet where no host returned results). */
void notes_write_html(const html_sources *src, FILE *f);

/* The charts folder of a results folder, its name in it: its newest
 * plots-<time> folder, else plots (where plots/draw.sh draws). */
void html_plots_dir(const char *run_dir, char *buf, size_t n);

#endif
