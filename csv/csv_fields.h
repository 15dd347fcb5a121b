/* Inside the results-CSV reader: the value parsers and the checks of one
 * row (csv_fields.c), and the check across rows (csv_units.c).  Every value
 * read is hostile: a field is refused unless it is exactly what the writer
 * (csv_write.c) would have written, so nothing odd travels on to an output. */
#ifndef CSV_FIELDS_H
#define CSV_FIELDS_H

#include "csv.h"

enum csv_col {
#define COL(name, type, required) C_##name,
#include "columns.def"
#undef COL
    C_COUNT
};

/* A rate field as the writer prints it: a finite number >= 0, or empty
 * (NAN: no rate).  False for anything else. */
bool csv_parse_rate(const char *s, double *out);

/* Fills r from its fields (NULL: the column is absent).  Returns NULL, or
 * what is wrong (static text, no field value: values never reach messages). */
const char *csv_fill_row(result_row *r, char *const *field);

/* One point (workload, api, op, bytes, threads, procs) has one unit in a
 * file: B/s and op/s on one point cannot be compared.  line[i] is row i's
 * line number, for the message. */
bool csv_units_agree(const result_set *s, const size_t *line, const char *name, char *why,
                     size_t n);

#endif
