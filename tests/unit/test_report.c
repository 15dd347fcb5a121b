/* `osslbench report`: release order and baseline choice, speed-up ratios and
 * their CIs, and the tables and chart data written from them.  Inputs are
 * small hand-written CSVs with made-up rates (test fixtures only). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/report.h"
#include "../../stats/summary.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HEADER                                                                                 \
    "label,version,version_num,lib,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,"   \
    "iterations,status,note,host,cpu,timestamp,sample_rates\n"

/* Three releases, listed newest first on purpose; 3.0.20 is twice as fast
 * as 1.1.1w on sha256/evp at 16 B; 1.1.1w has no fetch path; "broken" never
 * loaded (version_num 0). */
static const char *const three =
    HEADER
    "3.0.20,3.0.20,0x30000140,/l3,evp,sha256,digest,16,2e6,B/s,1.9e6,2.1e6,3,10,ok,,h,c,t,1.9e6 2e6 2.1e6\n"
    "3.0.20,3.0.20,0x30000140,/l3,fetch,sha256,digest,16,3e6,B/s,2.9e6,3.1e6,3,10,ok,,h,c,t,\n"
    "3.0.20,3.0.20,0x30000140,/l3,evp,rsa2048,sign,0,1000,op/s,990,1010,3,10,ok,,h,c,t,\n"
    "3.0.20,3.0.20,0x30000140,/l3,evp,rsa2048,verify,0,40000,op/s,39000,41000,3,10,ok,,h,c,t,\n"
    "broken,,0x0,/bad,evp,sha256,digest,16,,B/s,,,0,0,load_failed,not libcrypto,h,c,t,\n"
    "1.1.1w,1.1.1w,0x1010117f,/l1,evp,sha256,digest,16,1e6,B/s,0.95e6,1.05e6,3,10,ok,,h,c,t,0.95e6 1e6 1.05e6\n"
    "1.1.1w,1.1.1w,0x1010117f,/l1,fetch,sha256,digest,16,,B/s,,,0,0,unsupported,needs 3.0,h,c,t,\n"
    "1.1.1w,1.1.1w,0x1010117f,/l1,evp,rsa2048,sign,0,800,op/s,790,810,3,10,ok,,h,c,t,\n"
    "1.1.1w,1.1.1w,0x1010117f,/l1,evp,rsa2048,verify,0,40000,op/s,39000,41000,3,10,ok,,h,c,t,\n"
    "system-3.0.19,3.0.19,0x30000130,/l2,evp,sha256,digest,16,1.5e6,B/s,1.4e6,1.6e6,3,10,ok,,h,c,t,\n"
    "system-3.0.19,3.0.19,0x30000130,/l2,evp,rsa2048,sign,0,900,op/s,890,910,3,10,crashed,signal 11,h,c,t,\n";

/* Two releases at 1 and 2 threads and 2 processes: 1.1.1w scales (1.9x),
 * 3.0.20 does not with threads (1.1x) but does with processes (2.0x). */
#define WORKERS_HEADER                                                                         \
    "label,version,version_num,api,workload,op,bytes,threads,procs,rate,unit,ci_low,ci_high,"  \
    "samples,status,timestamp,sample_rates\n"
static const char *const scaled =
    WORKERS_HEADER
    "1.1.1w,1.1.1w,0x1010117f,evp,sha256,digest,16,1,1,100,B/s,99,101,3,ok,t,99 100 101\n"
    "3.0.20,3.0.20,0x30000140,evp,sha256,digest,16,1,1,50,B/s,49,51,3,ok,t,49 50 51\n"
    "1.1.1w,1.1.1w,0x1010117f,evp,sha256,digest,16,2,1,190,B/s,188,192,3,ok,t,188 190 192\n"
    "3.0.20,3.0.20,0x30000140,evp,sha256,digest,16,2,1,55,B/s,54,56,3,ok,t,54 55 56\n"
    "1.1.1w,1.1.1w,0x1010117f,evp,sha256,digest,16,1,2,198,B/s,196,200,3,ok,t,196 198 200\n"
    "3.0.20,3.0.20,0x30000140,evp,sha256,digest,16,1,2,100,B/s,98,102,3,ok,t,98 100 102\n";

typedef struct {
    result_set set;
    report r;
} fixture;

