/* The progress line (harness/progress.h): visits done of visits planned,
 * the plan growing when the stopping rule asks for more, an ETA from the
 * first pass's time per visit that the run's limits bound, and the points
 * that already meet the precision target. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/progress.h"

#include <math.h>
#include <string.h>

/* A view with no limit: 40 points of 4 planned visits, 1% target. */
static progress_view view(size_t visits, size_t planned, double per_visit_s, double elapsed_s)
{
    return (progress_view){.visits = visits, .planned = planned, .pass = 1, .points = 40,
                           .precision = 0.01, .elapsed_s = elapsed_s, .per_visit_s = per_visit_s,
                           .time_left_s = -1, .workload = "sha256", .api = "evp", .op = "digest",
                           .bytes = 16};
}

static void assert_line_has(const progress_view *v, const char *part)
{
    char line[512];
    progress_format(v, line, sizeof line);
    if (strstr(line, part) == NULL)
        fail_msg("'%s' is not in '%s'", part, line);
}

static void eta_comes_from_the_first_pass(void **state)
{
    (void)state;
    /* 10 visits in 5 s: 0.5 s each, 150 more planned: 75 s. */
    progress_view v = view(10, 160, 0.5, 5);
    assert_float_equal(progress_eta_s(&v), 75.0, 1e-9);
    assert_line_has(&v, "visit 10 of at least 160    6%  pass 1  ");
    assert_line_has(&v, "elapsed 0:05  eta 1:15");
    /* Later passes keep the first pass's pace, whatever time has gone by. */
    v = view(150, 160, 0.5, 600);
    v.pass = 3;
    assert_float_equal(progress_eta_s(&v), 5.0, 1e-9);
    assert_line_has(&v, "pass 3  ");
    assert_line_has(&v, "elapsed 10:00  eta 0:05");
    /* From an hour: h:mm:ss. */
    v = view(1, 7202, 1.0, 1);
    assert_line_has(&v, "eta 2:00:01");
    /* Before any visit: no guess. */
    v = view(0, 160, 0, 0.2);
    assert_true(progress_eta_s(&v) < 0);
    assert_line_has(&v, "eta ?");
}

/* --span: the points' visits wait for the clock, so the run has at least
 * the span's rest to go, however few visits are left; once every point is
 * done, nothing. */
static void eta_waits_out_the_span(void **state)
{
    (void)state;
    progress_view v = view(150, 160, 0.1, 20);
    v.span_s = 120;
    assert_float_equal(progress_eta_s(&v), 100.0, 1e-9);
    assert_line_has(&v, "elapsed 0:20  eta 1:40");
    v.time_left_s = 3; /* --time's limit (3 s more sample time) cannot end it sooner */
    v.spent_s = 10;
    assert_true(progress_limit_s(&v) >= 100.0);
    v = view(160, 160, 0.1, 20);
    v.span_s = 120;
    v.exact = true;
    assert_float_equal(progress_eta_s(&v), 0.0, 1e-9);
}

static void planned_visits_grow_with_the_stopping_rule(void **state)
{
    (void)state;
    /* Unfinished: at least the minimum, and always one more than it had. */
    assert_int_equal(progress_point_plan(false, 0, 4), 4);
    assert_int_equal(progress_point_plan(false, 3, 4), 4);
    assert_int_equal(progress_point_plan(false, 4, 4), 5);
    assert_int_equal(progress_point_plan(false, 9, 4), 10);
    /* Finished: what it had (fewer than the minimum when --time stopped it). */
    assert_int_equal(progress_point_plan(true, 4, 4), 4);
    assert_int_equal(progress_point_plan(true, 2, 4), 2);
    assert_int_equal(progress_point_plan(false, 0, 1), 1);

    /* Two points of 4 visits: 8 planned; the second needs a fifth and a
     * sixth: 10; then both finish: exactly the 10 done. */
    progress p;
    progress_start(&p, 2, 4, 0.01, 0, 100, true);
    assert_int_equal(p.planned, 8);
    progress_tally was[2] = {{.planned = 4}, {.planned = 4}};
    size_t visits[2] = {0, 0};
    int order[] = {0, 1, 0, 1, 0, 1, 0, 1, 1, 1};
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++) {
        int i = order[k];
        visits[i]++;
        bool done = (i == 0 && visits[i] == 4) || (i == 1 && visits[i] == 6);
        progress_tally now = {.planned = progress_point_plan(done, visits[i], 4), .finished = done};
        progress_visit(&p, 1 + k / 2, &was[i], &now, "sha256", "evp", "digest", 16);
        was[i] = now;
        if (k == 7) /* the second point has had its 4 and is not done */
            assert_int_equal(p.planned, 9);
    }
    assert_int_equal(p.visits, 10);
    assert_int_equal(p.planned, 10);
    assert_int_equal(p.finished, 2);
    progress_view v = view(10, 10, 0.5, 5);
    v.exact = true;
    assert_line_has(&v, "visit 10 of 10  100%");
    v = view(9, 10, 0.5, 5);
    assert_line_has(&v, "visit 9 of at least 10   90%");
}

