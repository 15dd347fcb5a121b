/* dash_read (dashboard.h): the rows and runs as the database has them. */
#define _GNU_SOURCE
#include "dashboard.h"
#include "../record/room.h"
#include "../record/row.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static char *text(sqlite3_stmt *st, int i)
{
    const unsigned char *t = sq.sqlite3_column_text(st, i);
    char *c = strdup(t != NULL ? (const char *)t : "");
    if (c == NULL)
        abort();
    return c;
}


static const char rows_sql[] =
    "SELECT r.workload || ', ' || r.api || ', ' || r.op ||"
    " CASE WHEN r.unit = 'B/s' THEN ', ' || r.bytes || ' B' ELSE '' END ||"
    " CASE WHEN r.threads > 1 THEN ', ' || r.threads || ' threads' ELSE '' END ||"
    " CASE WHEN r.procs > 1 THEN ', ' || r.procs || ' procs' ELSE '' END,"
    " u.host, r.label, r.run_id, u.started, r.unit, r.rate, r.ci_low, r.ci_high,"
    " r.row, r.version_num, r.flavor"
    " FROM results r JOIN runs u ON u.run_id = r.run_id"
    " ORDER BY r.workload, r.api, r.op, r.bytes, r.threads, r.procs, u.host, r.label,"
    " u.started, r.run_id";
static const char runs_sql[] =
    "SELECT run_id, started, host, source, rows FROM runs ORDER BY started, run_id";

static int by_id(const void *a, const void *b, void *ctx)
{
    const dash_run *run = ctx;
    return strcmp(run[*(const size_t *)a].run_id, run[*(const size_t *)b].run_id);
}

static int find_id(const void *key, const void *b, void *ctx)
{
    const dash_run *run = ctx;
    return strcmp(key, run[*(const size_t *)b].run_id);
}

/* The run a row belongs to, by byte-exact run_id; d->nrun when none (the
 * database compared ids another way: a row no chart may index with). */
static size_t run_of(const dash_data *d, const size_t *sorted, const char *run_id)
{
    size_t lo = 0, hi = d->nrun;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = find_id(run_id, &sorted[mid], d->run);
        if (c == 0)
            return sorted[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return d->nrun;
}

/* A rate shown and compared only when it is one: in a row's range
 * (record/row.h: 1.7e308 once drew y="-nan"), its CI around it (a crafted
 * database can hold anything). */
static void take_rate(dash_row *r, sqlite3_stmt *st)
{
    r->rate = sq.sqlite3_column_double(st, 6);
    r->lo = sq.sqlite3_column_double(st, 7);
    r->hi = sq.sqlite3_column_double(st, 8);
    r->has_rate = r->has_rate && row_rate_in_range(r->rate);
    if (!row_rate_in_range(r->lo) || r->lo > r->rate)
        r->lo = r->rate;
    if (!row_rate_in_range(r->hi) || r->hi < r->rate)
        r->hi = r->rate;
}

/* Where its samples are, and what release it is (for the reference rule);
 * a crafted value only makes it a later choice. */
static void take_release(dash_row *r, sqlite3_stmt *st)
{
    r->csv_row = (long)sq.sqlite3_column_int64(st, 9);
    const unsigned char *v = sq.sqlite3_column_text(st, 10);
    const char *num = v != NULL ? (const char *)v : "";
    bool hex = num[0] == '0' && (num[1] == 'x' || num[1] == 'X');
    r->version_num = strtoul(hex ? num + 2 : num, NULL, hex ? 16 : 10);
    const unsigned char *fl = sq.sqlite3_column_text(st, 11);
    if (!flavor_parse(fl != NULL ? (const char *)fl : "", &r->flavor))
        r->flavor = FLAVOR_OTHER;
}

bool dash_read(sqlite3 *db, dash_data *d, char *why, size_t n)
{
    *d = (dash_data){0};
    sqlite3_stmt *st = NULL;
    int rc = SQLITE_DONE;
    bool ok = sq.sqlite3_prepare_v2(db, runs_sql, -1, &st, NULL) == SQLITE_OK;
    while (ok && (rc = sq.sqlite3_step(st)) == SQLITE_ROW) {
        d->run = room_for_one(d->run, d->nrun, sizeof *d->run);
        d->run[d->nrun++] = (dash_run){.run_id = text(st, 0), .started = text(st, 1),
                                       .host = text(st, 2), .source = text(st, 3),
                                       .rows = (long)sq.sqlite3_column_int64(st, 4)};
    }
    ok = ok && rc == SQLITE_DONE; /* a damaged page ends the rows too: no page of fewer runs */
    if (!ok)
        snprintf(why, n, "%s", sq.sqlite3_errmsg(db));
    sq.sqlite3_finalize(st);
    st = NULL;
    size_t *sorted = malloc((d->nrun + 1) * sizeof *sorted);
    if (sorted == NULL)
        abort();
    for (size_t i = 0; i < d->nrun; i++)
        sorted[i] = i;
    qsort_r(sorted, d->nrun, sizeof *sorted, by_id, d->run);
    bool stray = false, listed = ok;
    ok = ok && sq.sqlite3_prepare_v2(db, rows_sql, -1, &st, NULL) == SQLITE_OK;
    while (ok && !stray && (rc = sq.sqlite3_step(st)) == SQLITE_ROW) {
        d->row = room_for_one(d->row, d->nrow, sizeof *d->row);
        dash_row *r = &d->row[d->nrow++];
        *r = (dash_row){.point = text(st, 0), .host = text(st, 1), .label = text(st, 2),
                        .run_id = text(st, 3), .started = text(st, 4), .unit = text(st, 5),
                        .has_rate = sq.sqlite3_column_type(st, 6) != SQLITE_NULL};
        take_rate(r, st);
        take_release(r, st);
        r->run = run_of(d, sorted, r->run_id);
        if (r->run == d->nrun) {
            snprintf(why, n, "results of run '%.64s' match no row of runs byte for byte: not an osslbench history database",
                     r->run_id);
            stray = true;
            d->nrow--;
            free(r->point), free(r->host), free(r->label), free(r->run_id), free(r->started), free(r->unit);
        }
    }
    free(sorted);
    ok = ok && (stray || rc == SQLITE_DONE);
    if (!ok && listed)
        snprintf(why, n, "%s", sq.sqlite3_errmsg(db));
    sq.sqlite3_finalize(st);
    return ok && !stray;
}

void dash_free(dash_data *d)
{
    for (size_t i = 0; i < d->nrow; i++) {
        dash_row *r = &d->row[i];
        free(r->point), free(r->host), free(r->label), free(r->run_id), free(r->started);
        free(r->unit);
    }
    for (size_t i = 0; i < d->nrun; i++) {
        dash_run *r = &d->run[i];
        free(r->run_id), free(r->started), free(r->host), free(r->source);
    }
    free(d->row);
    free(d->run);
    *d = (dash_data){0};
}
