/* The dashboard's drift rule (issue 43, history/dashboard_ratio.c and
 * dashboard_judge.c): a machine whose every rate moved by 1.3 between two
 * runs is drift, named once, and no library's change; one library 0.7
 * times as fast against an unmoved reference is its change; a point the
 * reference did not measure is judged with the drift taken out; the
 * reference is the library measured beside others in the most runs; a
 * ratio's interval comes from the visits (rows without them: none, and no
 * change claimed); a library measured alone keeps
 * the rates as measured. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../history/dashboard.h"
#include "../../history/history_db.h"
#include "../../history/sample_pack.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* runs as the dashboard reads it; results as history_db.c makes it
 * (schema 2: a row's samples packed in one blob). */
static const char schema[] = "CREATE TABLE runs(run_id TEXT PRIMARY KEY, host, started, source, rows);";

static sqlite3 *open_db(void)
{
    char why[256];
    sqlite3 *db = NULL;
    if (!sqlite_load(why, sizeof why)) {
        /* make cross-test runs this under qemu with a sysroot that has no SQLite */
        print_message("skipped: %s\n", why);
        skip();
    }
    assert_int_equal(sq.sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
    assert_int_equal(sq.sqlite3_exec(db, schema, NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sq.sqlite3_exec(db, history_schema_results, NULL, NULL, NULL), SQLITE_OK);
    return db;
}

static void exec(sqlite3 *db, const char *sql)
{
    assert_int_equal(sq.sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
}

static void add_run(sqlite3 *db, const char *id, int day)
{
    char sql[256];
    snprintf(sql, sizeof sql, "INSERT INTO runs VALUES('%s', 'vm', '2026-01-%02dT00:00:00Z', 's', 0)", id, day);
    exec(db, sql);
}

/* Row `row`'s samples (space-separated) and one block of them all, packed
 * as db import packs them. */
static void set_samples(sqlite3 *db, int row, const char *text)
{
    double rate[64];
    uint32_t nrate = 0;
    for (char *end; *text != '\0' && nrate < 64; text = end)
        rate[nrate++] = strtod(text, &end);
    unsigned char *blob;
    size_t len;
    assert_true(sample_pack(rate, nrate, &nrate, 1, &blob, &len));
    sqlite3_stmt *st = NULL;
    assert_int_equal(sq.sqlite3_prepare_v2(db, "UPDATE results SET sample_pack = ?1 WHERE row = ?2", -1, &st, NULL),
                     SQLITE_OK);
    sq.sqlite3_bind_blob(st, 1, blob, (int)len, SQ_COPY);
    sq.sqlite3_bind_int64(st, 2, row);
    assert_int_equal(sq.sqlite3_step(st), SQLITE_DONE);
    sq.sqlite3_finalize(st);
    free(blob);
}

/* The rate_stat of the rows add_row writes: this runner's; "p99" for rows
 * of an older file. */
static const char *row_stat = "vp90";

/* An ok row of label (release version_num) at sha256 BYTES; rate NAN: an
 * unsupported row.  samples NULL: ten samples of the rate itself. */
static void add_row(sqlite3 *db, const char *run, const char *label, const char *vnum, int bytes, double rate,
                    const char *samples)
{
    static int row;
    char sql[1024], own[256] = "";
    for (int i = 0; i < 10; i++)
        snprintf(own + strlen(own), sizeof own - strlen(own), "%s%.17g", i ? " " : "", rate);
    if (isnan(rate))
        snprintf(sql, sizeof sql, "INSERT INTO results(row, run_id, label, version, version_num, flavor, api, workload, "
                                  "op, bytes, threads, procs, unit, samples, status) VALUES(%d, '%s', '%s', 'x', '%s', "
                                  "'openssl', 'evp', 'sha256', 'digest', %d, 1, 1, 'B/s', 0, 'unsupported')",
                 row, run, label, vnum, bytes);
    else
        snprintf(sql, sizeof sql, "INSERT INTO results(row, run_id, label, version, version_num, flavor, api, workload, "
                                  "op, bytes, threads, procs, unit, rate, rate_stat, ci_low, ci_high, samples, status, cpus, "
                                  "disturbed, retaken) VALUES(%d, '%s', '%s', 'x', '%s', "
                                  "'openssl', 'evp', 'sha256', 'digest', %d, 1, 1, 'B/s', %.17g, '%s', %.17g, %.17g, 10, "
                                  "'ok', 2, 0, 0)",
                 row, run, label, vnum, bytes, rate, row_stat, rate * 0.999, rate * 1.001);
    exec(db, sql);
    if (!isnan(rate))
        set_samples(db, row, samples ? samples : own);
    row++;
}

enum { OLD, NEW };
static const char *const label[] = {"old", "new"}, *const vnum[] = {"0x1010117f", "0x30000140"};

/* Two runs a day apart, each library at 16 and 1024 bytes; the second
 * run's rates are the first's times factor[library]. */
static sqlite3 *two_runs(double old_factor, double new_factor)
{
    sqlite3 *db = open_db();
    const double rate[2][2] = {{100e6, 900e6}, {50e6, 800e6}}, factor[2] = {old_factor, new_factor};
    add_run(db, "r1", 1);
    add_run(db, "r2", 2);
    for (int lib = OLD; lib <= NEW; lib++)
        for (int b = 0; b < 2; b++) {
            add_row(db, "r1", label[lib], vnum[lib], b ? 1024 : 16, rate[lib][b], NULL);
            add_row(db, "r2", label[lib], vnum[lib], b ? 1024 : 16, rate[lib][b] * factor[lib], NULL);
        }
    return db;
}

static size_t changes(const dash_data *d)
{
    size_t n = 0;
    for (size_t i = 0; i < d->nrow; i++)
        n += d->row[i].changed;
    return n;
}

static void load(sqlite3 *db, dash_data *d)
{
    char why[256] = "";
    assert_true(dash_load(db, d, why, sizeof why));
}

/* The row of label in run (index) at the group starting at first. */
static const dash_row *row_of(const dash_data *d, const char *lab, size_t run, int bytes)
{
    char point[64];
    snprintf(point, sizeof point, "sha256, evp, digest, %d B", bytes);
    for (size_t i = 0; i < d->nrow; i++)
        if (strcmp(d->row[i].label, lab) == 0 && d->row[i].run == run && strcmp(d->row[i].point, point) == 0)
            return &d->row[i];
    fail_msg("no row %s in run %zu at %d B", lab, run, bytes);
    return NULL;
}

static void the_whole_machine_faster_is_drift_not_a_change(void **state)
{
    (void)state;
    sqlite3 *db = two_runs(1.3, 1.3);
    dash_data d;
    load(db, &d);
    assert_int_equal(changes(&d), 0);
    assert_float_equal(d.run[1].drift, 1.3, 1e-9);
    assert_int_equal(d.run[1].drift_points, 2);
    assert_true(isnan(d.run[0].drift));
    const dash_row *r = row_of(&d, "new", 1, 16);
    assert_int_equal(r->judged, DASH_BY_RATIO);
    assert_float_equal(r->ratio, 0.5, 1e-9);
    assert_string_equal(dash_reference(&d, 0, dash_group_end(&d, 0, true)), "old");
    dash_free(&d);
    sq.sqlite3_close(db);
}

static void one_library_slower_is_its_change(void **state)
{
    (void)state;
    sqlite3 *db = two_runs(1.0, 0.7);
    dash_data d;
    load(db, &d);
    assert_int_equal(changes(&d), 2);
    assert_true(row_of(&d, "new", 1, 16)->changed);
    assert_true(row_of(&d, "new", 1, 1024)->changed);
    assert_true(row_of(&d, "new", 1, 1024)->ratio_ci);
    assert_float_equal(d.run[1].drift, 1.0, 1e-9);
    dash_free(&d);
    sq.sqlite3_close(db);
}

/* At 8192 bytes only new has a rate (old: unsupported there). */
static sqlite3 *without_reference(double machine, double new_factor)
{
    sqlite3 *db = two_runs(machine, machine * new_factor);
    add_row(db, "r1", "old", vnum[OLD], 8192, NAN, NULL);
    add_row(db, "r1", "new", vnum[NEW], 8192, 700e6, NULL);
    add_row(db, "r2", "old", vnum[OLD], 8192, NAN, NULL);
    add_row(db, "r2", "new", vnum[NEW], 8192, 700e6 * machine * new_factor, NULL);
    return db;
}

static void a_point_without_the_reference_has_the_drift_taken_out(void **state)
{
    (void)state;
    sqlite3 *db = without_reference(1.3, 1.0);
    dash_data d;
    load(db, &d);
    const dash_row *r = row_of(&d, "new", 1, 8192);
    assert_int_equal(r->judged, DASH_BY_DRIFT);
    assert_int_equal(changes(&d), 0);
    dash_free(&d);
    sq.sqlite3_close(db);
    db = without_reference(1.3, 0.7);
    load(db, &d);
    assert_true(row_of(&d, "new", 1, 8192)->changed);
    dash_free(&d);
    sq.sqlite3_close(db);
}

/* make track: ref in every run, each commit (an older release here, which
 * report's rule alone would make the baseline) in one. */
static void the_reference_is_the_library_of_the_most_runs(void **state)
{
    (void)state;
    sqlite3 *db = open_db();
    const char *const run[] = {"t1", "t2", "t3"}, *const commit[] = {"c1", "c2", "c3"};
    for (int i = 0; i < 3; i++) {
        add_run(db, run[i], i + 1);
        add_row(db, run[i], "ref", "0x30000140", 16, 100e6 * (1 + 0.3 * i), NULL);
        add_row(db, run[i], commit[i], "0x1010117f", 16, (i == 2 ? 20e6 : 40e6) * (1 + 0.3 * i), NULL);
    }
    dash_data d;
    load(db, &d);
    assert_string_equal(dash_reference(&d, 0, d.nrow), "ref");
    assert_int_equal(changes(&d), 1);
    assert_true(row_of(&d, "c3", 2, 16)->changed);
    assert_false(row_of(&d, "c2", 1, 16)->changed);
    dash_free(&d);
    sq.sqlite3_close(db);
}

/* new's ratio moves 10% (0.5 -> 0.45); its first run's samples are spread
 * (the ratio's interval from them reaches 0.45), its rows' own CIs are
 * narrow: only the samples say "no change". */
static void a_ratio_interval_comes_from_the_samples(void **state)
{
    (void)state;
    sqlite3 *db = open_db();
    add_run(db, "r1", 1);
    add_run(db, "r2", 2);
    add_row(db, "r1", "old", vnum[OLD], 16, 100, NULL);
    add_row(db, "r1", "new", vnum[NEW], 16, 50, "50 20 22 21 25 24 23 22 30 21");
    add_row(db, "r2", "old", vnum[OLD], 16, 100, NULL);
    add_row(db, "r2", "new", vnum[NEW], 16, 45, NULL);
    dash_data d;
    load(db, &d);
    const dash_row *p = row_of(&d, "new", 0, 16), *r = row_of(&d, "new", 1, 16);
    assert_int_equal(r->judged, DASH_BY_RATIO);
    assert_true(p->ratio_ci);
    assert_true(p->rlo < 0.45);
    assert_false(r->changed);
    dash_free(&d);
    sq.sqlite3_close(db);
}

/* Rows of an older file (no visits: rate_stat p99): a ratio that moved 10%
 * has no interval on either side, so no change is claimed -- not even with
 * rows whose own CIs are narrow. */
static void rows_without_visits_claim_no_change(void **state)
{
    (void)state;
    sqlite3 *db = open_db();
    row_stat = "p99";
    add_run(db, "r1", 1);
    add_run(db, "r2", 2);
    add_row(db, "r1", "old", vnum[OLD], 16, 100, NULL);
    add_row(db, "r1", "new", vnum[NEW], 16, 50, NULL);
    add_row(db, "r2", "old", vnum[OLD], 16, 100, NULL);
    add_row(db, "r2", "new", vnum[NEW], 16, 45, NULL);
    row_stat = "vp90";
    dash_data d;
    load(db, &d);
    const dash_row *p = row_of(&d, "new", 0, 16), *r = row_of(&d, "new", 1, 16);
    assert_int_equal(r->judged, DASH_BY_RATIO);
    assert_true(p->ratio_ci && isnan(p->rlo) && isnan(p->rhi));
    assert_false(r->changed);
    dash_free(&d);
    sq.sqlite3_close(db);
}

/* One library alone: no ratio, no drift; its rates as measured decide
 * (and the page says a ring there may be the machine). */
static void a_library_alone_is_judged_on_its_rates(void **state)
{
    (void)state;
    sqlite3 *db = open_db();
    add_run(db, "r1", 1);
    add_run(db, "r2", 2);
    add_row(db, "r1", "new", vnum[NEW], 16, 100e6, NULL);
    add_row(db, "r2", "new", vnum[NEW], 16, 130e6, NULL);
    dash_data d;
    load(db, &d);
    assert_null(dash_reference(&d, 0, d.nrow));
    assert_int_equal(d.row[1].judged, DASH_BY_RATE);
    assert_true(d.row[1].changed);
    assert_true(isnan(d.run[1].drift));
    dash_free(&d);
    sq.sqlite3_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_whole_machine_faster_is_drift_not_a_change),
        cmocka_unit_test(one_library_slower_is_its_change),
        cmocka_unit_test(a_point_without_the_reference_has_the_drift_taken_out),
        cmocka_unit_test(the_reference_is_the_library_of_the_most_runs),
        cmocka_unit_test(a_ratio_interval_comes_from_the_samples),
        cmocka_unit_test(rows_without_visits_claim_no_change),
        cmocka_unit_test(a_library_alone_is_judged_on_its_rates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
