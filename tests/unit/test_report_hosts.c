/* `osslbench report` over several hosts: naming hosts, the union of
 * releases (one on one host only is kept and listed), cross-host ratios
 * (never paired), and chart groups chosen by the unit column.  Inputs are
 * small hand-written run folders with made-up rates (test fixtures only). */
#include "report_fixtures.h"

#include "../../analysis/report_hosts.h"

#include <math.h>
#include <sys/stat.h>
#define S8(a) a " " a " " a " " a " " a " " a " " a " " a

/* Host "alpha": 3.0.20 and 1.1.1w; "beta": 3.0.20 only, twice as fast.
 * Rows of an older format (8 samples, no visits): a ratio across hosts is
 * the ratio of the rates, with no interval (never a paired one).  "ecdsa-x" is a made-up workload
 * measured in op/s: it must be charted with the other op/s points. */
static const char *const alpha_csv =
    RESULTS_HEADER
    "3.0.20,3.0.20,0x30000140,/l,evp,sha256,digest,16,1e6,B/s,0.9e6,1.1e6,8,10,ok,,alpha,c,T,"
    S8("1e6") "\n"
    "3.0.20,3.0.20,0x30000140,/l,evp,rsa2048,sign,0,1000,op/s,990,1010,8,10,ok,,alpha,c,T,"
    S8("1000") "\n"
    "3.0.20,3.0.20,0x30000140,/l,evp,ecdsa-x,sign,0,5000,op/s,4900,5100,8,10,ok,,alpha,c,T,"
    S8("5000") "\n"
    "1.1.1w,1.1.1w,0x1010117f,/l1,evp,sha256,digest,16,2e6,B/s,1.9e6,2.1e6,3,10,ok,,alpha,c,T,\n";
static const char *const beta_csv =
    RESULTS_HEADER
    "3.0.20,3.0.20,0x30000140,/l,evp,sha256,digest,16,2e6,B/s,1.9e6,2.1e6,8,10,ok,,beta,c,T,"
    S8("2e6") "\n"
    "3.0.20,3.0.20,0x30000140,/l,evp,rsa2048,sign,0,500,op/s,490,510,8,10,ok,,beta,c,T,"
    S8("500") "\n"
    "3.0.20,3.0.20,0x30000140,/l,evp,ecdsa-x,sign,0,,op/s,,,0,0,crashed,signal 11,beta,c,T,\n";

static char tmp[64];
static char alpha[128], beta[128], beta_csv_path[160];

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static int make_folders(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/osslbench-hosts-XXXXXX");
    if (mkdtemp(tmp) == NULL)
        return -1;
    char path[256];
    snprintf(alpha, sizeof alpha, "%s/run-a", tmp);
    snprintf(beta, sizeof beta, "%s/run-b", tmp);
    mkdir(alpha, 0700);
    mkdir(beta, 0700);
    snprintf(path, sizeof path, "%s/results.csv", alpha);
    write_file(path, alpha_csv);
    snprintf(path, sizeof path, "%s/metadata.txt", alpha);
    write_file(path, "host: alpha\ncpu_model: x\n");
    snprintf(beta_csv_path, sizeof beta_csv_path, "%s/results.csv", beta);
    write_file(beta_csv_path, beta_csv);
    return 0;
}

static int remove_folders(void **state)
{
    (void)state;
    return remove_tree(tmp) ? 0 : -1;
}

static void load(hosts_report *h, const char *a, const char *b, const char *reference)
{
    char why[512];
    *h = (hosts_report){0};
    if (!hosts_add(h, a, why, sizeof why) || !hosts_add(h, b, why, sizeof why) ||
        !hosts_finish(h, reference, why, sizeof why))
        fail_msg("%s", why);
}

static char *render_hosts(void (*w)(const hosts_report *, FILE *), const hosts_report *h)
{
    FILE *f = capture_open();
    w(h, f);
    return capture_close(f);
}

/* The report over alpha and beta, alpha the reference: a test's state. */
static int load_alpha_beta(void **state)
{
    static hosts_report h;
    load(&h, alpha, beta, NULL);
    *state = &h;
    return 0;
}

static int free_hosts(void **state)
{
    hosts_free(*state);
    return 0;
}

static void hosts_are_named_by_metadata_then_csv_then_label(void **state)
{
    (void)state;
    hosts_report h;
    load(&h, alpha, beta_csv_path, NULL);
    assert_string_equal(h.host[0].label, "alpha"); /* metadata.txt */
    assert_string_equal(h.host[1].label, "beta");  /* the CSV's host column */
    hosts_free(&h);
    char named[200];
    snprintf(named, sizeof named, "router=%s", beta);
    load(&h, alpha, named, "router");
    assert_string_equal(h.host[1].label, "router");
    assert_int_equal(h.reference, 1);
    hosts_free(&h);
}

