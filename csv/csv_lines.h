/* The lines of the CSV files osslbench writes (RFC 4180, one record a
 * line: the writer never puts a line break inside a value): reading one,
 * and splitting it into its fields.  The results reader (csv_read.c) and
 * `osslbench columns` (cli/cmd_columns.c) share them. */
#ifndef CSV_LINES_H
#define CSV_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { CSV_MAX_FIELDS = 64, CSV_MAX_LINE = 1 << 20 };

typedef struct {
    char *field[CSV_MAX_FIELDS];
    size_t count;
} csv_line;

/* Splits one line in place (quotes removed, "" unescaped); false with a
 * static reason in *err. */
bool csv_split(char *line, csv_line *out, const char **err);

/* Reads one line into *buf (grown as needed, *cap its size) without its
 * line break (or CR LF); complete: it ended with one; eof: nothing was
 * left; nul: it held a NUL byte (a NUL would end its text early and
 * silently drop fields).  false when too long or out of memory. */
bool csv_read_line(FILE *f, char **buf, size_t *cap, bool *complete, bool *eof, bool *nul);

#endif