static void load(fixture *fx, const char *csv, const char *baseline)
{
    FILE *f = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(f);
    char why[256];
    bool ok = csv_read_stream(f, "test.csv", &fx->set, why, sizeof why);
    fclose(f);
    if (!ok)
        fail_msg("%s", why);
    if (!report_init(&fx->r, &fx->set, baseline, why, sizeof why))
        fail_msg("%s", why);
}

static void unload(fixture *fx)
{
    report_free(&fx->r);
    result_set_free(&fx->set);
}

static size_t rel_index(const report *r, const char *label)
{
    for (size_t k = 0; k < r->nrel; k++)
        if (strcmp(r->rel[k].label, label) == 0)
            return k;
    fail_msg("no release %s", label);
    return 0;
}

static char *render(void (*w)(const report *, FILE *), const report *r)
{
    /* static: gcc 12 for aarch64 takes the stream's pointer to a local for a
     * dangling one after fclose (-Wdangling-pointer) */
    static char *buf;
    static size_t len;
    buf = NULL;
    len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    w(r, f);
    fclose(f);
    return buf;
}

static void releases_in_version_order_and_oldest_is_baseline(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, three, NULL);
    assert_int_equal(fx.r.nrel, 4);
    assert_string_equal(fx.r.rel[0].label, "1.1.1w");
    assert_string_equal(fx.r.rel[1].label, "system-3.0.19");
    assert_string_equal(fx.r.rel[2].label, "3.0.20");
    assert_string_equal(fx.r.rel[3].label, "broken"); /* no version: last */
    assert_int_equal(fx.r.baseline, 0);
    unload(&fx);
}

static void library_that_never_loaded_is_not_the_default_baseline(void **state)
{
    (void)state;
    static const char *const csv =
        HEADER "broken,,0x0,/bad,evp,sha256,digest,16,,B/s,,,0,0,load_failed,x,h,c,t,\n"
               "3.0.20,3.0.20,0x30000140,/l3,evp,sha256,digest,16,2e6,B/s,1.9e6,2.1e6,3,10,ok,,h,c,t,\n";
    fixture fx;
    load(&fx, csv, NULL);
    assert_string_equal(fx.r.rel[fx.r.baseline].label, "3.0.20");
    unload(&fx);
}

static void explicit_and_unknown_baseline(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, three, "3.0.20");
    assert_string_equal(fx.r.rel[fx.r.baseline].label, "3.0.20");
    unload(&fx);

    result_set set;
    FILE *f = fmemopen((void *)three, strlen(three), "r");
    char why[256];
    assert_true(csv_read_stream(f, "t", &set, why, sizeof why));
    fclose(f);
    report r;
    assert_false(report_init(&r, &set, "0.9.8q", why, sizeof why));
    assert_non_null(strstr(why, "unknown baseline '0.9.8q'"));
    assert_non_null(strstr(why, "1.1.1w"));
    assert_null(strchr(why, '\n'));
    assert_false(report_init(&r, &set, "broken", why, sizeof why));
    assert_non_null(strstr(why, "no successful result"));
    result_set_free(&set);
}

static void names_that_are_not_tokens_are_refused(void **state)
{
    (void)state;
    static const char *const csv =
        HEADER "a,3.0.20,0x30000140,/l,evp,../x,digest,16,2e6,B/s,1.9e6,2.1e6,3,10,ok,,h,c,t,\n";
    result_set set;
    FILE *f = fmemopen((void *)csv, strlen(csv), "r");
    char why[256];
    /* The reader refuses it first ... */
    assert_false(csv_read_stream(f, "t", &set, why, sizeof why));
    fclose(f);
    assert_non_null(strstr(why, "line 2: bad workload"));
    /* ... and report_init still does, for rows that come from elsewhere. */
    result_row row = {.bytes = 16, .rate = 2e6, .ci_low = 1.9e6, .ci_high = 2.1e6,
                      .samples = 3, .status = ST_OK, .threads = 1, .procs = 1};
    strcpy(row.label, "a");
    strcpy(row.version, "3.0.20");
    strcpy(row.api, "evp");
    strcpy(row.workload, "../x");
    strcpy(row.op, "digest");
    strcpy(row.unit, "B/s");
    set = (result_set){.rows = &row, .count = 1};
    report r;
    assert_false(report_init(&r, &set, NULL, why, sizeof why));
    assert_non_null(strstr(why, "line 2"));
}

