/* Results as JSON (RFC 8259), for tools that ingest JSON as they do
 * `bssl speed -json` or Google Benchmark's output: the run's context once,
 * then one object per row with the CSV's fields, taken from the same column
 * table (columns.def).  docs/results-json.schema.json describes it. */
#ifndef RESULTS_JSON_H
#define RESULTS_JSON_H

#include "../record/metadata_read.h"
#include "../record/row.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define RESULTS_JSON_SCHEMA "osslbench-results/1"

/* A JSON string: the one escaper of text in JSON output.  Control
 * characters (C0, DEL, C1 and the bidi controls: text_visible.h, for the
 * JSON shown on a terminal) and < > & are \u escapes (the text may end up
 * inside a page); bytes that are not UTF-8 become U+FFFD, so the output
 * always parses. */
void json_put_string(FILE *f, const char *s);
/* {"schema": ..., "context": {...}, "results": [...]}: the context the
 * run's metadata.txt gave (metadata_read; none: an empty object), a key
 * seen twice (library:) as an array of its values. */
bool json_write_results(FILE *f, const result_row *rows, size_t n, const metadata_entry *ctx,
                        size_t nctx);

#endif
