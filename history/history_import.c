/* history_import (history_db.h): a results CSV and its metadata.txt into
 * the database, one transaction per run. */
#define _GNU_SOURCE
#include "history_db.h"
#include "../csv/csv.h"
#include "../csv/metadata_read.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One binder per column type of columns.def, as csv_write.c has a writer. */
static void bind_TEXT(sqlite3_stmt *st, int i, const result_row *r, const char *v)
{
    (void)r;
    sq.sqlite3_bind_text(st, i, v, -1, SQ_COPY);
}

static void bind_HEX(sqlite3_stmt *st, int i, const result_row *r, unsigned long v)
{
    char hex[32];
    snprintf(hex, sizeof hex, "0x%lx", v);
    bind_TEXT(st, i, r, hex);
}

static void bind_U64(sqlite3_stmt *st, int i, const result_row *r, uint64_t v)
{
    (void)r;
    sq.sqlite3_bind_int64(st, i, (long long)v);
}

static void bind_U32(sqlite3_stmt *st, int i, const result_row *r, uint32_t v)
{
    bind_U64(st, i, r, v);
}

static void bind_COUNT(sqlite3_stmt *st, int i, const result_row *r, uint32_t v)
{
    bind_U64(st, i, r, v ? v : 1);
}

/* As in the CSV: a rate only on an ok row. */
static void bind_RATE(sqlite3_stmt *st, int i, const result_row *r, double v)
{
    if (r->status == ST_OK)
        sq.sqlite3_bind_double(st, i, v);
    else
        sq.sqlite3_bind_null(st, i);
}

static void bind_STATUS(sqlite3_stmt *st, int i, const result_row *r, row_status v)
{
    bind_TEXT(st, i, r, row_status_name(v));
}

/* Samples and blocks as results.csv has them (csv_put_samples, _blocks). */
static void bind_field(sqlite3_stmt *st, int i, const result_row *r,
                       void (*put)(FILE *, const result_row *))
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        abort();
    put(f, r);
    fclose(f);
    bind_TEXT(st, i, r, text);
    free(text);
}

static void bind_SAMPLES(sqlite3_stmt *st, int i, const result_row *r, const double *v)
{
    (void)v;
    bind_field(st, i, r, csv_put_samples);
}

static void bind_BLOCKS(sqlite3_stmt *st, int i, const result_row *r, const uint32_t *v)
{
    (void)v;
    bind_field(st, i, r, csv_put_blocks);
}

static const char insert_row[] = "INSERT INTO results(row"
#define COL(name, type, required) ", " #name
#include "../csv/columns.def"
#undef COL
                                 ") VALUES(?"
#define COL(name, type, required) ", ?"
#include "../csv/columns.def"
#undef COL
                                 ")";

static bool insert_rows(sqlite3 *db, const result_set *set, const char *run_id, size_t *added)
{
    sqlite3_stmt *st = NULL;
    if (sq.sqlite3_prepare_v2(db, insert_row, -1, &st, NULL) != SQLITE_OK)
        return false;
    bool ok = true;
    long long row = 0;
    for (size_t k = 0; ok && k < set->count; k++) {
        result_row r = set->rows[k];
        if (strcmp(r.run_id, run_id) != 0 && r.run_id[0] != '\0')
            continue;
        snprintf(r.run_id, sizeof r.run_id, "%.39s", run_id);
        int i = 1;
        sq.sqlite3_bind_int64(st, i++, row++);
#define COL(name, type, required) bind_##type(st, i++, &r, r.name);
#include "../csv/columns.def"
#undef COL
        ok = sq.sqlite3_step(st) == SQLITE_DONE && sq.sqlite3_reset(st) == SQLITE_OK;
    }
    sq.sqlite3_finalize(st);
    *added += (size_t)row;
    return ok;
}

/* Runs one statement with text parameters (NULL: SQL NULL); for SELECT,
 * whether it gave a row. */