/* 6 or 7 samples a side (rows of different runs): the bounds of the two
 * medians' 95% CIs.  Fewer: those "CIs" are sample ranges (75% coverage at
 * 3 samples), so no interval is claimed at all. */
static void ratio_from_ci_bounds_with_few_samples(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, three, NULL);
    report_point p = {.workload = "sha256", .api = "evp", .op = "digest", .bytes = 16};
    result_row row = *report_find(&fx.r, rel_index(&fx.r, "3.0.20"), &p);
    result_row base = *report_find(&fx.r, fx.r.baseline, &p);
    row.nsample = base.nsample = 0; /* no raw samples: the summary columns only */
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_NO_CI); /* 3 samples */
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_true(isnan(q.lo) && isnan(q.hi));
    row.samples = base.samples = 6;
    q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_BOUNDS);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_float_equal(q.lo, 1.9e6 / 1.05e6, 1e-12);
    assert_float_equal(q.hi, 2.1e6 / 0.95e6, 1e-12);
    assert_string_equal(ratio_method_name(RATIO_NO_CI), "no-ci");
    unload(&fx);
}

static void no_ratio_without_both_sides(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, three, NULL);
    report_point p = {.workload = "sha256", .api = "fetch", .op = "digest", .bytes = 16};
    report_ratio q = report_speedup(report_find(&fx.r, rel_index(&fx.r, "3.0.20"), &p),
                                    report_find(&fx.r, fx.r.baseline, &p));
    assert_int_equal(q.method, RATIO_NONE);
    assert_true(isnan(q.ratio));
    report_point s = {.workload = "rsa2048", .api = "evp", .op = "sign", .bytes = 0};
    assert_null(report_find(&fx.r, rel_index(&fx.r, "system-3.0.19"), &s)); /* crashed */
    assert_non_null(report_find_any(&fx.r, rel_index(&fx.r, "system-3.0.19"), &s));
    unload(&fx);
}

static result_row row_with_samples(double *xs, size_t n)
{
    result_row r = {.status = ST_OK, .sample_rates = xs, .nsample = n};
    double *copy = malloc(n * sizeof *copy);
    memcpy(copy, xs, n * sizeof *copy);
    qsort(copy, n, sizeof *copy, compare_doubles);
    r.rate = n % 2 ? copy[n / 2] : (copy[n / 2 - 1] + copy[n / 2]) / 2;
    r.ci_low = copy[0];
    r.ci_high = copy[n - 1];
    free(copy);
    return r;
}

static void bootstrap_ratio_is_reproducible_and_brackets_the_estimate(void **state)
{
    (void)state;
    double a[20], b[20];
    for (int i = 0; i < 20; i++) {
        a[i] = 200.0 + (i * 7 % 11);  /* 200..210 */
        b[i] = 100.0 + (i * 3 % 5);   /* 100..104 */
    }
    result_row row = row_with_samples(a, 20), base = row_with_samples(b, 20);
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_BOOTSTRAP);
    assert_true(q.lo <= q.ratio && q.ratio <= q.hi);
    assert_true(q.lo > 200.0 / 104.0 - 1e-9 && q.hi < 210.0 / 100.0 + 1e-9);
    /* narrower than the conservative bound from the sample ranges */
    assert_true(q.hi - q.lo < 210.0 / 100.0 - 200.0 / 104.0);
    report_ratio again = report_speedup(&row, &base);
    assert_float_equal(again.lo, q.lo, 0.0);
    assert_float_equal(again.hi, q.hi, 0.0);

    double c[10] = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, d[10] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    result_row rc = row_with_samples(c, 10), rd = row_with_samples(d, 10);
    q = report_speedup(&rc, &rd);
    assert_float_equal(q.ratio, 2.5, 1e-12);
    assert_float_equal(q.lo, 2.5, 1e-12);
    assert_float_equal(q.hi, 2.5, 1e-12);
}

