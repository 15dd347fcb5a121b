/* dash_mark_changes (dashboard.h): each row against the row before it in
 * its series (a library's runs; make track's commits, one run each, as
 * one series).  Judged on the ratio to the reference of the same run where
 * both rows have one; else on the rate with the machine's drift between
 * the two runs taken out; else, with no reference ever beside it, on the
 * rates as measured (docs/history.md).  The ratio's interval comes from
 * the samples, through report's ratio (report_speedup), and only for a
 * ratio that moved by more than the threshold: a bootstrap per row of a
 * long history would cost minutes. */
#define _GNU_SOURCE
#include "dashboard.h"
#include "../analysis/report.h"
#include "../csv/csv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char row_sql[] = "SELECT 0"
#define COL(name, type, required) ", " #name
#include "../csv/columns.def"
#undef COL
                              " FROM results WHERE run_id = ?1 AND row = ?2";

/* One stored row back as the result_row results.csv had: written as a
 * one-row CSV and read by the CSV reader, which refuses whatever a crafted
 * database holds that no results file may. */
static bool stored_row(sqlite3 *db, const dash_row *r, result_set *out)
{
    sqlite3_stmt *st = NULL;
    bool ok = sq.sqlite3_prepare_v2(db, row_sql, -1, &st, NULL) == SQLITE_OK;
    char *csv = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&csv, &len);
    if (m == NULL)
        abort();
    for (size_t i = 0; i < result_column_count; i++)
        fprintf(m, "%s%s", i ? "," : "", result_columns[i]);
    fputc('\n', m);
    if (ok) {
        sq.sqlite3_bind_text(st, 1, r->run_id, -1, SQ_COPY);
        sq.sqlite3_bind_int64(st, 2, r->csv_row);
        ok = sq.sqlite3_step(st) == SQLITE_ROW;
    }
    for (int i = 1; ok && i <= (int)result_column_count; i++) {
        int type = sq.sqlite3_column_type(st, i);
        const unsigned char *t = type == SQLITE_NULL ? NULL : sq.sqlite3_column_text(st, i);
        if (i > 1)
            fputc(',', m);
        if (type == SQLITE_FLOAT)
            fprintf(m, "%.17g", sq.sqlite3_column_double(st, i));
        else if (t != NULL)
            csv_put_field(m, (const char *)t);
    }
    fputc('\n', m);
    fclose(m);
    sq.sqlite3_finalize(st);
    char why[256];
    FILE *in = ok ? fmemopen(csv, len, "r") : NULL;
    ok = in != NULL && csv_read_stream(in, "history database", out, why, sizeof why) && out->count == 1;
    if (in != NULL)
        fclose(in);
    free(csv);
    return ok;
}

/* Row i's ratio interval: report's, from both rows' samples (scaled to the
 * ratio of the rates shown); rows without usable samples get report's
 * ci-bounds of the two rates' CIs. */
static void ratio_interval(sqlite3 *db, dash_data *d, size_t i)
{
    dash_row *r = &d->row[i];
    if (r->ratio_ci || !r->has_ratio)
        return;
    r->ratio_ci = true;
    const dash_row *ref = &d->row[r->ref];
    r->rlo = fmin(r->ratio, r->lo / ref->hi);
    r->rhi = fmax(r->ratio, ref->lo > 0 ? r->hi / ref->lo : INFINITY);
    result_set a = {0}, b = {0};
    if (stored_row(db, r, &a) && stored_row(db, ref, &b)) {
        report_ratio q = report_speedup(&a.rows[0], &b.rows[0]);
        if (q.method != RATIO_NONE && q.method != RATIO_NO_CI && q.ratio > 0 && isfinite(q.lo) &&
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
            bool alone = false;
            for (size_t k = 0; k < n && !alone; k++)
                alone = single[k] == i;
            if (alone)
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
