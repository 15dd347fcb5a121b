/* The results history: every run in one SQLite database (default
 * results/osslbench.db), imported whole -- its context (metadata.txt), its
 * rows and their samples -- and keyed by run_id, so that importing a run
 * again adds nothing.  docs/history.md describes the schema. */
#ifndef HISTORY_DB_H
#define HISTORY_DB_H

#include "sqlite.h"

#include <stdbool.h>
#include <stddef.h>

#define HISTORY_DB_DEFAULT "results/osslbench.db"
/* The schema this osslbench writes; an older database is migrated on
 * open, a newer one refused. */
enum { HISTORY_SCHEMA_VERSION = 1 };

/* Opens (creating when `create`) the database: WAL, so readers never block
 * the one writer, and a busy timeout, so two imports at once wait for each
 * other instead of failing.  NULL with a one-line reason. */
sqlite3 *history_open(const char *path, bool create, char *why, size_t n);
void history_close(sqlite3 *db);

typedef struct {
    size_t runs_added, runs_present, rows_added;
} import_counts;

/* Imports the run(s) of one results CSV, or of a run folder (its
 * results.csv), with the metadata.txt beside it.  A CSV from before run_id
 * gets one from its content.  false with a one-line reason; nothing of a
 * run is kept unless all of it is. */
bool history_import(sqlite3 *db, const char *input, import_counts *c, char *why, size_t n);

#endif
