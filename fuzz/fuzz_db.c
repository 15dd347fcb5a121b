/* libFuzzer harness: the history database reader.  Each input is written
 * as a database file and given to history_open as `history` and
 * `dashboard` do (read-only), then, when it is taken as osslbench's, read
 * back whole: every point in every format, and the dashboard's data.  Any
 * file must be refused with a message or read, never crash, overrun, hang
 * or leak. */
#define _GNU_SOURCE
#include "../history/dashboard.h"
#include "../history/history_db.h"
#include "../history/history_query.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
    sqlite3 *db = history_open(path, false, why, sizeof why);
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
        if (out != NULL)
            fclose(out);
        history_close(db);
    }
    remove_db(path);
    return 0;
}
