/* Argument parsing of `osslbench run`: defaults, lists, and a one-line
 * refusal for every kind of bad value. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../options/option_values.h"
#include "../../options/run_options.h"

#include <string.h>

static int parse(run_args *o, int argc, char **argv)
{
    return run_args_parse(argc, argv, o);
}

#define ARGS(...) (char *[]){"run", __VA_ARGS__}
#define COUNT(...) (int)(sizeof((char *[]){"run", __VA_ARGS__}) / sizeof(char *))
#define PARSE(o, ...) parse(o, COUNT(__VA_ARGS__), ARGS(__VA_ARGS__))

static void defaults(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--lib", "/x/libcrypto.so"), 0);
    assert_int_equal(o.nlibs, 1);
    assert_int_equal(o.plan.nsizes, 6);
    assert_int_equal(o.plan.sizes[0], 16);
    assert_int_equal(o.plan.sizes[5], 16384);
    /* the registry's default set, every API path */
    workload_spec dflt[MAX_WORKLOADS];
    size_t n = workload_defaults(dflt, MAX_WORKLOADS);
    assert_true(n > 0);
    assert_int_equal(o.plan.nworkloads, n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(o.plan.workloads[i].name, dflt[i].name);
    for (int a = 0; a < API_COUNT; a++)
        assert_true(o.plan.apis[a]);
    assert_float_equal(o.plan.sampling.precision, 0.01, 1e-12);
    /* samples that fit between two turns of a busy neighbour; visits */
    assert_int_equal(o.plan.sampling.target_ns, SAMPLE_NS);
    assert_int_equal(o.plan.sampling.block_rounds, BLOCK_ROUNDS);
    assert_int_equal(o.plan.sampling.min_blocks, MIN_BLOCKS);
    assert_float_equal(o.plan.sampling.budget_s, 0, 0);
    assert_null(o.plan.sampling.baseline);
}

static void budget_and_baseline(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--lib", "/x", "--budget", "6m", "--baseline", "old"), 0);
    assert_float_equal(o.plan.sampling.budget_s, 360, 1e-9);
    assert_string_equal(o.plan.sampling.baseline, "old");
    assert_int_equal(PARSE(&o, "--lib", "/x", "--budget", "90"), 0);
    assert_float_equal(o.plan.sampling.budget_s, 90, 1e-9);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--budget", "1.5h"), 0);
    assert_float_equal(o.plan.sampling.budget_s, 5400, 1e-9);
    char *bad[] = {"", "m", "6x", "6mm", "-5", "0", "nan", "1e9", "6 m"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (PARSE(&o, "--lib", "/x", "--budget", bad[i]) != 2)
            fail_msg("--budget '%s' was taken", bad[i]);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--baseline", "a b"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--baseline", ""), 2);
    /* --quick: one visit per point */
    assert_int_equal(PARSE(&o, "--lib", "/x", "--quick"), 0);
    assert_int_equal(o.plan.sampling.min_blocks, 1);
    /* rounds in slow spells are dropped in a measurement, not in a smoke run */
    assert_false(o.plan.sampling.drop_slow);
    assert_int_equal(PARSE(&o, "--lib", "/x"), 0);
    assert_true(o.plan.sampling.drop_slow);
}

/* --span: two minutes unless told; none for a smoke run or for counts
 * (they repeat exactly); never past the budget. */
static void span_of_a_points_visits(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--lib", "/x"), 0);
    assert_float_equal(o.plan.sampling.span_s, DEFAULT_SPAN_S, 0);
    assert_float_equal(DEFAULT_SPAN_S, 120, 0);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--span", "90"), 0);
    assert_float_equal(o.plan.sampling.span_s, 90, 1e-9);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--span", "5m"), 0);
    assert_float_equal(o.plan.sampling.span_s, 300, 1e-9);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--span", "0"), 0);
    assert_float_equal(o.plan.sampling.span_s, 0, 0);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--quick"), 0);
    assert_float_equal(o.plan.sampling.span_s, 0, 0);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--metric", "instructions"), 0);
    assert_float_equal(o.plan.sampling.span_s, 0, 0);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--budget", "1m"), 0);
    assert_float_equal(o.plan.sampling.span_s, 60, 1e-9);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--budget", "6m"), 0);
    assert_float_equal(o.plan.sampling.span_s, DEFAULT_SPAN_S, 0);
    char *bad[] = {"", "-5", "0.5", "nan", "2d", "1e9"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (PARSE(&o, "--lib", "/x", "--span", bad[i]) != 2)
            fail_msg("--span '%s' was taken", bad[i]);
}

static void lists_and_labels(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--lib", "old=/a/lib.so", "--lib", "/b/x=y/lib.so", "--sizes",
                           "1,1k,1M", "--api", "evp,fetch", "--workloads", "sha256,rsa1536",
                           "--precision", "2%", "--quick"),
                     0);
    assert_string_equal(o.labels[0], "old");
    assert_string_equal(o.lib_paths[0], "/a/lib.so");
    assert_string_equal(o.labels[1], "");
    assert_string_equal(o.lib_paths[1], "/b/x=y/lib.so");
    assert_int_equal(o.plan.sizes[1], 1024);
    assert_int_equal(o.plan.sizes[2], 1048576);
    assert_false(o.plan.apis[API_LEGACY]);
    assert_true(o.plan.apis[API_FETCH]);
    assert_int_equal(o.plan.workloads[1].param, 1536);
    assert_float_equal(o.plan.sampling.precision, 0.02, 1e-12);
    assert_true(o.quick);
    /* a smoke run still stops no point before its median has a 95% CI */
    assert_int_equal(o.plan.sampling.min_samples, 6);
}

