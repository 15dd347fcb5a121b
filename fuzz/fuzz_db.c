/* libFuzzer harness: the history database reader.  Each input is written
 * as a database file and given to history_open as `history` and
 * `dashboard` do (read-only), then, when it is taken as osslbench's, read
 * back whole: every point in every format, the dashboard's data, and every
 * results row as the dashboard rebuilds one (its packed samples decoded:
 * history_rows.h).  Any file must be refused with a message or read, never
 * crash, overrun, hang or leak. */
#define _GNU_SOURCE
#include "../history/dashboard.h"
#include "../history/history_db.h"
#include "../history/history_query.h"
#include "../history/history_rows.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every results row back through history_row_read, as stored_row does. */
static void read_rows(sqlite3 *db)
{
    char sql[1024], why[256];
    snprintf(sql, sizeof sql, "SELECT %s FROM results", history_columns_v2);
    sqlite3_stmt *st = NULL;
    if (sq.sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK)
        while (sq.sqlite3_step(st) == SQLITE_ROW) {
            result_set one = {0};
            history_row_read(st, 1, HISTORY_SCHEMA_VERSION, &one, why, sizeof why);
            result_set_free(&one);
        }
    sq.sqlite3_finalize(st);
}

static void remove_db(const char *path)
{
    char side[300];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[256], why[1024];
    snprintf(path, sizeof path, "/tmp/osslbench-fuzz-db-%ld.db", (long)getpid());
    remove_db(path);
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    sqlite3 *db = history_open(path, HISTORY_READ, NULL, why, sizeof why);
    if (db != NULL) {
        FILE *out = fopen("/dev/null", "w");
        for (int fmt = HF_TERM; out != NULL && fmt <= HF_JSON; fmt++) {
            history_query q = {.workload = "sha256", .format = (history_format)fmt};
            history_write(db, &q, out, why, sizeof why);
        }
        dash_data d;
        if (dash_load(db, &d, why, sizeof why) && out != NULL)
            dash_write_page(&d, out);
        dash_free(&d);
        read_rows(db);
        if (out != NULL)
            fclose(out);
        history_close(db);
    }
    remove_db(path);
    return 0;
}
