/* report.html's precision line: the median half-width of the speed-up
 * intervals and the shares within +-1% and +-2%, over every ratio to the
 * baseline that has an interval, and nothing when none has one. */
#include "report_fixtures.h"

#include "../../analysis/report_html.h"
#include "../../analysis/report_precision.h"

#include <math.h>

#define HEADER "label,version,version_num,lib,api,workload,op,bytes,rate,unit,ci_low,ci_high," \
               "samples,iterations,status,note,host,cpu,timestamp,rate_stat,run_id,sample_blocks,sample_rates\n"
#define RUN "vp90,20261206T000000Z-00000000000000aa"

/* sha256: every visit's ratio is exactly 2 (the resolution's interval, within
 * +-1%); sha512: the new release's visits swing by +-6% (wider than +-2%);
 * md5: no visits (an older row, no interval: not counted). */
#define TWO_RELEASES                                                                             \
    HEADER                                                                                     \
    "old,1.1.1w,0x1010117f,/l1,evp,sha256,digest,16,100,B/s,99,101,4,10,ok,,h,c,t," RUN        \
    ",1 1 1 1,100 100 100 100\n"                                                               \
    "new,3.0.20,0x30000140,/l3,evp,sha256,digest,16,200,B/s,199,201,4,10,ok,,h,c,t," RUN       \
    ",1 1 1 1,200 200 200 200\n"                                                               \
    "old,1.1.1w,0x1010117f,/l1,evp,sha512,digest,16,100,B/s,99,101,4,10,ok,,h,c,t," RUN        \
    ",1 1 1 1,100 100 100 100\n"                                                               \
    "new,3.0.20,0x30000140,/l3,evp,sha512,digest,16,100,B/s,94,106,4,10,ok,,h,c,t," RUN        \
    ",1 1 1 1,94 106 94 106\n"                                                                 \
    "old,1.1.1w,0x1010117f,/l1,evp,md5,digest,16,100,B/s,99,101,4,10,ok,,h,c,t,,,,\n"          \
    "new,3.0.20,0x30000140,/l3,evp,md5,digest,16,100,B/s,99,101,4,10,ok,,h,c,t,,,,\n"

static void every_interval_to_the_baseline_is_counted(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, TWO_RELEASES, "old");
    report_precision q;
    assert_true(report_precision_of(&fx.r, &q));
    assert_int_equal(q.intervals, 2);
    assert_float_equal(q.within_1, 0.5, 1e-12);
    assert_float_equal(q.within_2, 0.5, 1e-12);
    /* the median of two: halfway between the resolution's and sha512's */
    assert_true(q.median_half > 0.02 && q.median_half < 0.2);
    fixture_unload(&fx);
}

static void a_report_without_intervals_says_nothing(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL); /* no visits anywhere */
    report_precision q = {.intervals = 7};
    assert_false(report_precision_of(&fx.r, &q));
    assert_int_equal(q.intervals, 0);
    fixture_unload(&fx);
}

/* The page says it in one line beside the charts; a run without intervals
 * has no such line rather than a line of zeros. */
static void the_page_says_the_precision(void **state)
{
    (void)state;
    fixture fx;
    html_sources src = {.title = "t"};
    fixture_load(&fx, TWO_RELEASES, "old");
    FILE *f = capture_open();
    report_write_html(&fx.r, &src, f);
    char *page = capture_close(f);
    const char *line = strstr(page, "<p>Precision: 2 speed-ups with a 95% interval, median &plusmn;");
    assert_non_null(line);
    assert_non_null(strstr(line, "50% within &plusmn;1%, 50% within &plusmn;2%."));
    free(page);
    fixture_unload(&fx);
    fixture_load(&fx, THREE_RELEASES, NULL);
    f = capture_open();
    report_write_html(&fx.r, &src, f);
    page = capture_close(f);
    assert_null(strstr(page, "Precision:"));
    free(page);
    fixture_unload(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_interval_to_the_baseline_is_counted),
        cmocka_unit_test(a_report_without_intervals_says_nothing),
        cmocka_unit_test(the_page_says_the_precision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