static void bad_inputs_are_refused_with_a_reason(void **state)
{
    (void)state;
    char why[512] = "";
    hosts_report h = {0};
    assert_true(hosts_add(&h, alpha, why, sizeof why));
    assert_false(hosts_finish(&h, NULL, why, sizeof why)); /* one host */
    assert_has(why, "at least two");
    assert_true(hosts_add(&h, alpha, why, sizeof why));
    assert_false(hosts_finish(&h, NULL, why, sizeof why)); /* alpha twice */
    assert_has(why, "two inputs are host 'alpha'");
    hosts_free(&h);
    load(&h, alpha, beta, NULL);
    hosts_free(&h);
    h = (hosts_report){0};
    assert_true(hosts_add(&h, alpha, why, sizeof why));
    assert_true(hosts_add(&h, beta, why, sizeof why));
    assert_false(hosts_finish(&h, "gamma", why, sizeof why));
    assert_string_equal(why, "unknown reference host 'gamma' (hosts: alpha beta)");
    hosts_free(&h);
    h = (hosts_report){0};
    assert_false(hosts_add(&h, "/nonexistent/run", why, sizeof why));
    hosts_free(&h);
}

static void a_release_on_one_host_only_is_kept_and_listed(void **state)
{
    const hosts_report *h = *state;
    assert_int_equal(h->nrel, 2);
    assert_string_equal(h->rel[0].label, "1.1.1w"); /* version order */
    assert_int_equal(h->rel[0].on, 1);              /* alpha only */
    assert_int_equal(h->rel[1].on, 3);
    char *cov = render_hosts(hosts_write_coverage, h);
    assert_has(cov, "release 1.1.1w is only on alpha (not on beta)\n");
    assert_lacks(cov, "release 3.0.20 is only");
    free(cov);
}

static void ratios_across_hosts_are_never_paired(void **state)
{
    const hosts_report *h = *state;
    const report_point *sha = NULL, *rsa = NULL;
    for (size_t j = 0; j < h->npt; j++) {
        if (strcmp(h->pt[j].p.workload, "sha256") == 0)
            sha = &h->pt[j].p;
        if (strcmp(h->pt[j].p.workload, "rsa2048") == 0)
            rsa = &h->pt[j].p;
    }
    assert_non_null(sha);
    assert_non_null(rsa);
    report_ratio q = hosts_ratio(h, 1, 1, sha); /* beta / alpha, 3.0.20 */
    assert_int_equal(q.method, CI_NO_CI);
    assert_float_equal(q.ratio, 2.0, 1e-9);
    assert_true(isnan(q.lo) && isnan(q.hi));
    q = hosts_ratio(h, 1, 1, rsa);
    assert_float_equal(q.ratio, 0.5, 1e-9);
    assert_int_equal(hosts_ratio(h, 1, 0, sha).method, CI_NONE); /* 1.1.1w: alpha only */
    char *csv = render_hosts(hosts_write_csv, h);
    assert_has(csv,
               "3.0.20,0x30000140,sha256,evp,digest,16,B/s,beta,2e+06,1.9e+06,"
               "2.1e+06,alpha,1e+06,2,,,no-ci,ok\n",
               "3.0.20,0x30000140,ecdsa-x,evp,sign,0,op/s,beta,,,,alpha,5000,"
               ",,,,crashed\n");
    free(csv);
}

static void charts_are_grouped_by_unit_not_by_name(void **state)
{
    const hosts_report *h = *state;
    char why[256], dir[128];
    snprintf(dir, sizeof dir, "%s/out", tmp);
    mkdir(dir, 0700);
    assert_true(hosts_write_dat(h, dir, why, sizeof why));
    /* rsa2048 and the made-up ecdsa-x, both op/s, share one chart; a
     * release on one host only keeps its chart, with no relative one */
    assert_file_has(dir, "charts.list",
                    "hosts\thosts-3.0.20-sha256\t0 1\t",
                    "relative\trelative-3.0.20-sha256\t1\t",
                    "hosts\thosts-3.0.20-ops\t0 1\t3.0.20: operations per second",
                    "hosts\thosts-1.1.1w-sha256\t0\t");
    assert_file_lacks(dir, "charts.list", "ecdsa-x\t", "-rsa2048", "relative-1.1.1w");
    assert_file_has(dir, "hosts-3.0.20-ops.dat",
                    "\"rsa2048|sign\" 1000 990 1010 500 490 510\n",
                    "\"ecdsa-x|sign\" 5000 4900 5100 ? ? ?\n");
}