static void paired_ratio_cancels_drift_within_a_run(void **state)
{
    (void)state;
    /* The machine slows down and speeds up during the run; the release is
     * always exactly twice as fast as the baseline in the same round. */
    double a[12], b[12];
    for (int i = 0; i < 12; i++) {
        b[i] = 100.0 * (1 + i % 4);
        a[i] = 2.0 * b[i];
    }
    result_row row = row_with_samples(a, 12), base = row_with_samples(b, 12);
    strcpy(row.run_id, "20261130T000000Z-00000000000000aa");
    strcpy(base.run_id, "20261130T000000Z-00000000000000aa");
    report_ratio q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_PAIRED);
    assert_float_equal(q.ratio, 2.0, 1e-12);
    assert_float_equal(q.lo, 2.0, 1e-12);
    assert_float_equal(q.hi, 2.0, 1e-12);
    /* rows of different runs are not paired, even if they started in the
     * same second: the bootstrap sees the drift */
    strcpy(row.timestamp, "2026-11-30T00:00:00Z");
    strcpy(base.timestamp, "2026-11-30T00:00:00Z");
    strcpy(base.run_id, "20261130T000000Z-00000000000000bb");
    q = report_speedup(&row, &base);
    assert_int_equal(q.method, RATIO_BOOTSTRAP);
    assert_true(q.hi - q.lo > 0.5);
    assert_string_equal(ratio_method_name(RATIO_PAIRED), "paired");
}

static void markdown_and_terminal_tables(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, three, NULL);
    char *md = render(report_write_md, &fx.r);
    assert_non_null(strstr(md, "## Speed-up vs 1.1.1w"));
    assert_non_null(strstr(md, "| API | Block size | system-3.0.19 | 3.0.20 | broken |"));
    assert_non_null(strstr(md, "| evp | 16 B | 1.50× (no CI) |"));
    assert_non_null(strstr(md, "| 2.00× (no CI)"));
    assert_non_null(strstr(md, "No ratio for the fetch API"));
    assert_non_null(strstr(md, "| evp | sign | crashed | 1.25× (no CI)"));
    assert_non_null(strstr(md, "(no CI): fewer than 6 samples"));
    free(md);
    char *term = render(report_write_term, &fx.r);
    assert_non_null(strstr(term, "Speed-up vs 1.1.1w"));
    assert_non_null(strstr(term, "2.00 (no CI)"));
    assert_non_null(strstr(term, "no ratios: 1.1.1w has no sha256 result for the fetch API"));
    free(term);
    char *csv = render(report_write_csv, &fx.r);
    assert_non_null(strstr(csv, "3.0.20,3.0.20,1.1.1w,sha256,evp,digest,16,1,1,B/s,2e+06,1e+06,2,,,no-ci,ok\n"));
    assert_non_null(strstr(csv, "system-3.0.19,3.0.19,1.1.1w,rsa2048,evp,sign,0,1,1,op/s,,800,,,,,crashed\n"));
    free(csv);
    unload(&fx);
}

static void speed_table_in_thousands_of_bytes(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, three, NULL);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    report_write_speed(&fx.r, rel_index(&fx.r, "3.0.20"), f);
    fclose(f);
    assert_non_null(strstr(buf, "3.0.20 (3.0.20), evp API"));
    assert_non_null(strstr(buf, "1000s of bytes per second"));
    assert_non_null(strstr(buf, "16 bytes"));
    assert_non_null(strstr(buf, "2000.00k"));
    assert_non_null(strstr(buf, "rsa2048              sign              0.001000s         1000.0\n"));
    assert_non_null(strstr(buf, "rsa2048              verify            0.000025s        40000.0\n"));
    assert_non_null(strstr(buf, "3.0.20 (3.0.20), fetch API"));
    free(buf);
    unload(&fx);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return NULL;
    char *buf = calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* op/s rows of two kinds: each kind gets its own rate and speed-up charts,
 * listed once, holding only its own rows. */
