/* The HTML page of one run, report.html: the one function behind both
 * `osslbench report --format html` (make report) and `osslbench bench`
 * (make compare writes it after its charts), so the two write the same
 * bytes from the same files. */
#ifndef BENCH_REPORT_PAGE_H
#define BENCH_REPORT_PAGE_H

#include "../analysis/report_html.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *input;    /* a run folder, a results CSV, "-" (stdin); NULL: the notes alone */
    const char *baseline; /* NULL: the oldest release, as every report */
    const char *out;      /* write out/report.html (temp + rename); NULL: stdout */
    html_sources src;     /* --charts and --notes as given (NULL: the run's own) */
    bool warn;            /* say the CSV reader's warning on stderr */
} report_page_job;

/* 0 when the page is written; else 2 (the results cannot be read) or 1
 * (no report of them, or the page could not be written), with why. */
int report_page_write(const report_page_job *job, char *why, size_t n);

/* "osslbench report: <name>", the heading of the page about folder dir. */
void report_page_title(char *buf, size_t n, const char *dir);

#endif
