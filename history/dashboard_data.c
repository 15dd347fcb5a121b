/* dash_load (dashboard.h): the rows and runs, and which rows are changes. */
#define _GNU_SOURCE
#include "dashboard.h"

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

static void *grow(void *p, size_t count, size_t size)
{
    void *q = realloc(p, (count + 1) * size);
    if (q == NULL)
        abort();
    return q;
}

static const char rows_sql[] =
    "SELECT r.workload || ', ' || r.api || ', ' || r.op ||"
    " CASE WHEN r.unit = 'B/s' THEN ', ' || r.bytes || ' B' ELSE '' END ||"
    " CASE WHEN r.threads > 1 THEN ', ' || r.threads || ' threads' ELSE '' END ||"
    " CASE WHEN r.procs > 1 THEN ', ' || r.procs || ' procs' ELSE '' END,"
    " u.host, r.label, r.run_id, u.started, r.unit, r.rate, r.ci_low, r.ci_high"
    " FROM results r JOIN runs u ON u.run_id = r.run_id"
    " ORDER BY r.workload, r.api, r.op, r.bytes, r.threads, r.procs, u.host, r.label,"
    " u.started, r.run_id";
static const char runs_sql[] =
    "SELECT run_id, started, host, source, rows FROM runs ORDER BY started, run_id";

/* The previous row of the same point, host and library, or NULL. */
static const dash_row *previous(const dash_data *d, size_t i)
{
    if (i == 0)
        return NULL;
    const dash_row *a = &d->row[i - 1], *b = &d->row[i];
    bool same = strcmp(a->point, b->point) == 0 && strcmp(a->host, b->host) == 0 &&
                strcmp(a->label, b->label) == 0;
    return same ? a : NULL;
}

static void mark_changes(dash_data *d)
{
    for (size_t i = 0; i < d->nrow; i++) {
        dash_row *r = &d->row[i];
        const dash_row *p = previous(d, i);
        while (p != NULL && !p->has_rate)
            p = previous(d, (size_t)(p - d->row));
        r->changed = p != NULL && r->has_rate && (r->lo > p->hi || r->hi < p->lo) &&
                     fabs(r->rate / p->rate - 1) > DASH_CHANGE_THRESHOLD;
    }
}

bool dash_load(sqlite3 *db, dash_data *d, char *why, size_t n)
{
    *d = (dash_data){0};
    sqlite3_stmt *st = NULL;
    bool ok = sq.sqlite3_prepare_v2(db, runs_sql, -1, &st, NULL) == SQLITE_OK;
    while (ok && sq.sqlite3_step(st) == SQLITE_ROW) {
        d->run = grow(d->run, d->nrun, sizeof *d->run);
        d->run[d->nrun++] = (dash_run){.run_id = text(st, 0), .started = text(st, 1),
                                       .host = text(st, 2), .source = text(st, 3),
                                       .rows = (long)sq.sqlite3_column_int64(st, 4)};
    }
    sq.sqlite3_finalize(st);
    ok = ok && sq.sqlite3_prepare_v2(db, rows_sql, -1, &st, NULL) == SQLITE_OK;
    while (ok && sq.sqlite3_step(st) == SQLITE_ROW) {
        d->row = grow(d->row, d->nrow, sizeof *d->row);
        dash_row *r = &d->row[d->nrow++];
        *r = (dash_row){.point = text(st, 0), .host = text(st, 1), .label = text(st, 2),
                        .run_id = text(st, 3), .started = text(st, 4), .unit = text(st, 5),
                        .has_rate = sq.sqlite3_column_type(st, 6) != SQLITE_NULL};
        r->rate = sq.sqlite3_column_double(st, 6);
        r->lo = sq.sqlite3_column_double(st, 7);
        r->hi = sq.sqlite3_column_double(st, 8);
        while (r->run < d->nrun && strcmp(d->run[r->run].run_id, r->run_id) != 0)
            r->run++;
    }
    if (ok)
        sq.sqlite3_finalize(st);
    if (!ok)
        snprintf(why, n, "%s", sq.sqlite3_errmsg(db));
    mark_changes(d);
    return ok;
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