/* Rows of a --threads run: the 2-thread row must neither replace nor join
 * the 1-thread row of the same point; it is counted and left out. */
static void hosts_are_compared_on_one_worker(void **state)
{
    (void)state;
    char dir[192], a[224], b[224];
    snprintf(dir, sizeof dir, "%s/threads", tmp);
    assert_int_equal(mkdir(dir, 0700), 0);
    snprintf(a, sizeof a, "%s/a.csv", dir);
    snprintf(b, sizeof b, "%s/b.csv", dir);
#define THREADS_HEADER                                                                         \
    "label,version,version_num,lib,api,workload,op,bytes,threads,procs,rate,unit,ci_low,"      \
    "ci_high,samples,iterations,status,note,host,cpu,timestamp,sample_rates\n"
    write_file(a, THREADS_HEADER
               "3.0.20,3.0.20,0x30000140,/l,evp,sha256,digest,16,2,1,9e6,B/s,8e6,10e6,8,10,ok,,a,c,T,"
               S8("9e6") "\n"
               "3.0.20,3.0.20,0x30000140,/l,evp,sha256,digest,16,1,1,1e6,B/s,0.9e6,1.1e6,8,10,ok,,a,c,T,"
               S8("1e6") "\n");
    write_file(b, THREADS_HEADER
               "3.0.20,3.0.20,0x30000140,/l,evp,sha256,digest,16,1,1,2e6,B/s,1.9e6,2.1e6,8,10,ok,,b,c,T,"
               S8("2e6") "\n"
               "3.0.20,3.0.20,0x30000140,/l,evp,sha256,digest,16,1,2,4e6,B/s,3.9e6,4.1e6,8,10,ok,,b,c,T,"
               S8("4e6") "\n");
#undef THREADS_HEADER
    hosts_report h;
    load(&h, a, b, NULL);
    assert_int_equal(h.npt, 1);
    assert_int_equal(h.multi_worker_rows, 2);
    const result_row *ra = hosts_find(&h, 0, 0, &h.pt[0].p);
    const result_row *rb = hosts_find(&h, 1, 0, &h.pt[0].p);
    assert_non_null(ra);
    assert_non_null(rb);
    assert_true(ra->rate == 1e6);
    assert_true(rb->rate == 2e6);
    char *cov = render_hosts(hosts_write_coverage, &h);
    assert_has(cov, "2 row(s) with several threads or processes left out");
    free(cov);
    hosts_free(&h);
}

/* A relative chart has a row wherever the reference host measured the
 * point ('?' where the other host did not), and none where it did not. */
static void relative_rows_follow_the_reference(void **state)
{
    (void)state;
    char why[256], dir[128];
    const char *ref[2] = {"alpha", "beta"};
    for (int r = 0; r < 2; r++) {
        hosts_report h;
        load(&h, alpha, beta, ref[r]);
        snprintf(dir, sizeof dir, "%s/rel-%s", tmp, ref[r]);
        mkdir(dir, 0700);
        assert_true(hosts_write_dat(&h, dir, why, sizeof why));
        const char *dat = "relative-3.0.20-ops.dat";
        if (r == 0) { /* beta crashed on ecdsa-x: no ratio */
            assert_file_has(dir, dat, "\"rsa2048|sign\" 0.5 ", "\"ecdsa-x|sign\" ? ? ?\n");
        } else { /* the reference has no rate there: no row */
            assert_file_has(dir, dat, "\"rsa2048|sign\" 2 ");
            assert_file_lacks(dir, dat, "ecdsa-x");
        }
        hosts_free(&h);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hosts_are_named_by_metadata_then_csv_then_label),
        cmocka_unit_test(bad_inputs_are_refused_with_a_reason),
        cmocka_unit_test_setup_teardown(a_release_on_one_host_only_is_kept_and_listed, load_alpha_beta, free_hosts),
        cmocka_unit_test_setup_teardown(ratios_across_hosts_are_never_paired, load_alpha_beta, free_hosts),
        cmocka_unit_test_setup_teardown(charts_are_grouped_by_unit_not_by_name, load_alpha_beta, free_hosts),
        cmocka_unit_test(relative_rows_follow_the_reference),
        cmocka_unit_test(hosts_are_compared_on_one_worker),
    };
    return cmocka_run_group_tests_name("report over hosts", tests, make_folders, remove_folders);
}