static void refuses_bad_values(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--sizes", "16"), 2); /* no --lib */
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", "0"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", "-16"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", "abc"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", "99999999999"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", ","), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "sha265"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--api", "evpp"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--time", "0"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--time", "1e9"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--time", "nan"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--precision", "0"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--precision", "200%"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--bogus"), 2);
    assert_int_equal(PARSE(&o, "--lib"), 2);
    assert_int_equal(PARSE(&o, "--lib", "bad label=/x"), 2);
    assert_int_equal(PARSE(&o, "--lib", "x="), 2);
}

/* --threads and --procs: every point at each count, one worker once. */
static void worker_counts(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--lib", "/x"), 0);
    assert_int_equal(o.plan.nworkers, 1);
    assert_int_equal(o.plan.workers[0].threads, 1);
    assert_int_equal(o.plan.workers[0].procs, 1);
    assert_false(o.plan.any_threads);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--threads", "1,2,4", "--procs", "2,1"), 0);
    assert_int_equal(o.plan.nworkers, 4); /* 1t 2t 4t 2p; --procs 1 is the 1-thread point */
    assert_int_equal(o.plan.workers[2].threads, 4);
    assert_int_equal(o.plan.workers[3].threads, 1);
    assert_int_equal(o.plan.workers[3].procs, 2);
    assert_true(o.plan.any_threads);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--procs", "3"), 0);
    assert_int_equal(o.plan.nworkers, 2);
    assert_false(o.plan.any_threads);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--threads", "0"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--threads", "257"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--threads", "2,2"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--threads", "two"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--procs", "-1"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--threads"), 2);
}

/* A point given twice would be measured twice: refused like --threads 2,2,
 * within a list and across repeated options. */
static void refuses_duplicates(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", "16,16"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", "1k,1024"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", "16", "--sizes", "16"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--api", "evp,evp"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--api", "evp", "--api", "evp"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "sha256,sha256"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "sha256", "--workloads", "sha256"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--workloads", "rsa2048,rsa2048"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--sizes", "16,1k", "--api", "evp", "--api", "fetch",
                           "--workloads", "sha256", "--workloads", "rsa2048,rsa3072"),
                     0);
    assert_int_equal(o.plan.nsizes, 2);
    assert_int_equal(o.plan.nworkloads, 3);
}

/* A label is at most LABEL_SIZE - 1 = 63 characters, kept whole. */
static void label_length(void **state)
{
    (void)state;
    static run_args o;
    char arg[LABEL_SIZE + 16];
    memset(arg, 'x', LABEL_SIZE - 1);
    strcpy(arg + LABEL_SIZE - 1, "=/x");
    assert_int_equal(PARSE(&o, "--lib", arg), 0);
    assert_int_equal(strlen(o.labels[0]), 63);
    memset(arg, 'x', LABEL_SIZE);
    strcpy(arg + LABEL_SIZE, "=/x");
    assert_int_equal(PARSE(&o, "--lib", arg), 2);
}

/* --csv and --trace take a file name: not "", not a forgotten value
 * ("--csv --quiet"); "-" is stdout for --csv only. */
static void file_names(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--lib", "/x", "--csv", ""), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--csv", "--quiet"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--trace", ""), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--trace", "-"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--trace", "-q"), 2);
    assert_int_equal(PARSE(&o, "--lib", "/x", "--csv", "-", "--trace", "./-t"), 0);
    assert_string_equal(o.csv_path, "-");
    assert_string_equal(o.trace_path, "./-t");
}

static void size_parser_messages(void **state)
{
    (void)state;
    uint64_t v;
    char why[128];
    assert_true(parse_size("64M", &v, why, sizeof why));
    assert_int_equal(v, 64u << 20);
    assert_false(parse_size("65M", &v, why, sizeof why));
    assert_non_null(strstr(why, "maximum"));
    assert_false(parse_size("0", &v, why, sizeof why));
    assert_non_null(strstr(why, "at least 1 byte"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defaults),
        cmocka_unit_test(lists_and_labels),
        cmocka_unit_test(budget_and_baseline),
        cmocka_unit_test(span_of_a_points_visits),
        cmocka_unit_test(refuses_bad_values),
        cmocka_unit_test(size_parser_messages),
        cmocka_unit_test(worker_counts),
        cmocka_unit_test(refuses_duplicates),
        cmocka_unit_test(label_length),
        cmocka_unit_test(file_names),
    };
    return cmocka_run_group_tests_name("options", tests, NULL, NULL);
}