static void ops_charts_one_per_kind(void **state)
{
    (void)state;
    static const char csv[] =
        "label,version,version_num,lib,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,"
        "iterations,status,note,host,cpu,timestamp,kind\n"
        "1.1.1w,1.1.1w,0x1010117f,/l1,evp,ecdsa-p256,sign,0,100,op/s,99,101,3,10,ok,,h,c,t,public-key\n"
        "1.1.1w,1.1.1w,0x1010117f,/l1,evp,x25519,derive,0,300,op/s,299,301,3,10,ok,,h,c,t,key-exchange\n"
        "3.0.20,3.0.20,0x30000140,/l3,evp,ecdsa-p256,sign,0,110,op/s,109,111,3,10,ok,,h,c,t,public-key\n"
        "3.0.20,3.0.20,0x30000140,/l3,evp,x25519,derive,0,330,op/s,329,331,3,10,ok,,h,c,t,key-exchange\n";
    fixture fx;
    load(&fx, csv, "1.1.1w");
    char dir[] = "/tmp/test_report.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char why[256], path[512];
    assert_true(report_write_dat(&fx.r, dir, why, sizeof why));
    snprintf(path, sizeof path, "%s/charts.list", dir);
    char *list = slurp(path);
    assert_non_null(list);
    static const char *const once[] = {"\tops-public-key-evp\t", "\tops-key-exchange-evp\t",
                                       "\tspeedup-public-key-evp\t",
                                       "\tspeedup-key-exchange-evp\t"};
    for (size_t i = 0; i < sizeof once / sizeof once[0]; i++) {
        const char *at = strstr(list, once[i]);
        if (at == NULL || strstr(at + 1, once[i]) != NULL)
            fail_msg("%s is not listed exactly once:\n%s", once[i], list);
    }
    free(list);
    snprintf(path, sizeof path, "%s/ops-key-exchange-evp.dat", dir);
    char *dat = slurp(path);
    assert_non_null(dat);
    assert_non_null(strstr(dat, "\"x25519 derive\""));
    assert_null(strstr(dat, "ecdsa-p256"));
    free(dat);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf -- '%s'", dir);
    assert_int_equal(system(cmd), 0);
    unload(&fx);
}

/* 1- and 2-worker rows are separate points: never matched to each other. */
static void workers_are_part_of_a_point(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, scaled, NULL);
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
    assert_non_null(strstr(term, "16 B, 2 threads"));
    assert_non_null(strstr(term, "16 B, 2 procs"));
    free(term);
    char *scaling = render(report_write_scaling, &fx.r);
    assert_non_null(strstr(scaling, "sha256, evp API, digest 16 B"));
    assert_non_null(strstr(scaling, "1.1.1w              1.90 ["));
    assert_non_null(strstr(scaling, "3.0.20              1.10 ["));
    assert_non_null(strstr(scaling, "2.00 [")); /* 3.0.20 with 2 processes */
    free(scaling);
    char *csv = render(report_write_scaling_csv, &fx.r);
    assert_non_null(strstr(csv, "3.0.20,3.0.20,sha256,evp,digest,16,2,1,B/s,55,50,1.1,"));
    assert_non_null(strstr(csv, "1.1.1w,1.1.1w,sha256,evp,digest,16,1,2,B/s,198,100,1.98,"));
    free(csv);

    char dir[] = "/tmp/test_report.XXXXXX", why[256], path[512];
    assert_non_null(mkdtemp(dir));
    assert_true(report_write_dat(&fx.r, dir, why, sizeof why));
    snprintf(path, sizeof path, "%s/charts.list", dir);
    char *list = slurp(path);
    assert_non_null(strstr(list, "throughput\tthroughput-sha256-evp\t0 1\t"));
    assert_non_null(strstr(list, "throughput\tthroughput-sha256-evp-2threads\t0 1\t"));
    assert_non_null(strstr(list, "scaling\tscaling-sha256-evp\t0 0 1 1\t"));
    assert_non_null(strstr(list, "\t16-byte\tthreads procs threads procs\t2\n"));
    free(list);
    snprintf(path, sizeof path, "%s/scaling-sha256-evp.dat", dir);
    char *dat = slurp(path);
    assert_non_null(strstr(dat, "workers \"3.0.20 threads\" low high\n1 1 1 1\n2 1.1 "));
    free(dat);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf -- '%s'", dir);
    assert_int_equal(system(cmd), 0);
    unload(&fx);
}

