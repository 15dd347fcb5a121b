/* The HTML page of one run, report.html: the one function behind both
 * `osslbench report --format html` (make report) and `osslbench bench`
 * (make compare writes it after its charts, from the report model it built
 * once), so the two write the same bytes from the same rows. */
#ifndef ANALYSIS_REPORT_PAGE_H
#define ANALYSIS_REPORT_PAGE_H

#include "report_html.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    const char *input;    /* a run folder, a results CSV, "-" (stdin); NULL: the notes alone */
    const char *baseline; /* NULL: the oldest release, as every report */
    const char *out;      /* write out/report.html (temp + rename); NULL: stdout */
    html_sources src;     /* --charts and --notes as given (NULL: the run's own) */
    bool warn;            /* say the CSV reader's warning on stderr */
} report_page_job;

/* The page of r (NULL: of the notes alone) into out/report.html or on
 * stdout (out NULL); its charts, metadata.txt and explain/ are those of the
 * run folder of csv_path (NULL: the rows came from stdin, so no folder has
 * them), src's --charts and --notes as given.  false with why. */
bool report_page_of(const report *r, html_sources src, const char *csv_path, const char *out,
                    char *why, size_t n);

/* The page of job->input's rows (report_page_of): 0 when it is written;
 * else 2 (the results cannot be read) or 1 (no report of them, or the page
 * could not be written), with why. */
int report_page_write(const report_page_job *job, char *why, size_t n);

/* "osslbench report: <name>", the heading of the page about folder dir. */
void report_page_title(char *buf, size_t n, const char *dir);

#endif
