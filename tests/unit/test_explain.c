/* explain/: the callgrind profile reader, the counters (calls into a family
 * from outside it), the difference from the baseline and its CSV, on
 * profiles written here, so that no valgrind runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../explain/explain_point.h"
#include "../../explain/explain_write.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The operation's loop calls CRYPTO_malloc (which calls malloc) and a
 * recursive function, 10 operations. */
static const char base_profile[] =
    "# callgrind format\nversion: 1\ncreator: test\npositions: line\nevents: Ir\nsummary: 904\n\n"
    "ob=(1) /x/libcrypto.so\nfl=(1) a.c\n"
    "fn=(1) main\ncfn=(2) osslbench_counted_run\ncalls=0 3\n3 904\n"
    "fn=(2)\n3 4\ncfn=(3) loop\ncalls=1 5\n* 900\n"
    "fn=(3)\n5 60\n+2 40\ncfn=(4) CRYPTO_malloc\ncalls=10 9\n* 300\n"
    "cfn=(5) work\ncalls=10 20\n-1 500\n"
    "fn=(4)\n9 100\ncob=(2) libc.so\ncfn=(6) malloc\ncalls=10 1\n* 200\n"
    "ob=(2)\nfl=(2) ???\nfn=(6)\n0x1f 200\n"
    "ob=(1)\nfl=(1)\nfn=(5)\n20 400\ncfn=(7) work'2\ncalls=5 20\n* 100\n"
    "fn=(7)\n20 100\n\ntotals: 904\n";

/* The same, where the loop also asks the name map 20 times, takes a
 * versioned lock once per operation, and work costs more: 190.4 instructions
 * an operation against 90.4. */
static const char new_profile[] =
    "# callgrind format\nversion: 1\npositions: line\nevents: Ir Dr\n"
    "fn=(1) osslbench_counted_run\n3 4\ncfn=(2) loop\ncalls=1 5\n* 2500\n"
    "fn=(2)\n5 100\ncfn=(3) CRYPTO_malloc\ncalls=10 9\n* 300\n"
    "cfn=(4) work\ncalls=10 20\n* 800\n"
    "cfn=(5) ossl_namemap_name2num\ncalls=20 30\n* 1200\n"
    "cfn=(6) pthread_rwlock_rdlock@@GLIBC_2.34\ncalls=10 40\n* 100\n"
    "fn=(3)\n9 100\ncfn=(7) malloc\ncalls=10 1\n* 200\n"
    "fn=(7)\n1 200\nfn=(4)\n20 800 3\nfn=(5)\n30 600\ncfn=(3)\ncalls=20 9\n* 600\n"
    "fn=(6)\n40 100\n";

static char dir[64];

static void write_file(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/test_explain.XXXXXX");
    return mkdtemp(dir) == NULL;
}

static int remove_dir(void **state)
{
    (void)state;
    return rmdir(dir);
}

static cg_profile parse(const char *text, bool want_ok, char *why, size_t n)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(f);
    cg_profile p;
    bool ok = cg_profile_parse(f, "t.cg", &p, why, n);
    fclose(f);
    if (ok != want_ok)
        fail_msg("parse: %s (%s)", ok ? "accepted" : "refused", ok ? "" : why);
    return p;
}

static const cg_function *fn(const cg_profile *p, const char *name)
{
    size_t f = cg_profile_find(p, name);
    if (f == SIZE_MAX)
        fail_msg("no function %s", name);
    return &p->fn[f];
}

static void self_calls_and_inclusive_are_read(void **state)
{
    (void)state;
    char why[200];
    cg_profile p = parse(base_profile, true, why, sizeof why);
    assert_int_equal(p.total, 904);
    assert_int_equal(p.totals_line, 904);
    assert_int_equal(fn(&p, "loop")->self, 100); /* "+2 40" is a cost line too */
    assert_int_equal(fn(&p, "loop")->inclusive, 900);
    assert_int_equal(fn(&p, "malloc")->self, 200); /* a hex position */
    assert_int_equal(fn(&p, "CRYPTO_malloc")->calls, 10);
    assert_int_equal(fn(&p, "CRYPTO_malloc")->inclusive, 300);
    /* work'2 is work: its self cost joins, the call to itself is no inclusive cost */
    assert_int_equal(fn(&p, "work")->self, 500);
    assert_int_equal(fn(&p, "work")->calls, 15);
    assert_int_equal(fn(&p, "work")->inclusive, 500);
    assert_int_equal(cg_profile_find(&p, "work'2"), SIZE_MAX);
    assert_int_equal(fn(&p, "main")->self + fn(&p, "main")->calls, 0); /* on the stack only */
    cg_profile_free(&p);
}

static void a_malformed_profile_is_refused_with_its_line(void **state)
{
    (void)state;
    char why[200];
    parse("events: Ir\n5 10\n", false, why, sizeof why);
    assert_non_null(strstr(why, "line 2: a cost before any fn= line"));
    parse("events: Dr Ir\nfn=a\n1 2\n", false, why, sizeof why);
    assert_non_null(strstr(why, "not Ir"));
    parse("events: Ir\nfn=(3)\n1 2\n", false, why, sizeof why);
    assert_non_null(strstr(why, "used before it is defined"));
    parse("events: Ir\nfn=a\ncalls=2 1\n1 5\n", false, why, sizeof why);
    assert_non_null(strstr(why, "calls= line before any cfn="));
    parse("fn=a\n1 2\n", false, why, sizeof why);
    assert_non_null(strstr(why, "no events: line"));
    parse("", false, why, sizeof why);
    assert_non_null(strstr(why, "not a callgrind profile"));
}

