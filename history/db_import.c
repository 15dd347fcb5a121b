#include "db_import.h"
#include "../csv/text_visible.h"

void db_say(const char *who, const char *what, const char *why)
{
    fprintf(stderr, "osslbench %s: ", who);
    if (what != NULL) {
        text_put_visible(stderr, what, false);
        fputs(": ", stderr);
    }
    text_put_visible(stderr, why, false);
    fputc('\n', stderr);
}

/* A schema-1 database to schema 2, saying so in one line. */
static bool migrate(sqlite3 *db, const char *path, long schema, FILE *out)
{
    char why[1024];
    history_migration m;
    if (schema == HISTORY_SCHEMA_VERSION) {
        text_put_visible(out, path, false);
        fprintf(out, ": schema %d already, nothing to migrate\n", HISTORY_SCHEMA_VERSION);
        return true;
    }
    if (!history_migrate(db, path, &m, why, sizeof why)) {
        db_say("db migrate", NULL, why);
        return false;
    }
    text_put_visible(out, path, false);
    if (m.migrated)
        fprintf(out, ": migrated from schema 1 to %d: %lld bytes before, %lld after\n",
                HISTORY_SCHEMA_VERSION, m.before, m.after);
    else
        fprintf(out, ": schema %d already (another process migrated it)\n", HISTORY_SCHEMA_VERSION);
    return true;
}

/* The database opened for mode, a schema-1 one migrated first when asked
 * (always for MIGRATE); NULL after saying why, *status set. */
static sqlite3 *open_db(const char *path, history_mode mode, FILE *out, int *status)
{
    char why[1024];
    long schema = -1;
    sqlite3 *db = history_open(path, mode, &schema, why, sizeof why);
    if (db == NULL) {
        db_say("db", NULL, why);
        *status = 2;
        return NULL;
    }
    if ((mode == HISTORY_MIGRATE || schema == 1) && !migrate(db, path, schema, out)) {
        history_close(db);
        *status = 1;
        return NULL;
    }
    *status = 0;
    return db;
}

int db_import_runs(const char *path, const db_import_input *in, size_t n, FILE *out)
{
    int status;
    sqlite3 *db = open_db(path, HISTORY_IMPORT, out, &status);
    for (size_t i = 0; db != NULL && i < n; i++) {
        import_counts c = {0};
        char why[1024];
        bool ok = in[i].rows != NULL
                      ? history_import_rows(db, in[i].rows, in[i].source, in[i].meta, in[i].nmeta,
                                            &c, why, sizeof why)
                      : history_import(db, in[i].name, &c, why, sizeof why);
        if (!ok) {
            db_say("db import", NULL, why);
            status = 1;
            continue;
        }
        text_put_visible(out, in[i].name, false); /* a handed folder's name can hold an escape sequence */
        fprintf(out, ": %zu run(s) added (%zu rows), %zu already in ", c.runs_added, c.rows_added,
                c.runs_present);
        text_put_visible(out, path, false);
        fputc('\n', out);
    }
    if (db != NULL)
        history_close(db);
    return status;
}

int db_migrate(const char *path, FILE *out)
{
    int status;
    sqlite3 *db = open_db(path, HISTORY_MIGRATE, out, &status);
    if (db != NULL)
        history_close(db);
    return status;
}
