#define _GNU_SOURCE
#include "history_db.h"
#include "db_file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum { BUSY_WAIT_MS = 60000 };

/* A column's SQL type from its columns.def type; schema 2 keeps a row's
 * samples, rates and blocks, in one blob (sample_pack.h) where schema 1
 * had the CSV's text. */
#define SQL_TEXT(name) ", " #name " TEXT"
#define SQL_HEX SQL_TEXT
#define SQL_STATUS SQL_TEXT
#define SQL_U64(name) ", " #name " INTEGER"
#define SQL_U32 SQL_U64
#define SQL_COUNT SQL_U64
#define SQL_RATE(name) ", " #name " REAL"
#define SQL_BLOCKS(name)
#define SQL_SAMPLES(name) ", sample_pack BLOB"

/* The whole schema, the tables every version has and then the results
 * table: a database is osslbench's when sqlite_master holds exactly what
 * this makes (history_schema_is_ours), nothing more. */
const char history_schema_common[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE runs(run_id TEXT PRIMARY KEY, host TEXT, started TEXT,"
    " source TEXT NOT NULL, imported TEXT NOT NULL, rows INTEGER NOT NULL);"
    "CREATE TABLE context(run_id TEXT NOT NULL REFERENCES runs(run_id),"
    " key TEXT NOT NULL, seq INTEGER NOT NULL, value TEXT NOT NULL, PRIMARY KEY(run_id, key, seq));";
const char history_schema_results[] = "CREATE TABLE results(row INTEGER NOT NULL"
#define COL(name, type, required) SQL_##type(name)
#include "../csv/columns.def"
#undef COL
    ", PRIMARY KEY(run_id, row), FOREIGN KEY(run_id) REFERENCES runs(run_id));"
    "CREATE INDEX results_point ON results(workload, api, bytes, label);";

/* The schema version 1 wrote, frozen as it was (columns.def may grow):
 * what `db migrate` recognises as a genuine version 1 file. */
static const char schema_v1[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE runs(run_id TEXT PRIMARY KEY, host TEXT, started TEXT, source TEXT NOT NULL, imported TEXT NOT NULL,"
    " rows INTEGER NOT NULL);"
    "CREATE TABLE context(run_id TEXT NOT NULL REFERENCES runs(run_id), key TEXT NOT NULL, seq INTEGER NOT NULL,"
    " value TEXT NOT NULL, PRIMARY KEY(run_id, key, seq));"
    "CREATE TABLE results(row INTEGER NOT NULL, label TEXT, version TEXT, version_num TEXT, flavor TEXT, lib TEXT,"
    " api TEXT, workload TEXT, op TEXT, bytes INTEGER, threads INTEGER, procs INTEGER, rate REAL, rate_stat TEXT,"
    " unit TEXT, ci_low REAL, ci_high REAL, samples INTEGER, iterations INTEGER, status TEXT, note TEXT, host TEXT,"
    " cpu TEXT, timestamp TEXT, cpus INTEGER, run_id TEXT, kind TEXT, family TEXT, providers TEXT, propquery TEXT,"
    " version_text TEXT, ia32cap TEXT, disturbed INTEGER, retaken INTEGER, sample_blocks TEXT, sample_rates TEXT,"
    " PRIMARY KEY(run_id, row), FOREIGN KEY(run_id) REFERENCES runs(run_id));"
    "CREATE INDEX results_point ON results(workload, api, bytes, label);";

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

/* What an SQLite error means to the user, from its primary result code. */
static const char *meaning(int rc)
{
    switch (rc & 0xff) {
    case SQLITE_BUSY: case SQLITE_LOCKED: return "locked by another process";
    case SQLITE_READONLY: return "read-only";
    case SQLITE_NOTADB: return "not an osslbench history database (not an SQLite file)";
    case SQLITE_CORRUPT: return "a damaged SQLite file";
    case SQLITE_CANTOPEN: return "cannot be opened";
    case SQLITE_PERM: case SQLITE_AUTH: return "permission denied";
    default: return "cannot be read";
    }
}

typedef enum { DB_OURS, DB_OLD, DB_EMPTY, DB_FOREIGN, DB_NEWER, DB_ERROR } db_state;

/* Appends each row of sqlite_master (type, name, tbl_name, sql) to a
 * string, one field after another with separators no name can hold. */
static int master_text(sqlite3 *db, char **out)
{
    size_t len = 0;
    FILE *m = open_memstream(out, &len);
    sqlite3_stmt *st = NULL;
    if (m == NULL)
        abort();
    int rc = sq.sqlite3_prepare_v2(db, "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name",
                                   -1, &st, NULL);
    while (st != NULL && (rc = sq.sqlite3_step(st)) == SQLITE_ROW)
        for (int i = 0; i < 4; i++) {
            const unsigned char *t = sq.sqlite3_column_text(st, i);
            fprintf(m, "%s%c", t != NULL ? (const char *)t : "\x01NULL", i < 3 ? '\x1f' : '\x1e');
        }
    sq.sqlite3_finalize(st);
    fclose(m);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

/* The version in meta: -1 when absent or not a whole number (a NULL, a
 * text, a real: not a row osslbench wrote). */
static long schema_version(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    long v = -1;
    if (sq.sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'schema_version'", -1, &st, NULL) == SQLITE_OK &&
        sq.sqlite3_step(st) == SQLITE_ROW && sq.sqlite3_column_type(st, 0) != SQLITE_NULL) {
        const unsigned char *t = sq.sqlite3_column_text(st, 0);
        char *end = NULL;
        errno = 0;
        long x = t != NULL ? strtol((const char *)t, &end, 10) : -1;
        if (t != NULL && end != (const char *)t && *end == '\0' && errno == 0 && x > 0)
            v = x;
    }
    sq.sqlite3_finalize(st);
    return v;
}

/* sqlite_master's text of a schema built in memory. */
static char *master_of(const char *a, const char *b)
{
    sqlite3 *mem = NULL;
    char *text = NULL;
    if (sq.sqlite3_open_v2(":memory:", &mem, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK ||
        sq.sqlite3_exec(mem, a, NULL, NULL, NULL) != SQLITE_OK ||
        (b != NULL && sq.sqlite3_exec(mem, b, NULL, NULL, NULL) != SQLITE_OK) || master_text(mem, &text) != SQLITE_OK)
        abort(); /* a schema above is wrong: a bug, caught by every test */
    sq.sqlite3_close(mem);
    return text;
}

/* DB_OURS: this version's schema exactly; DB_OLD: version 1's exactly. */
static db_state schema_state(sqlite3 *db, long *version, int *rc)
{
    static char *want, *want_v1;
    if (want == NULL) {
        want = master_of(history_schema_common, history_schema_results);
        want_v1 = master_of(schema_v1, NULL);
    }
    char *have = NULL;
    *version = -1;
    if ((*rc = master_text(db, &have)) != SQLITE_OK) {
        free(have);
        return DB_ERROR;
    }
    bool empty = *have == '\0', same = strcmp(have, want) == 0, v1 = strcmp(have, want_v1) == 0;
    free(have);
    if (empty)
        return DB_EMPTY;
    *version = schema_version(db);
    if (*version > HISTORY_SCHEMA_VERSION)
        return DB_NEWER;
    if (v1 && *version == 1)
        return DB_OLD;
    return same && *version == HISTORY_SCHEMA_VERSION ? DB_OURS : DB_FOREIGN;
}

long history_schema_of(sqlite3 *db)
{
    long version;
    int rc;
    db_state s = schema_state(db, &version, &rc);
    return s == DB_OURS || s == DB_OLD ? version : -1;
}

/* A new file's schema, in one transaction that waits for another import
 * doing the same; DB_OURS when it, or that other import, made it. */
static db_state create_schema(sqlite3 *db, long *version, int *rc, char *err, size_t n)
{
    /* WAL first: switching a new file needs it alone, and SQLite answers
     * SQLITE_BUSY at once, without its busy handler, while another import
     * does the same: that is waited for here, as the busy timeout would. */
    for (long waited = 0; (*rc = exec_rc(db, "PRAGMA journal_mode=WAL", err, n)) == SQLITE_BUSY && waited < BUSY_WAIT_MS;
         waited += 10)
        nanosleep(&(struct timespec){.tv_nsec = 10 * 1000 * 1000}, NULL);
    if (*rc != SQLITE_OK || (*rc = exec_rc(db, "BEGIN IMMEDIATE", err, n)) != SQLITE_OK)
        return DB_ERROR;
    db_state s = schema_state(db, version, rc);
    char set[128];
    snprintf(set, sizeof set, "INSERT INTO meta(key, value) VALUES('schema_version', '%d')", HISTORY_SCHEMA_VERSION);
    if (s == DB_EMPTY && ((*rc = exec_rc(db, history_schema_common, err, n)) != SQLITE_OK ||
                          (*rc = exec_rc(db, history_schema_results, err, n)) != SQLITE_OK ||
                          (*rc = exec_rc(db, set, err, n)) != SQLITE_OK))
        s = DB_ERROR;
    else if (s == DB_EMPTY)
        s = DB_OURS;
    if (s != DB_OURS || (*rc = exec_rc(db, "COMMIT", err, n)) != SQLITE_OK) {
        sq.sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        return s == DB_OURS ? DB_ERROR : s;
    }
    return s;
}

/* The state of an opened file: damaged first (a damaged meta table is no
 * foreign schema), then whose schema it holds, then, for a writer of
 * osslbench's own, its runs against their index. */
static db_state checked_state(sqlite3 *db, bool write, long *version, int *rc, char *err, size_t n)
{
    if ((*rc = history_check(db, HISTORY_CHECK_PAGES, err, n)) != SQLITE_OK)
        return DB_ERROR;
    db_state s = schema_state(db, version, rc);
    if (write && (s == DB_OURS || s == DB_OLD) && (*rc = history_check(db, HISTORY_CHECK_RUNS, err, n)) != SQLITE_OK)
        return DB_ERROR;
    if (write && (s == DB_EMPTY || s == DB_OURS || s == DB_OLD) && sq.sqlite3_db_readonly(db, "main") == 1)
        *rc = SQLITE_READONLY, s = DB_ERROR;
    return s;
}

sqlite3 *history_open(const char *path, history_mode mode, long *schema, char *why, size_t n)
{
    bool fresh, create = mode == HISTORY_IMPORT, write = mode != HISTORY_READ;
    char err[768] = "";
    int rc;
    why[0] = '\0';
    if (!sqlite_load(why, n) || !history_files_ok(path, create, &fresh, why, n))
        return NULL;
    sqlite3 *db = history_connect(path, write, fresh, &rc, why, n);
    if (db == NULL) {
        snprintf(why, n, "%s: %s (%s)", path, meaning(rc), rc == SQLITE_CANTOPEN ? "cannot open" : "SQLite refused it");
        return NULL;
    }
    sq.sqlite3_busy_timeout(db, BUSY_WAIT_MS);
    /* Nothing in the file runs as code (SQL functions from views, triggers
     * or defaults: trusted_schema, 3.31+; older ones ignore it), and the
     * read commands write nothing at all. */
    sq.sqlite3_exec(db, write ? "PRAGMA trusted_schema=OFF; PRAGMA foreign_keys=ON"
                              : "PRAGMA trusted_schema=OFF; PRAGMA query_only=ON", NULL, NULL, NULL);
    long version = -1;
    db_state s = checked_state(db, write, &version, &rc, err, sizeof err);
    if (create && s == DB_EMPTY)
        s = create_schema(db, &version, &rc, err, sizeof err);
    if (schema != NULL)
        *schema = s == DB_OURS ? HISTORY_SCHEMA_VERSION : version;
    switch (s) {
    case DB_OURS: return db;
    case DB_OLD:
        if (write)
            return db; /* for history_migrate */
        snprintf(why, n, "%s: schema version 1, from an older osslbench: osslbench db migrate --db FILE converts it "
                         "(db import does too); nothing was changed", path);
        break;
    case DB_EMPTY:
        snprintf(why, n, "%s: an empty SQLite database: not an osslbench history database", path);
        break;
    case DB_FOREIGN:
        snprintf(why, n, "%s: not an osslbench history database (its tables, indexes, triggers or views are not "
                         "osslbench's, or it has no schema_version; nothing was changed)", path);
        break;
    case DB_NEWER:
        snprintf(why, n, "%s: schema version %ld is newer than this osslbench's %d", path, version, HISTORY_SCHEMA_VERSION);
        break;
    case DB_ERROR:
        if ((rc & 0xff) == SQLITE_READONLY) /* SQLite's own words for it may be "not an error" */
            snprintf(why, n, "%s: read-only: db %s writes into the file and beside it, and may not here", path,
                     create ? "import" : "migrate");
        else
            snprintf(why, n, "%s: %s (%s)", path, meaning(rc), *err ? err : sq.sqlite3_errmsg(db));
        break;
    }
    sq.sqlite3_close(db);
    return NULL;
}

void history_close(sqlite3 *db)
{
    if (db != NULL)
        sq.sqlite3_close(db);
}
