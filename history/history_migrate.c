/* history_migrate (history_db.h): schema 1 to 2.  The results table is
 * renamed aside, schema 2's made, and each row read back through the CSV
 * reader (history_row_read: a row no results file may hold stops the
 * migration) and written with its samples packed, as `db import` writes
 * one; all in one transaction, so SQLite's journal leaves the file as it
 * was on any failure or interruption.  VACUUM then returns the space the
 * text took (it needs a transaction of its own). */
#define _GNU_SOURCE
#include "history_db.h"
#include "history_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static long long file_size(const char *path, const char *suffix)
{
    char p[4200];
    struct stat st;
    snprintf(p, sizeof p, "%s%s", path, suffix);
    return stat(p, &st) == 0 ? (long long)st.st_size : 0;
}

static long long sizes(const char *path)
{
    return file_size(path, "") + file_size(path, "-wal");
}

static bool exec_ok(sqlite3 *db, const char *sql, char *why, size_t n)
{
    char *err = NULL;
    bool ok = sq.sqlite3_exec(db, sql, NULL, NULL, &err) == SQLITE_OK;
    if (!ok)
        snprintf(why, n, "%s", err != NULL ? err : sq.sqlite3_errmsg(db));
    sq.sqlite3_free(err);
    return ok;
}

/* Every row of results_v1 into the new results table. */
static bool copy_rows(sqlite3 *db, char *why, size_t n)
{
    char *sql = NULL;
    if (asprintf(&sql, "SELECT %s, run_id FROM results_v1 ORDER BY run_id, row", history_columns_v1) < 0)
        abort();
    sqlite3_stmt *from = NULL, *to = NULL;
    bool ok = sq.sqlite3_prepare_v2(db, sql, -1, &from, NULL) == SQLITE_OK &&
              sq.sqlite3_prepare_v2(db, history_insert_row, -1, &to, NULL) == SQLITE_OK;
    free(sql);
    if (!ok)
        snprintf(why, n, "%s", sq.sqlite3_errmsg(db));
    int rc = SQLITE_DONE;
    char err[512];
    while (ok && (rc = sq.sqlite3_step(from)) == SQLITE_ROW) {
        result_set one = {0};
        long long row = sq.sqlite3_column_int64(from, 0);
        ok = history_row_read(from, 1, 1, &one, err, sizeof err) && history_bind_row(to, row, &one.rows[0], err, sizeof err);
        if (ok && (sq.sqlite3_step(to) != SQLITE_DONE || sq.sqlite3_reset(to) != SQLITE_OK))
            ok = false, snprintf(err, sizeof err, "%s", sq.sqlite3_errmsg(db));
        if (!ok) {
            const unsigned char *run = sq.sqlite3_column_text(from, 1 + (int)result_column_count);
            snprintf(why, n, "run %s, row %lld: %s", run != NULL ? (const char *)run : "(none)", row, err);
        }
        result_set_free(&one);
    }
    if (ok && rc != SQLITE_DONE)
        ok = false, snprintf(why, n, "%s", sq.sqlite3_errmsg(db));
    sq.sqlite3_finalize(from);
    sq.sqlite3_finalize(to);
    return ok;
}

bool history_migrate(sqlite3 *db, const char *path, history_migration *m, char *why, size_t n)
{
    *m = (history_migration){.before = sizes(path)};
    char err[1024] = "";
    if (!exec_ok(db, "BEGIN IMMEDIATE", err, sizeof err)) {
        snprintf(why, n, "%s: not migrated: %s", path, err);
        return false;
    }
    /* another import may have migrated it while this one waited */
    long version = history_schema_of(db);
    bool ok = version == 1 || version == HISTORY_SCHEMA_VERSION;
    if (!ok)
        snprintf(err, sizeof err, "not an osslbench history database of schema 1 or 2");
    char set[128];
    snprintf(set, sizeof set, "UPDATE meta SET value = '%d' WHERE key = 'schema_version'", HISTORY_SCHEMA_VERSION);
    if (ok && version == 1)
        ok = exec_ok(db, "ALTER TABLE results RENAME TO results_v1; DROP INDEX results_point", err, sizeof err) &&
             exec_ok(db, history_schema_results, err, sizeof err) && copy_rows(db, err, sizeof err) &&
             exec_ok(db, "DROP TABLE results_v1", err, sizeof err) && exec_ok(db, set, err, sizeof err);
    /* what was made is what this osslbench takes as its own */
    if (ok && version == 1 && history_schema_of(db) != HISTORY_SCHEMA_VERSION)
        ok = false, snprintf(err, sizeof err, "the converted schema is not schema %d", HISTORY_SCHEMA_VERSION);
    if (ok && !exec_ok(db, "COMMIT", err, sizeof err))
        ok = false;
    if (!ok) {
        sq.sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        snprintf(why, n, "%s: not migrated, left as it was: %s", path, err);
        return false;
    }
    m->migrated = version == 1;
    /* the space the text took back, and the file's own size on disk */
    if (m->migrated && (!exec_ok(db, "VACUUM", err, sizeof err) ||
                        !exec_ok(db, "PRAGMA wal_checkpoint(TRUNCATE)", err, sizeof err))) {
        snprintf(why, n, "%s: migrated to schema %d, but not compacted: %s", path, HISTORY_SCHEMA_VERSION, err);
        return false;
    }
    m->after = sizes(path);
    return true;
}