static int run_sql(sqlite3 *db, const char *sql, const char *const *params, size_t n)
{
    sqlite3_stmt *st = NULL;
    if (sq.sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (params[i] != NULL)
            sq.sqlite3_bind_text(st, (int)i + 1, params[i], -1, SQ_COPY);
    int rc = sq.sqlite3_step(st);
    sq.sqlite3_finalize(st);
    return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

static bool insert_run(sqlite3 *db, const result_set *set, const char *run_id, const char *source,
                       const metadata_entry *meta, size_t nmeta, import_counts *c)
{
    const result_row *first = NULL;
    size_t rows = 0;
    for (size_t k = 0; k < set->count; k++)
        if (strcmp(set->rows[k].run_id, run_id) == 0 || set->rows[k].run_id[0] == '\0') {
            first = first ? first : &set->rows[k];
            rows++;
        }
    char now[32], nrows[32], seq[32];
    time_t t = time(NULL);
    strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    snprintf(nrows, sizeof nrows, "%zu", rows);
    const char *host = metadata_first(meta, nmeta, "host"), *started = metadata_first(meta, nmeta, "started");
    const char *run[] = {run_id, host ? host : first->host, started ? started : first->timestamp,
                         source, now, nrows};
    if (run_sql(db, "INSERT INTO runs(run_id, host, started, source, imported, rows) "
                    "VALUES(?, ?, ?, ?, ?, ?)", run, 6) != 0)
        return false;
    for (size_t k = 0; k < nmeta; k++)
        for (size_t i = 0; i < meta[k].n; i++) {
            snprintf(seq, sizeof seq, "%zu", i);
            const char *p[] = {run_id, meta[k].key, seq, meta[k].values[i]};
            if (run_sql(db, "INSERT INTO context(run_id, key, seq, value) VALUES(?, ?, ?, ?)", p, 4) != 0)
                return false;
        }
    c->runs_added++;
    return insert_rows(db, set, run_id, &c->rows_added);
}

/* A run id for rows from before the run_id column: from their content, so
 * that the same file imported twice is the same run. */
static void content_id(const result_set *set, char *out, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    for (size_t k = 0; f != NULL && k < set->count; k++)
        csv_write_row(f, &set->rows[k]);
    if (f != NULL)
        fclose(f);
    for (size_t i = 0; text != NULL && i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 1099511628211ull;
    free(text);
    snprintf(out, n, "content-%016" PRIx64, h);
}

bool history_import(sqlite3 *db, const char *input, import_counts *c, char *why, size_t n)
{
    result_set set;
    char path[4096], meta_path[4200], id[64];
    if (!csv_read_input(input, &set, path, sizeof path, why, n))
        return false;
    metadata_entry *meta = NULL;
    size_t nmeta = strcmp(input, "-") != 0 && run_metadata_path(path, meta_path, sizeof meta_path)
                       ? metadata_read(meta_path, &meta) : 0;
    bool ok = true;
    for (size_t k = 0; ok && k < set.count; k++) {
        const char *run_id = set.rows[k].run_id;
        bool seen = false;
        for (size_t j = 0; j < k && !seen; j++)
            seen = strcmp(set.rows[j].run_id, run_id) == 0;
        if (seen)
            continue;
        if (run_id[0] == '\0')
            content_id(&set, id, sizeof id), run_id = id;
        const char *key[] = {run_id};
        char err[256] = "";
        if (sq.sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
            snprintf(why, n, "%s: the database is busy or read-only: %s", path, sq.sqlite3_errmsg(db));
            ok = false;
        } else if (run_sql(db, "SELECT 1 FROM runs WHERE run_id = ?", key, 1) == 1) {
            c->runs_present++;
            sq.sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        } else if (!insert_run(db, &set, run_id, path, meta, nmeta, c) ||
                   sq.sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
            snprintf(err, sizeof err, "%s", sq.sqlite3_errmsg(db));
            sq.sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            snprintf(why, n, "%s: run %s not imported: %s", path, run_id, err);
            ok = false;
        }
    }
    metadata_free(meta, nmeta);
    result_set_free(&set);
    return ok;
}
