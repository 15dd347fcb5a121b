/* The op/s half of the `openssl speed`-style tables (speed_ops.c), for
 * report_speed.c. */
#ifndef ANALYSIS_SPEED_OPS_H
#define ANALYSIS_SPEED_OPS_H

#include "report.h"

/* "sha256", "sha256 (2 threads)": a table line's name. */
void speed_line_name(const report_point *p, char *buf, size_t n);
/* A table per family (report_ops_group) of one release and API path, in
 * the order the families first appear; nothing when none has an ok row. */
void speed_ops_tables(const report *r, size_t rel, const char *api, FILE *f);

#endif
