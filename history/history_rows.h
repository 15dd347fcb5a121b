/* A results row in the history database and back: the one place that
 * knows how each results-CSV column is stored (csv/columns.def), in
 * schema 2 (samples packed: sample_pack.h) and, for `db migrate`, in
 * schema 1 (samples as the CSV's text). */
#ifndef HISTORY_ROWS_H
#define HISTORY_ROWS_H

#include "sqlite.h"
#include "../csv/csv.h"

/* "row, label, ..." : the results table's columns in CSV order, the place
 * of each CSV column (schema 2 selects sample_pack for both sample
 * columns), for SELECT lists and history_row_read. */
extern const char history_columns_v1[], history_columns_v2[];
/* INSERT of a schema-2 row: its row number, then every CSV column. */
extern const char history_insert_row[];

/* Binds row number `row` and r's columns to history_insert_row; false
 * with a reason when r's samples cannot be packed. */
bool history_bind_row(sqlite3_stmt *st, long long row, const result_row *r, char *why, size_t n);

/* The one reader of packed samples: column col of st, a sample_pack
 * blob, into r's sample_rates and sample_blocks (both replaced); false
 * with a one-line reason when it is not a valid blob. */
bool history_samples_read(sqlite3_stmt *st, int col, result_row *r, char *why, size_t n);

/* The row whose CSV columns are st's columns first.. (in the order of
 * history_columns_v1 or _v2, by schema) back as the result_row
 * results.csv had: written as a one-row CSV and read by the CSV reader,
 * which refuses whatever a crafted database holds that no results file
 * may.  out->rows[0]; false with a one-line reason. */
bool history_row_read(sqlite3_stmt *st, int first, int schema, result_set *out, char *why, size_t n);

#endif