static result_row row_of(const char *label, unsigned long version_num, const char *profile)
{
    result_row r = {.status = ST_OK, .iterations = 10, .version_num = version_num};
    snprintf(r.label, sizeof r.label, "%s", label);
    snprintf(r.flavor, sizeof r.flavor, "openssl");
    snprintf(r.workload, sizeof r.workload, "sha256");
    snprintf(r.api, sizeof r.api, "evp");
    snprintf(r.op, sizeof r.op, "digest");
    snprintf(r.profile, sizeof r.profile, "%s", profile);
    r.bytes = 16;
    return r;
}

/* The baseline (1.1.1) and a 3.0 of the same point, explained. */
static void explain_two(explained_point *p)
{
    char why[200];
    write_file("a.cg", base_profile);
    write_file("b.cg", new_profile);
    *p = (explained_point){0};
    result_row b = row_of("new", 0x30000000UL, "b.cg"), a = row_of("old", 0x1010117fUL, "a.cg");
    if (!explained_point_add(p, &b, dir, why, sizeof why) ||
        !explained_point_add(p, &a, dir, why, sizeof why) ||
        !explained_point_finish(p, NULL, why, sizeof why))
        fail_msg("%s", why);
}

static void counters_count_calls_into_a_family_from_outside(void **state)
{
    (void)state;
    explained_point p;
    explain_two(&p);
    const explained_lib *old = &p.lib[1], *new = &p.lib[0];
    /* CRYPTO_malloc calling malloc is one allocation, not two */
    assert_true(old->counter_calls[COUNTER_allocations] == 1.0);
    assert_true(old->counter_cost[COUNTER_allocations] == 30.0);
    /* the name map calls CRYPTO_malloc: 3 allocations an operation in all */
    assert_true(new->counter_calls[COUNTER_allocations] == 3.0);
    assert_true(new->counter_calls[COUNTER_namemap] == 2.0);
    assert_true(new->counter_calls[COUNTER_locks] == 1.0); /* the symbol version is no part of the name */
    assert_true(old->counter_calls[COUNTER_locks] == 0.0);
    assert_true(counter_matches(COUNTER_locks, "CRYPTO_THREAD_read_lock"));
    assert_false(counter_matches(COUNTER_locks, "CRYPTO_THREAD_unlock"));
    explained_point_free(&p);
}

static void the_difference_is_sorted_and_adds_up(void **state)
{
    (void)state;
    explained_point p;
    explain_two(&p);
    assert_int_equal(p.baseline, 1); /* the oldest release, not the first library */
    assert_int_equal(p.ndiff, 1);
    const point_diff *d = &p.diff[0];
    assert_true(fabs(d->delta - (190.4 - 90.4)) < 1e-9);
    assert_string_equal(d->fn[0].name, "ossl_namemap_name2num"); /* +60 */
    assert_string_equal(diff_side(d, &d->fn[0]), "only-this");
    assert_string_equal(d->fn[1].name, "work"); /* +30 */
    double sum = 0;
    for (size_t k = 0; k < d->nfn; k++) {
        sum += d->fn[k].delta;
        if (k > 0 && d->fn[k].delta > d->fn[k - 1].delta)
            fail_msg("%s after %s: not largest increase first", d->fn[k].name, d->fn[k - 1].name);
    }
    assert_true(fabs(sum - d->delta) < 1e-9);
    for (size_t k = 0; k < d->nfn; k++) /* main was only on the stack: no function of the op */
        assert_string_not_equal(d->fn[k].name, "main");
    assert_int_equal(d->nfn, 7);
    char line[200];
    explain_summary(&p, d, 2, line, sizeof line);
    assert_string_equal(line, "+100 instr/op: 60% in ossl_namemap_name2num, 30% in work");
    explained_point_free(&p);
}

static void csv_functions_add_up_to_the_instructions_per_operation(void **state)
{
    (void)state;
    explained_point p;
    explain_two(&p);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    explain_csv_header(f);
    explain_csv_point(f, &p);
    fclose(f);
    assert_memory_equal(buf, "workload,api,op,bytes,label,baseline,kind,name,self_per_op,", 59);
    double sums[2] = {0, 0};
    for (char *line = strtok(buf, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        char label[16], kind[16], name[64];
        double self;
        if (sscanf(line, "sha256,evp,digest,16,%15[^,],%*[^,],%15[^,],%63[^,],%lf", label, kind,
                   name, &self) == 4 && strcmp(kind, "function") == 0)
            sums[strcmp(label, "new") == 0] += self;
    }
    assert_true(fabs(sums[0] - 90.4) < 1e-6);
    assert_true(fabs(sums[1] - 190.4) < 1e-6);
    free(buf);
    explained_point_free(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(self_calls_and_inclusive_are_read),
        cmocka_unit_test(a_malformed_profile_is_refused_with_its_line),
        cmocka_unit_test(counters_count_calls_into_a_family_from_outside),
        cmocka_unit_test(the_difference_is_sorted_and_adds_up),
        cmocka_unit_test(csv_functions_add_up_to_the_instructions_per_operation),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
