/* osslbench explain's outputs: a terminal report, CSV (explain_columns.def),
 * JSON and Markdown, each written point by point as the runner finishes
 * them.  Text from the profiles (function names) is data: each format
 * escapes it in its own one place (text_visible.h, csv_put_text,
 * json_put_string, md_put_text). */
#ifndef EXPLAIN_EXPLAIN_WRITE_H
#define EXPLAIN_EXPLAIN_WRITE_H

#include "explain_point.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum { EXPLAIN_TERM, EXPLAIN_CSV, EXPLAIN_JSON, EXPLAIN_MD } explain_format;

typedef struct {
    FILE *f;
    explain_format format;
    size_t top;    /* functions shown per list in term and md (csv and json: all) */
    size_t points; /* written so far */
} explain_writer;

/* "term", "csv", "json", "md"; false for anything else. */
bool explain_format_parse(const char *s, explain_format *out);

void explain_write_begin(explain_writer *w);
void explain_write_point(explain_writer *w, const explained_point *p);
void explain_write_end(explain_writer *w);

/* The one-line summary of a change ("+3,412 instr/op: 61% in
 * ossl_decoder_fast_is_a, 12% in ..."), for bisect and the report page;
 * the function names as they are (the caller escapes for its output). */
void explain_summary(const explained_point *p, const point_diff *d, size_t names, char *out,
                     size_t n);

/* both, only-this (the library's alone) or only-baseline. */
const char *diff_side(const point_diff *d, const function_change *c);

/* explain_data.c */
void explain_csv_header(FILE *f);
void explain_csv_point(FILE *f, const explained_point *p);
void explain_json_point(FILE *f, const explained_point *p, bool first);

#endif
