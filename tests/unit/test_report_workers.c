/* `osslbench report` on a --threads/--procs run: the number of workers is
 * part of a point, and the scaling table, CSV and charts come from it. */
#include "report_fixtures.h"

/* Two releases at 1 and 2 threads and 2 processes: 1.1.1w scales (1.9x),
 * 3.0.20 does not with threads (1.1x) but does with processes (2.0x). */
static const char *const scaled =
    "label,version,version_num,api,workload,op,bytes,threads,procs,rate,unit,ci_low,ci_high,"
    "samples,status,timestamp,sample_rates\n"
    "1.1.1w,1.1.1w,0x1010117f,evp,sha256,digest,16,1,1,100,B/s,99,101,3,ok,t,99 100 101\n"
    "3.0.20,3.0.20,0x30000140,evp,sha256,digest,16,1,1,50,B/s,49,51,3,ok,t,49 50 51\n"
    "1.1.1w,1.1.1w,0x1010117f,evp,sha256,digest,16,2,1,190,B/s,188,192,3,ok,t,188 190 192\n"
    "3.0.20,3.0.20,0x30000140,evp,sha256,digest,16,2,1,55,B/s,54,56,3,ok,t,54 55 56\n"
    "1.1.1w,1.1.1w,0x1010117f,evp,sha256,digest,16,1,2,198,B/s,196,200,3,ok,t,196 198 200\n"
    "3.0.20,3.0.20,0x30000140,evp,sha256,digest,16,1,2,100,B/s,98,102,3,ok,t,98 100 102\n";

/* 1- and 2-worker rows are separate points: never matched to each other. */
static void workers_are_part_of_a_point(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, scaled, NULL);
    assert_int_equal(fx.r.npt, 3);
    size_t k = rel_index(&fx.r, "3.0.20");
    report_point p = {.workload = "sha256", .api = "evp", .op = "digest", .bytes = 16};
    assert_float_equal(report_find(&fx.r, k, &p)->rate, 50, 1e-9); /* 0 workers reads as 1 */
    p.threads = 2;
    assert_float_equal(report_find(&fx.r, k, &p)->rate, 55, 1e-9);
    p.threads = 1, p.procs = 2;
    assert_float_equal(report_find(&fx.r, k, &p)->rate, 100, 1e-9);
    p.procs = 4;
    assert_null(report_find(&fx.r, k, &p));
    assert_true(report_has_workers(&fx.r));

    char *term = render(report_write_term, &fx.r);
    assert_has(term,
               "16 B, 2 threads",
               "16 B, 2 procs");
    free(term);
    char *scaling = render(report_write_scaling, &fx.r);
    assert_has(scaling,
               "sha256, evp API, digest 16 B",
               "1.1.1w              1.90 [",
               "3.0.20              1.10 [",
               "2.00 ["); /* 3.0.20 with 2 processes */
    free(scaling);
    char *csv = render(report_write_scaling_csv, &fx.r);
    assert_has(csv,
               "3.0.20,3.0.20,sha256,evp,digest,16,2,1,B/s,55,50,1.1,",
               "1.1.1w,1.1.1w,sha256,evp,digest,16,1,2,B/s,198,100,1.98,");
    free(csv);

    char dir[TEMP_DIR_SIZE];
    write_chart_data(&fx.r, dir);
    assert_file_has(dir, "charts.list",
                    "throughput\tthroughput-sha256-evp\t0 1\t",
                    "throughput\tthroughput-sha256-evp-2threads\t0 1\t",
                    "scaling\tscaling-sha256-evp\t0 0 1 1\t",
                    "\t16-byte\tthreads procs threads procs\t2\n");
    assert_file_has(dir, "scaling-sha256-evp.dat",
                    "workers \"3.0.20 threads\" low high\n1 1 1 1\n2 1.1 ");
    assert_true(remove_tree(dir));
    fixture_unload(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(workers_are_part_of_a_point),
    };
    return cmocka_run_group_tests_name("report: threads and processes", tests, NULL, NULL);
}
