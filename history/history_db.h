/* The results history: every run in one SQLite database (default
 * results/osslbench.db), imported whole -- its context (metadata.txt), its
 * rows and their samples -- and keyed by run_id, so that importing a run
 * again adds nothing.  docs/history.md describes the schema. */
#ifndef HISTORY_DB_H
#define HISTORY_DB_H

#include "sqlite.h"
#include "../csv/csv.h"
#include "../record/metadata_read.h"

#include <stdbool.h>
#include <stddef.h>

#define HISTORY_DB_DEFAULT "results/osslbench.db"
/* The schema this osslbench writes; version 1 (samples as text) is
 * converted by history_migrate, a newer one refused. */
enum { HISTORY_SCHEMA_VERSION = 2 };
/* Schema 2: the tables every version has, then the results table. */
extern const char history_schema_common[], history_schema_results[];

/* READ (history, dashboard): a schema-2 database, opened query_only.
 * IMPORT: that, created when missing, or a schema-1 one; MIGRATE: a
 * schema-2 or schema-1 one.  *schema (when not NULL) gets its version. */
typedef enum { HISTORY_READ, HISTORY_IMPORT, HISTORY_MIGRATE } history_mode;

/* Opens (creating for IMPORT) the database: WAL, so readers never block
 * the one writer, and a busy timeout, so two imports at once wait for each
 * other instead of failing; READ read-only (db_file.h).  NULL with a
 * one-line reason; else why is "" or a warning to show (a -wal not read). */
sqlite3 *history_open(const char *path, history_mode mode, long *schema, char *why, size_t n);
/* The version of an osslbench database's schema (1 or 2), else -1. */
long history_schema_of(sqlite3 *db);

typedef struct {
    bool migrated;           /* false: it was schema 2 already */
    long long before, after; /* the file and its -wal, in bytes */
} history_migration;

/* A schema-1 database opened by history_open to schema 2, in one
 * transaction (a failure or an interruption leaves it as it was), then
 * VACUUMed; another process that migrates it first leaves nothing to do.
 * false with a one-line reason. */
bool history_migrate(sqlite3 *db, const char *path, history_migration *m, char *why, size_t n);
void history_close(sqlite3 *db);

typedef struct {
    size_t runs_added, runs_present, rows_added;
} import_counts;

/* Imports the run(s) of one results CSV, or of a run folder (its
 * results.csv), with the metadata.txt beside it.  A CSV from before run_id
 * gets one from its content.  false with a one-line reason; nothing of a
 * run is kept unless all of it is. */
bool history_import(sqlite3 *db, const char *input, import_counts *c, char *why, size_t n);
/* The same from rows and metadata already in memory (a run just made:
 * runner/run_result.h); source is the CSV they are in, as stored.  Rows
 * without a run_id get one (set is changed). */
bool history_import_rows(sqlite3 *db, result_set *set, const char *source, metadata_entry *meta,
                         size_t nmeta, import_counts *c, char *why, size_t n);

#endif
