/* The CSVs a report derives from a results CSV: speedup.csv and
 * scaling.csv share one row writer over ratio_columns.def (hosts.csv has
 * its own table, hosts_columns.def, in report_hosts_out.c). */
#ifndef ANALYSIS_DERIVED_CSV_H
#define ANALYSIS_DERIVED_CSV_H

#include "report.h"

typedef enum { RATIO_CSV_SPEEDUP, RATIO_CSV_SCALING } ratio_csv_file;

/* One line: release rel at point p; `any` its row whatever the status
 * (the status column; NULL: missing), `row` its ok row (rate), `ref` the
 * row the ratio q is against (the baseline's, or the one-worker row). */
typedef struct {
    size_t rel;
    const report_point *p;
    const result_row *any, *row, *ref;
    report_ratio q;
} ratio_csv_line;

void ratio_csv_header(FILE *f, ratio_csv_file file);
void ratio_csv_row(FILE *f, const report *r, ratio_csv_file file, const ratio_csv_line *l);

/* A number cell: %.6g, empty when not finite (missing). */
void derived_csv_number(FILE *f, double x);
/* A header line from a table's names (NULL entries are skipped). */
void derived_csv_header(FILE *f, const char *const *names, size_t n);

#endif
