/* Rendering a verdict table: a terminal table for people, CSV for scripts
 * (bisect reads it), Markdown for reports and CI summaries. */
#ifndef ANALYSIS_VERDICT_FORMAT_H
#define ANALYSIS_VERDICT_FORMAT_H

#include "verdict_set.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum { VF_TERM, VF_CSV, VF_MD } verdict_format;

bool verdict_format_parse(const char *name, verdict_format *out);

/* What was compared, for the header lines of term and md output. */
typedef struct {
    const char *old_label, *new_label;   /* library labels */
    const char *old_source, *new_source; /* file each came from */
    verdict_rule rule;
} verdict_context;

/* CSV columns, in order (stable: scripts index them by name). */
extern const char *const verdict_csv_columns[];

void verdict_print(FILE *f, const verdict_table *t, const verdict_context *ctx,
                   verdict_format fmt);

#endif