static void chart_data_and_list(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, three, NULL);
    char dir[] = "/tmp/test_report.XXXXXX";
    assert_non_null(mkdtemp(dir));
    char why[256], path[512];
    assert_true(report_write_dat(&fx.r, dir, why, sizeof why));
    snprintf(path, sizeof path, "%s/charts.list", dir);
    char *list = slurp(path);
    assert_non_null(list);
    /* palette slots are release indexes: 1.1.1w 0, system 1, 3.0.20 2 */
    assert_non_null(strstr(list, "throughput\tthroughput-sha256-evp\t0 1 2\t"));
    assert_non_null(strstr(list, "throughput\tthroughput-sha256-fetch\t2\t"));
    assert_non_null(strstr(list, "speedup\tspeedup-sha256-evp\t1 2\tsha256 speed-up vs 1.1.1w"));
    assert_null(strstr(list, "speedup-sha256-fetch"));
    assert_non_null(strstr(list, "pubkey\tops-public-key-evp\t0 2\t"));
    assert_non_null(strstr(list, "speedup\tspeedup-public-key-evp\t2\t"));
    assert_non_null(strstr(list, "apis\tapis-sha256\t0 1\t"));
    free(list);
    snprintf(path, sizeof path, "%s/speedup-sha256-evp.dat", dir);
    char *dat = slurp(path);
    assert_non_null(dat);
    assert_non_null(strstr(dat, "point \"system-3.0.19\" low high \"3.0.20\" low high\n"));
    assert_non_null(strstr(dat, "\"16 B\" 1.5 "));
    free(dat);
    snprintf(path, sizeof path, "%s/throughput-sha256-evp.dat", dir);
    dat = slurp(path);
    assert_non_null(strstr(dat, "bytes \"1.1.1w\" low high\n16 1 0.95 1.05\n"));
    free(dat);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf -- '%s'", dir);
    assert_int_equal(system(cmd), 0);
    unload(&fx);
}

static void helpers(void **state)
{
    (void)state;
    char buf[64];
    report_size_name(16, buf, sizeof buf);
    assert_string_equal(buf, "16 B");
    report_size_name(16384, buf, sizeof buf);
    assert_string_equal(buf, "16 KiB");
    report_size_name(1000, buf, sizeof buf);
    assert_string_equal(buf, "1000 B");
    report_file_token("../a b/$(x)", buf, sizeof buf);
    assert_string_equal(buf, "_._a_b___x_");
}

/* Workloads, API paths and operations keep the order they first appear in,
 * whatever their names; op/s rows are told apart by their unit. */
static void order_of_appearance_and_units(void **state)
{
    (void)state;
    fixture fx;
    load(&fx, three, NULL);
    assert_int_equal(report_rank(&fx.r.workloads, "sha256"), 0);
    assert_int_equal(report_rank(&fx.r.workloads, "rsa2048"), 1);
    assert_int_equal(report_rank(&fx.r.apis, "evp"), 0);
    assert_int_equal(report_rank(&fx.r.apis, "fetch"), 1);
    assert_int_equal(report_rank(&fx.r.apis, "nope"), fx.r.apis.n);
    assert_string_equal(fx.r.pt[0].workload, "sha256");
    assert_false(report_point_is_ops(&fx.r.pt[0]));
    assert_true(report_point_is_ops(&fx.r.pt[fx.r.npt - 1]));
    unload(&fx);
    /* a made-up workload that is listed first comes first */
    static const char *const renamed =
        HEADER
        "a,1.1.1w,0x1010117f,/l,zz-new,zeta,frob,0,5,op/s,4,6,3,10,ok,,h,c,t,\n"
        "a,1.1.1w,0x1010117f,/l,evp,sha256,digest,16,1e6,B/s,0.9e6,1.1e6,3,10,ok,,h,c,t,\n";
    load(&fx, renamed, NULL);
    assert_string_equal(fx.r.pt[0].workload, "zeta");
    assert_true(report_point_is_ops(&fx.r.pt[0]));
    assert_string_equal(report_ops_group(&fx.r.pt[0]), "public-key");
    unload(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(releases_in_version_order_and_oldest_is_baseline),
        cmocka_unit_test(library_that_never_loaded_is_not_the_default_baseline),
        cmocka_unit_test(explicit_and_unknown_baseline),
        cmocka_unit_test(names_that_are_not_tokens_are_refused),
        cmocka_unit_test(ratio_from_ci_bounds_with_few_samples),
        cmocka_unit_test(no_ratio_without_both_sides),
        cmocka_unit_test(bootstrap_ratio_is_reproducible_and_brackets_the_estimate),
        cmocka_unit_test(paired_ratio_cancels_drift_within_a_run),
        cmocka_unit_test(markdown_and_terminal_tables),
        cmocka_unit_test(speed_table_in_thousands_of_bytes),
        cmocka_unit_test(chart_data_and_list),
        cmocka_unit_test(ops_charts_one_per_kind),
        cmocka_unit_test(workers_are_part_of_a_point),
        cmocka_unit_test(helpers),
        cmocka_unit_test(order_of_appearance_and_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