static void eta_is_never_absurd(void **state)
{
    (void)state;
    /* The run issue 43 saw: slow first visits, many planned: 10 h at that pace. */
    progress_view v = view(20, 1264, 30, 170);
    assert_float_equal(progress_eta_s(&v), 1244 * 30.0, 1e-6);
    /* --budget 6m, past the first pass: no more than what is left of it. */
    v.budget_s = 360;
    v.first_left = 0;
    assert_float_equal(progress_eta_s(&v), 190.0, 1e-9);
    assert_line_has(&v, "eta 3:10");
    /* ... but the first pass is never cut: its own visits still count. */
    v.first_left = 10;
    assert_float_equal(progress_eta_s(&v), 300.0, 1e-9);
    /* The budget spent: nothing left, never a negative time. */
    v.first_left = 0;
    v.elapsed_s = 400;
    assert_float_equal(progress_eta_s(&v), 0.0, 1e-9);
    assert_line_has(&v, "eta 0:00");
    /* --time: 40 s of sample time left, 1.5 s of wall time per sample second. */
    v = view(20, 1264, 30, 150);
    v.spent_s = 100;
    v.time_left_s = 40;
    assert_float_equal(progress_eta_s(&v), 60.0, 1e-9);
    /* A short plan far from the limit: the line says both. */
    v = view(20, 24, 1, 150);
    v.spent_s = 100;
    v.time_left_s = 40;
    assert_float_equal(progress_eta_s(&v), 4.0, 1e-9);
    assert_float_equal(progress_limit_s(&v), 60.0, 1e-9);
    assert_line_has(&v, "eta 0:04 (at most 1:00)");
    v.time_left_s = -1; /* no limit known: no bound said */
    assert_true(progress_limit_s(&v) < 0);
    assert_line_has(&v, "eta 0:04");
    char line[512];
    progress_format(&v, line, sizeof line);
    assert_null(strstr(line, "(at most"));
    /* Limits only ever shorten the visits' estimate. */
    v = view(20, 1264, 30, 150);
    v.spent_s = 100;
    v.time_left_s = 1e9;
    v.budget_s = 1e9;
    assert_float_equal(progress_eta_s(&v), 1244 * 30.0, 1e-6);
}

static void precision_reached_so_far_is_counted(void **state)
{
    (void)state;
    progress p;
    progress_start(&p, 3, 4, 0.01, 0, 10, true);
    progress_tally none = {.planned = 4}, in = {.planned = 4, .within = true},
                   out = {.planned = 4};
    progress_visit(&p, 1, &none, &in, "sha256", "evp", "digest", 16);
    progress_visit(&p, 1, &none, &in, "sha256", "evp", "digest", 64);
    progress_visit(&p, 1, &none, &out, "sha256", "evp", "digest", 256);
    assert_int_equal(p.within, 2);
    /* A wider interval after a visit leaves the count; a narrower one joins. */
    progress_visit(&p, 2, &in, &out, "sha256", "evp", "digest", 16);
    assert_int_equal(p.within, 1);
    progress_visit(&p, 2, &out, &in, "sha256", "evp", "digest", 256);
    assert_int_equal(p.within, 2);
    progress_view v = view(5, 12, 0.1, 1);
    v.points = p.points;
    v.within = p.within;
    assert_line_has(&v, "2/3 points within 1%");
    v.precision = 0.005;
    assert_line_has(&v, "2/3 points within 0.5%");
    /* Sample time and what --time allows are kept as visits go by. */
    progress_tally a = {.planned = 4, .time_left_s = 2}, b = {.planned = 4, .spent_s = 0.5,
                                                               .time_left_s = 1.5};
    progress_visit(&p, 2, &a, &b, "sha256", "evp", "digest", 16);
    assert_float_equal(p.spent_s, 0.5, 1e-12);
    assert_float_equal(p.time_left_s, 9.5, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(eta_comes_from_the_first_pass),
        cmocka_unit_test(eta_waits_out_the_span),
        cmocka_unit_test(planned_visits_grow_with_the_stopping_rule),
        cmocka_unit_test(eta_is_never_absurd),
        cmocka_unit_test(precision_reached_so_far_is_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
