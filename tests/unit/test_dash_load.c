/* dash_load (history/dashboard_data.c) on crafted tables, past history_open's
 * schema check (issue 42): a result whose run_id matches its run only under
 * another collation (COLLATE NOCASE, upper-cased) is refused, never given a
 * run index out of bounds; a non-finite rate or CI is no point. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../history/dashboard.h"

#include <math.h>
#include <string.h>

/* runs with the collation a crafted file may give it; results as
 * history_db.c makes it: row, then every results-CSV column. */
static const char schema[] = "CREATE TABLE runs(run_id TEXT PRIMARY KEY COLLATE NOCASE, host, started, source, rows);"
                             "CREATE TABLE results(row INTEGER"
#define COL(name, type, required) ", " #name
#include "../../csv/columns.def"
#undef COL
                             ");";
#define ROW "INSERT INTO results(run_id, workload, api, op, unit, bytes, threads, procs, label, rate, ci_low, ci_high) VALUES("

static sqlite3 *crafted(const char *sql)
{
    char why[256];
    sqlite3 *db = NULL;
    if (!sqlite_load(why, sizeof why)) {
        /* make cross-test runs this under qemu with a sysroot that has no
         * SQLite; on the host the make targets install libsqlite3-0 first. */
        print_message("skipped: %s\n", why);
        skip();
    }
    assert_int_equal(sq.sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL), SQLITE_OK);
    assert_int_equal(sq.sqlite3_exec(db, schema, NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sq.sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    return db;
}

static void a_run_id_matched_only_by_collation_is_refused(void **state)
{
    (void)state;
    sqlite3 *db = crafted("INSERT INTO runs VALUES('RUN-A', 'h', '2026-12-01T00:00:00Z', 's', 1);"
                          ROW "'run-a', 'sha256', 'evp', 'digest', 'B/s', 16, 1, 1, 'new',"
                          " 100, 90, 110);");
    dash_data d;
    char why[256] = "";
    bool ok = dash_load(db, &d, why, sizeof why);
    for (size_t i = 0; i < d.nrow; i++)
        assert_true(d.row[i].run < d.nrun);
    assert_false(ok);
    assert_non_null(strstr(why, "match no row of runs"));
    dash_free(&d);
    sq.sqlite3_close(db);
}

static void a_non_finite_rate_is_no_point(void **state)
{
    (void)state;
    sqlite3 *db = crafted("INSERT INTO runs VALUES('r1', 'h', '2026-12-01T00:00:00Z', 's', 2);"
                          ROW "'r1', 'sha256', 'evp', 'digest', 'B/s', 16, 1, 1, 'a',"
                          " 9e999, 1, 2);"
                          ROW "'r1', 'sha256', 'evp', 'digest', 'B/s', 16, 1, 1, 'b',"
                          " 100, -9e999, 9e999);");
    dash_data d;
    char why[256] = "";
    assert_true(dash_load(db, &d, why, sizeof why));
    assert_int_equal(d.nrow, 2);
    assert_false(d.row[0].has_rate);
    assert_true(d.row[1].has_rate);
    assert_true(isfinite(d.row[1].lo) && isfinite(d.row[1].hi));
    dash_free(&d);
    sq.sqlite3_close(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_run_id_matched_only_by_collation_is_refused),
        cmocka_unit_test(a_non_finite_rate_is_no_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
