/* history_import (history_db.h): a run's rows and metadata into the
 * database, from memory (make compare's run) or from a results CSV and its
 * metadata.txt: one transaction for the file, a savepoint per run, every
 * statement prepared once, so that the cost grows with the rows alone. */
#define _GNU_SOURCE
#include "history_db.h"
#include "history_rows.h"
#include "history_same.h"
#include "../csv/csv.h"
#include "../record/metadata_read.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The context key holding a run's digest: not a key metadata.txt can give
 * (the import skips it there), so the run's own rows decide it.  Kept for
 * people and tools; a second import compares the stored rows themselves
 * (history_same.h): a handed database's digest can say anything. */
#define DIGEST_KEY "osslbench.rows_digest"

enum { ST_FIND, ST_RUN, ST_CONTEXT, ST_ROW, NST };
static const char *const statements[NST] = {
    [ST_FIND] = "SELECT source, imported FROM runs WHERE run_id = ?",
    [ST_RUN] = "INSERT INTO runs(run_id, host, started, source, imported, rows) VALUES(?, ?, ?, ?, ?, ?)",
    [ST_CONTEXT] = "INSERT INTO context(run_id, key, seq, value) VALUES(?, ?, ?, ?)",
    [ST_ROW] = history_insert_row,
};

typedef struct {
    sqlite3 *db;
    sqlite3_stmt *st[NST];
    const result_set *set;
    const char *source, *now;
    metadata_entry *meta;
    size_t nmeta;
} importer;

/* Steps a statement of text parameters (NULL: SQL NULL) and resets it. */
static int step_text(sqlite3_stmt *st, const char *const *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != NULL)
            sq.sqlite3_bind_text(st, (int)i + 1, p[i], -1, SQ_COPY);
        else
            sq.sqlite3_bind_null(st, (int)i + 1);
    int rc = sq.sqlite3_step(st);
    if (rc != SQLITE_ROW)
        sq.sqlite3_reset(st);
    return rc;
}

/* FNV-1a of the rows as results.csv has them: what a run is, beside its id. */
static void rows_digest(const importer *im, const size_t *idx, size_t n, char *out, size_t len)
{
    uint64_t h = 1469598103934665603ull;
    char *text = NULL;
    size_t tlen = 0;
    FILE *f = open_memstream(&text, &tlen);
    if (f == NULL)
        abort();
    for (size_t k = 0; k < n; k++)
        csv_write_row(f, &im->set->rows[idx[k]]);
    fclose(f);
    for (size_t i = 0; i < tlen; i++)
        h = (h ^ (unsigned char)text[i]) * 1099511628211ull;
    free(text);
    snprintf(out, len, "fnv1a64-%016" PRIx64, h);
}

static bool insert_run(importer *im, const char *run_id, const size_t *idx, size_t n, const char *digest, char *why,
                       size_t wn)
{
    const result_row *first = &im->set->rows[idx[0]];
    char nrows[32], seq[32];
    snprintf(nrows, sizeof nrows, "%zu", n);
    const char *host = metadata_first(im->meta, im->nmeta, "host");
    const char *started = metadata_first(im->meta, im->nmeta, "started");
    const char *run[] = {run_id, host ? host : first->host, started ? started : first->timestamp, im->source, im->now, nrows};
    if (step_text(im->st[ST_RUN], run, 6) != SQLITE_DONE)
        return false;
    const char *d[] = {run_id, DIGEST_KEY, "0", digest};
    if (step_text(im->st[ST_CONTEXT], d, 4) != SQLITE_DONE)
        return false;
    for (size_t k = 0; k < im->nmeta; k++)
        for (size_t i = 0; i < im->meta[k].n && strcmp(im->meta[k].key, DIGEST_KEY) != 0; i++) {
            snprintf(seq, sizeof seq, "%zu", i);
            const char *p[] = {run_id, im->meta[k].key, seq, im->meta[k].values[i]};
            if (step_text(im->st[ST_CONTEXT], p, 4) != SQLITE_DONE)
                return false;
        }
    sqlite3_stmt *st = im->st[ST_ROW];
    for (size_t k = 0; k < n; k++) {
        if (!history_bind_row(st, (long long)k, &im->set->rows[idx[k]], why, wn))
            return false;
        if (sq.sqlite3_step(st) != SQLITE_DONE || sq.sqlite3_reset(st) != SQLITE_OK) {
            snprintf(why, wn, "%s", sq.sqlite3_errmsg(im->db));
            return false;
        }
    }
    return true;
}

/* One run (rows idx[0..n), all of run_id): added, already there (the same
 * rows as those stored, read back: history_same.h), or an error naming
 * both runs when the id is taken by other rows. */
