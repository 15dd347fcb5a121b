/* `osslbench history`: one point (a workload, optionally narrowed to an API
 * path, a block size and a library label) across every run in the
 * database, oldest run first, with each run's id, date and host. */
#ifndef HISTORY_QUERY_H
#define HISTORY_QUERY_H

#include "sqlite.h"

#include <stdbool.h>
#include <stdio.h>

typedef enum { HF_TERM, HF_CSV, HF_MD, HF_JSON } history_format;

typedef struct {
    const char *workload; /* required */
    const char *api, *label, *bytes; /* NULL: any */
    history_format format;
} history_query;

/* Writes the rows in q->format; the number of rows, or -1 with a reason. */
long history_write(sqlite3 *db, const history_query *q, FILE *f, char *why, size_t n);

#endif
