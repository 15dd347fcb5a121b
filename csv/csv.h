/* The results CSV (RFC 4180): header line first, one row per result_row. */
#ifndef RESULTS_CSV_H
#define RESULTS_CSV_H

#include "../record/row.h"

#include <stdio.h>

extern const char *const result_columns[];
extern const size_t result_column_count;

/* Writers append whole lines and flush each one, so a reader (or a user
 * after an interrupt) never sees half a row. */
bool csv_write_header(FILE *f);
bool csv_write_row(FILE *f, const result_row *r);
/* One RFC 4180 field, quoted only when needed (for any CSV osslbench writes). */
void csv_put_field(FILE *f, const char *s);
/* One text cell of a CSV made for people (report, compare): as
 * csv_put_field, but a cell a spreadsheet would run as a formula is
 * prefixed with ' (numbers stay numbers). */
void csv_put_text(FILE *f, const char *s);
/* A row's sample_rates (exact: 17 significant digits) and sample_blocks
 * fields, space-separated, as results.csv has them. */
void csv_put_samples(FILE *f, const result_row *r);
void csv_put_blocks(FILE *f, const result_row *r);

/* Rows of a results file.  Columns are found by header name, so extra
 * columns are ignored; a missing required column, a malformed field, a
 * label that breaks the label rule (ROW_LABEL_RULE), or one point with two
 * units is an error naming the file and the line.  A last line cut short
 * (no end of line: a full disk) is dropped and named in warning, which the
 * command prints as one line. */
typedef struct {
    result_row *rows;
    size_t count;
    char warning[512]; /* "" or: the file and line cut short */
    size_t cut_line;   /* 0, or that line */
} result_set;

/* path read by record/folder_file.h's rule: a file the user named
 * (symlinks followed) or one found in a run folder (named false: no
 * symlink); a regular file either way, of at most FOLDER_FILE_CSV_MAX. */
bool csv_read_file(const char *path, bool named, result_set *out, char *why, size_t whylen);
bool csv_read_stream(FILE *f, const char *name, result_set *out, char *why, size_t whylen);
/* A command's results argument: a CSV, "-" (stdin), or a results folder
 * (its results.csv, else the only *.csv in it, so that nothing is guessed).
 * path receives the CSV actually read ("(stdin)" for "-"). */
bool csv_read_input(const char *arg, result_set *out, char *path, size_t pathlen, char *why,
                    size_t whylen);
void result_set_free(result_set *s);

#endif
