#define _GNU_SOURCE
#include "history_db.h"
#include "../csv/csv.h"
#include "../csv/metadata_read.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BUSY_WAIT_MS = 60000 };

/* A column's SQL type from its columns.def type. */
#define SQL_TEXT "TEXT"
#define SQL_HEX "TEXT"
#define SQL_U64 "INTEGER"
#define SQL_U32 "INTEGER"
#define SQL_COUNT "INTEGER"
#define SQL_RATE "REAL"
#define SQL_STATUS "TEXT"
#define SQL_SAMPLES "TEXT"
#define SQL_BLOCKS "TEXT"

static const char schema_v1[] =
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS runs(run_id TEXT PRIMARY KEY, host TEXT, started TEXT,"
    " source TEXT NOT NULL, imported TEXT NOT NULL, rows INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS context(run_id TEXT NOT NULL REFERENCES runs(run_id),"
    " key TEXT NOT NULL, seq INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY(run_id, key, seq));"
    "CREATE TABLE IF NOT EXISTS results(row INTEGER NOT NULL"
#define COL(name, type, required) ", " #name " " SQL_##type
#include "../csv/columns.def"
#undef COL
    ", PRIMARY KEY(run_id, row), FOREIGN KEY(run_id) REFERENCES runs(run_id));"
    "CREATE INDEX IF NOT EXISTS results_point ON results(workload, api, bytes, label);";

/* SQLite's result code of sql; why says what failed. */
static int exec_rc(sqlite3 *db, const char *sql, char *why, size_t n)
{
    char *err = NULL;
    int rc = sq.sqlite3_exec(db, sql, NULL, NULL, &err);
    if (rc != SQLITE_OK)
        snprintf(why, n, "%s", err != NULL ? err : sq.sqlite3_errmsg(db));
    sq.sqlite3_free(err);
    return rc;
}

static bool exec(sqlite3 *db, const char *sql, char *why, size_t n)
{
    return exec_rc(db, sql, why, n) == SQLITE_OK;
}

/* The schema version recorded in meta, 0 for an empty database. */
static long schema_version(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    long v = 0;
    if (sq.sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'schema_version'", -1, &st,
                              NULL) == SQLITE_OK &&
        sq.sqlite3_step(st) == SQLITE_ROW)
        v = strtol((const char *)sq.sqlite3_column_text(st, 0), NULL, 10);
    sq.sqlite3_finalize(st);
    return v;
}

sqlite3 *history_open(const char *path, bool create, char *why, size_t n)
{
    sqlite3 *db = NULL;
    if (!sqlite_load(why, n))
        return NULL;
    int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);
    if (sq.sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
        snprintf(why, n, "%s: %s", path, db ? sq.sqlite3_errmsg(db) : "cannot open");
        sq.sqlite3_close(db);
        return NULL;
    }
    sq.sqlite3_busy_timeout(db, BUSY_WAIT_MS);
    char err[512];
    /* WAL first: creating the tables of a new file is then one transaction.
     * Switching a new file to WAL needs it alone, and SQLite answers
     * SQLITE_BUSY at once, without its busy handler, while another import
     * does the same: that is waited for here, as the busy timeout would. */
    int rc;
    for (long waited = 0;
         (rc = exec_rc(db, "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON;", err,
                       sizeof err)) == SQLITE_BUSY &&
         waited < BUSY_WAIT_MS;
         waited += 10)
        nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
    if (rc != SQLITE_OK || !exec(db, "BEGIN IMMEDIATE", err, sizeof err)) {
        snprintf(why, n, "%s: not an osslbench history database (%s)", path, err);
        sq.sqlite3_close(db);
        return NULL;
    }
    long v = schema_version(db);
    bool ok = true;
    if (v > HISTORY_SCHEMA_VERSION) {
        snprintf(err, sizeof err, "schema version %ld is newer than this osslbench's %d", v,
                 HISTORY_SCHEMA_VERSION);
        ok = false;
    } else if (v < HISTORY_SCHEMA_VERSION) {
        char set[128];
        snprintf(set, sizeof set,
                 "INSERT OR REPLACE INTO meta(key, value) VALUES('schema_version', '%d')",
                 HISTORY_SCHEMA_VERSION);
        ok = exec(db, schema_v1, err, sizeof err) && exec(db, set, err, sizeof err);
    }
    if (!ok || !exec(db, "COMMIT", err, sizeof err)) {
        exec(db, "ROLLBACK", why, n);
        snprintf(why, n, "%s: %s", path, err);
        sq.sqlite3_close(db);
        return NULL;
    }
    return db;
}

void history_close(sqlite3 *db)
{
    if (db != NULL)
        sq.sqlite3_close(db);
}