static bool import_run(importer *im, import_counts *c, const char *run_id, const size_t *idx, size_t n, char *why,
                       size_t wn)
{
    const char *key[] = {run_id};
    sqlite3_stmt *find = im->st[ST_FIND];
    if (step_text(find, key, 1) == SQLITE_ROW) {
        const unsigned char *src = sq.sqlite3_column_text(find, 0), *when = sq.sqlite3_column_text(find, 1);
        char there[512], at[64], how[128];
        snprintf(there, sizeof there, "%s", src ? (const char *)src : "?");
        snprintf(at, sizeof at, "%s", when ? (const char *)when : "?");
        sq.sqlite3_reset(find);
        char *text = history_rows_text(im->set, idx, n);
        bool same = history_same_rows(im->db, run_id, text, n, how, sizeof how);
        free(text);
        if (!same)
            snprintf(why, wn, "%s: run %s differs from the run %s already in the database (imported from %s at %s): "
                              "not imported; two runs under one run_id (%s)",
                     im->source, run_id, run_id, there, at, how);
        c->runs_present += same;
        return same;
    }
    char digest[64], detail[512] = "";
    rows_digest(im, idx, n, digest, sizeof digest);
    if (sq.sqlite3_exec(im->db, "SAVEPOINT run", NULL, NULL, NULL) != SQLITE_OK ||
        !insert_run(im, run_id, idx, n, digest, detail, sizeof detail)) {
        snprintf(why, wn, "%s: run %s not imported: %s", im->source, run_id, *detail ? detail : sq.sqlite3_errmsg(im->db));
        sq.sqlite3_exec(im->db, "ROLLBACK TO run; RELEASE run", NULL, NULL, NULL);
        return false;
    }
    sq.sqlite3_exec(im->db, "RELEASE run", NULL, NULL, NULL);
    c->runs_added++;
    c->rows_added += n;
    return true;
}

static int by_run_id(const void *a, const void *b, void *ctx)
{
    const result_set *set = ctx;
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    int c = strcmp(set->rows[x].run_id, set->rows[y].run_id);
    return c != 0 ? c : x < y ? -1 : x > y;
}

/* Rows without a run_id (a CSV from before the column) are a run of their
 * own, with an id from their content, so that the same file imported twice
 * is the same run and such a row never joins a run that has an id. */
static void give_content_id(result_set *set)
{
    uint64_t h = 1469598103934665603ull;
    bool any = false;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (f == NULL)
        abort();
    for (size_t k = 0; k < set->count; k++)
        if (set->rows[k].run_id[0] == '\0')
            csv_write_row(f, &set->rows[k]), any = true;
    fclose(f);
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 1099511628211ull;
    free(text);
    for (size_t k = 0; any && k < set->count; k++)
        if (set->rows[k].run_id[0] == '\0')
            snprintf(set->rows[k].run_id, sizeof set->rows[k].run_id, "content-%016" PRIx64, h);
}

static bool import_set(importer *im, result_set *set, import_counts *c, char *why, size_t n)
{
    give_content_id(set);
    size_t *idx = malloc((set->count + 1) * sizeof *idx);
    if (idx == NULL)
        abort();
    for (size_t k = 0; k < set->count; k++)
        idx[k] = k;
    qsort_r(idx, set->count, sizeof *idx, by_run_id, set);
    bool ok = true;
    char err[1024];
    size_t failed = 0;
    for (size_t a = 0, b; a < set->count; a = b) {
        for (b = a + 1; b < set->count && strcmp(set->rows[idx[b]].run_id, set->rows[idx[a]].run_id) == 0; b++)
            ;
        if (!import_run(im, c, set->rows[idx[a]].run_id, idx + a, b - a, err, sizeof err)) {
            if (failed++ == 0)
                snprintf(why, n, "%s", err);
            ok = false;
        }
    }
    if (failed > 1) {
        size_t used = strlen(why);
        snprintf(why + used, n - used, " (and %zu more run(s) not imported)", failed - 1);
    }
    free(idx);
    return ok;
}

bool history_import_rows(sqlite3 *db, result_set *set, const char *source, metadata_entry *meta,
                         size_t nmeta, import_counts *c, char *why, size_t n)
{
    char now[32];
    time_t t = time(NULL);
    strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    importer im = {.db = db, .set = set, .source = source, .now = now, .meta = meta, .nmeta = nmeta};
    bool began = sq.sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK, ok = began;
    if (!began)
        snprintf(why, n, "%s: the database is busy or read-only: %s", source, sq.sqlite3_errmsg(db));
    for (int i = 0; ok && i < NST; i++)
        if (sq.sqlite3_prepare_v2(db, statements[i], -1, &im.st[i], NULL) != SQLITE_OK) {
            snprintf(why, n, "%s: %s", source, sq.sqlite3_errmsg(db));
            ok = false;
        }
    if (ok)
        ok = import_set(&im, set, c, why, n);
    for (int i = 0; i < NST; i++)
        sq.sqlite3_finalize(im.st[i]);
    if (began && sq.sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        snprintf(why, n, "%s: not imported: %s", source, sq.sqlite3_errmsg(db));
        sq.sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        c->runs_added = c->rows_added = 0;
        ok = false;
    }
    return ok;
}

bool history_import(sqlite3 *db, const char *input, import_counts *c, char *why, size_t n)
{
    result_set set;
    char path[4096], meta_path[4200];
    if (!csv_read_input(input, &set, path, sizeof path, why, n))
        return false;
    if (set.cut_line > 0) { /* a run is all there or not at all */
        snprintf(why, n, "%s: line %zu is cut short (no end of line: a full disk or a crash?): not imported, a run "
                         "goes in whole", path, set.cut_line);
        result_set_free(&set);
        return false;
    }
    metadata_entry *meta;
    size_t nmeta;
    bool have = strcmp(input, "-") != 0 && run_metadata_path(path, meta_path, sizeof meta_path);
    bool ok = metadata_read(have ? meta_path : NULL, &meta, &nmeta, why, n);
    if (!ok) {
        size_t len = strlen(why);
        snprintf(why + len, n - len, ": not imported");
    } else {
        ok = history_import_rows(db, &set, path, meta, nmeta, c, why, n);
        metadata_free(meta, nmeta);
    }
    result_set_free(&set);
    return ok;
}
