#define _GNU_SOURCE
#include "history_same.h"
#include "history_db.h"
#include "history_rows.h"
#include "sample_pack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* r with its samples as the database gives them back. */
static void as_stored(const result_row *r, result_row *out)
{
    unsigned char *blob;
    size_t len;
    char why[128];
    *out = *r;
    out->sample_rates = NULL, out->sample_blocks = NULL, out->nsample = out->nblock = 0;
    if (sample_pack(r->sample_rates, r->nsample, r->sample_blocks, r->nblock, &blob, &len)) {
        sample_unpack(blob, len, &out->sample_rates, &out->nsample, &out->sample_blocks, &out->nblock, why,
                      sizeof why);
        free(blob);
    }
}

char *history_rows_text(const result_set *set, const size_t *idx, size_t n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (m == NULL)
        abort();
    for (size_t k = 0; k < n; k++) {
        result_row r;
        as_stored(&set->rows[idx[k]], &r);
        csv_write_row(m, &r);
        free(r.sample_rates), free(r.sample_blocks);
    }
    fclose(m);
    return text;
}

/* Stored row k (st's current row) as results.csv has it, or NULL with why. */
static char *stored_text(sqlite3_stmt *st, size_t k, size_t *len, char *why, size_t wn)
{
    result_set one;
    char line_why[512], *line = NULL;
    if (!history_row_read(st, 1, HISTORY_SCHEMA_VERSION, &one, line_why, sizeof line_why)) {
        snprintf(why, wn, "row %zu there: %s", k + 1, line_why);
        return NULL;
    }
    FILE *m = open_memstream(&line, len);
    if (m == NULL)
        abort();
    csv_write_row(m, &one.rows[0]);
    fclose(m);
    result_set_free(&one);
    return line;
}

bool history_same_rows(sqlite3 *db, const char *run_id, const char *text, size_t n_here, char *why, size_t wn)
{
    char *sql = NULL;
    if (asprintf(&sql, "SELECT %s FROM results WHERE run_id = ?1 ORDER BY row", history_columns_v2) < 0)
        abort();
    sqlite3_stmt *st = NULL;
    bool same = sq.sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK;
    free(sql);
    if (!same)
        snprintf(why, wn, "%s", sq.sqlite3_errmsg(db));
    sq.sqlite3_bind_text(st, 1, run_id, -1, SQ_COPY);
    size_t k = 0, at = 0, len = 0;
    int rc = SQLITE_DONE;
    while (same && (rc = sq.sqlite3_step(st)) == SQLITE_ROW) {
        char *line = stored_text(st, k, &len, why, wn);
        if (line != NULL && k >= n_here)
            snprintf(why, wn, "more rows there than the %zu here", n_here);
        else if (line != NULL && strncmp(text + at, line, len) != 0)
            snprintf(why, wn, "row %zu differs", k + 1);
        same = line != NULL && k < n_here && strncmp(text + at, line, len) == 0;
        at += len, k++;
        free(line);
    }
    if (same && rc != SQLITE_DONE) {
        snprintf(why, wn, "%s", sq.sqlite3_errmsg(db));
        same = false;
    } else if (same && k != n_here) {
        snprintf(why, wn, "%zu rows there, %zu here", k, n_here);
        same = false;
    }
    sq.sqlite3_finalize(st);
    return same;
}
