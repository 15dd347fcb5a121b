/* `osslbench db import` and `db migrate` as functions: the database opened
 * (created for an import), a schema-1 one migrated, each run imported and
 * one line said per run; errors go to stderr, one line each.  What
 * cli/cmd_db.c and make compare (bench/, the run it just made, from
 * memory) both call. */
#ifndef HISTORY_DB_IMPORT_H
#define HISTORY_DB_IMPORT_H

#include "history_db.h"

#include <stdio.h>

typedef struct {
    const char *name;     /* a run folder or a results CSV, as given and said */
    result_set *rows;     /* NULL: read from name; else the run's rows in memory */
    const char *source;   /* with rows: the CSV they are in, as stored */
    metadata_entry *meta; /* with rows: its metadata */
    size_t nmeta;
} db_import_input;

/* Each input into the database at path; "NAME: N run(s) added (R rows), P
 * already in PATH" on out per run.  0 every run imported or already there;
 * 1 a run could not be (the others are kept) or the migration failed; 2
 * no database. */
int db_import_runs(const char *path, const db_import_input *in, size_t n, FILE *out);
/* The database at path to schema 2 (`db migrate`), its sizes said on out:
 * 0, 1 the migration failed, 2 no database. */
int db_migrate(const char *path, FILE *out);

/* "osslbench WHO: [WHAT: ]WHY" on stderr, the text made visible
 * (csv/text_visible.h): a path, a run_id or what SQLite said can hold
 * anything a file held. */
void db_say(const char *who, const char *what, const char *why);

#endif
