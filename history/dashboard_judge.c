/* dash_mark_changes (dashboard.h): each row against the row before it in
 * its series (a library's runs; make track's commits, one run each, as
 * one series).  Judged on the ratio to the reference of the same run where
 * both rows have one; else on the rate with the machine's drift between
 * the two runs taken out; else, with no reference ever beside it, on the
 * rates as measured (docs/history.md).  The ratio's interval comes from
 * the visits, through report's ratio (report_speedup), and only for a
 * ratio that moved by more than the threshold: reading back every row's
 * samples for a long history would cost minutes. */
#define _GNU_SOURCE
#include "dashboard.h"
#include "history_db.h"
#include "history_rows.h"
#include "../analysis/report.h"
#include "../csv/csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One stored row back as the result_row results.csv had (history_rows.h:
 * its samples unpacked, the whole row through the CSV reader). */
static bool stored_row(sqlite3 *db, const dash_row *r, result_set *out)
{
    char *sql = NULL, why[256];
    if (asprintf(&sql, "SELECT %s FROM results WHERE run_id = ?1 AND row = ?2", history_columns_v2) < 0)
        abort();
    sqlite3_stmt *st = NULL;
    bool ok = sq.sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK;
    free(sql);
    if (ok) {
        sq.sqlite3_bind_text(st, 1, r->run_id, -1, SQ_COPY);
        sq.sqlite3_bind_int64(st, 2, r->csv_row);
        ok = sq.sqlite3_step(st) == SQLITE_ROW && history_row_read(st, 1, HISTORY_SCHEMA_VERSION, out, why, sizeof why);
    }
    sq.sqlite3_finalize(st);
    return ok;
}

/* Row i's ratio interval: report's, from both rows' visits (scaled to the
 * ratio of the rates shown).  Rows without visits (older files) have none
 * (NAN), and a change needs two intervals apart: none is claimed for them. */
static void ratio_interval(sqlite3 *db, dash_data *d, size_t i)
{
    dash_row *r = &d->row[i];
    if (r->ratio_ci || !r->has_ratio)
        return;
    r->ratio_ci = true;
    const dash_row *ref = &d->row[r->ref];
    r->rlo = r->rhi = NAN;
    result_set a = {0}, b = {0};
    if (stored_row(db, r, &a) && stored_row(db, ref, &b)) {
        report_ratio q = report_speedup(&a.rows[0], &b.rows[0]);
        if (q.method != CI_NONE && q.method != CI_NO_CI && q.ratio > 0 && isfinite(q.lo) &&
            isfinite(q.hi) && q.lo <= q.ratio && q.hi >= q.ratio) {
            r->rlo = r->ratio * q.lo / q.ratio;
            r->rhi = r->ratio * q.hi / q.ratio;
        }
    }
    result_set_free(&a);
    result_set_free(&b);
}

/* What row r is judged on against p, and whether it moved by more than the
 * threshold on it (a candidate: its interval decides). */
static bool moved(const dash_data *d, dash_row *r, const dash_row *p)
{
    if (r->has_ratio && p->has_ratio) {
        r->judged = DASH_BY_RATIO;
        return p->ratio > 0 && fabs(r->ratio / p->ratio - 1) > DASH_CHANGE_THRESHOLD;
    }
    double drift = dash_drift_between(d, p->run, r->run);
    r->judged = isfinite(drift) ? DASH_BY_DRIFT : DASH_BY_RATE;
    if (!isfinite(drift))
        drift = 1;
    return p->rate > 0 ? fabs(r->rate / drift / p->rate - 1) > DASH_CHANGE_THRESHOLD : r->rate > 0;
}

static bool apart(double lo, double hi, double plo, double phi)
{
    return lo > phi || hi < plo;
}

static bool is_change(const dash_data *d, const dash_row *r, const dash_row *p)
{
    if (r->judged == DASH_BY_RATIO)
        return apart(r->rlo, r->rhi, p->rlo, p->rhi);
    double drift = r->judged == DASH_BY_DRIFT ? dash_drift_between(d, p->run, r->run) : 1;
    return apart(r->lo / drift, r->hi / drift, p->lo, p->hi);
}

/* prev of each row: the row before it in its series with a rate. */
static void link_series(dash_data *d)
{
    size_t *single = malloc((d->nrow + 1) * sizeof *single);
    if (single == NULL)
        abort();
    for (size_t a = 0; a < d->nrow; a = dash_group_end(d, a, true)) {
        size_t end = dash_group_end(d, a, true), n = dash_singles(d, a, end, single), prev = d->nrow;
        for (size_t i = a; i < end; i++) {
            if (dash_alone(d, a, end, i))
                continue;
            if (i > a && strcmp(d->row[i - 1].label, d->row[i].label) != 0)
                prev = d->nrow;
            d->row[i].prev = prev;
            if (d->row[i].has_rate)
                prev = i;
        }
        prev = d->nrow;
        for (size_t k = 0; k < n; k++) {
            d->row[single[k]].prev = prev;
            if (d->row[single[k]].has_rate)
                prev = single[k];
        }
    }
    free(single);
}

void dash_mark_changes(sqlite3 *db, dash_data *d)
{
    link_series(d);
    bool *candidate = calloc(d->nrow + 1, sizeof *candidate);
    if (candidate == NULL)
        abort();
    for (size_t i = 0; i < d->nrow; i++) {
        dash_row *r = &d->row[i];
        r->judged = DASH_FIRST;
        if (r->has_rate && r->prev < d->nrow)
            candidate[i] = moved(d, r, &d->row[r->prev]);
        if (candidate[i] && r->judged == DASH_BY_RATIO) {
            ratio_interval(db, d, i);
            ratio_interval(db, d, r->prev);
        }
    }
    for (size_t i = 0; i < d->nrow; i++)
        d->row[i].changed = candidate[i] && is_change(d, &d->row[i], &d->row[d->row[i].prev]);
    free(candidate);
}
