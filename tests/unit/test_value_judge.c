/* The judges of tools/knob-kinds.tsv (knobs/value_judge.c): each knob kind
 * with one is judged by the parser of the option it becomes, so a knob takes
 * exactly what the option takes (SIZE=8K as --sizes 8K) and refuses with its
 * line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../knobs/knob_table.h"
#include "../../knobs/value_judge.h"

#include <string.h>

static knob_table table;
static char why[512];

static bool check(const char *kind, const char *value)
{
    const knob_kind *k = knob_kind_find(&table, kind);
    assert_non_null(k);
    why[0] = '\0';
    return value_judge_check(k->judge, value, why, sizeof why);
}

static void sizes_as_run_reads_them(void **state)
{
    (void)state;
    /* the issue: SIZE=8K refused by bisect while SIZES=8K worked */
    const char *ok[] = {"16", "8k", "8K", "1m", "1M", "64M"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        assert_true(check("size", ok[i]));
        assert_true(check("sizes", ok[i]));
    }
    assert_true(check("sizes", "16,8K,1m"));
    assert_false(check("size", "8x"));
    assert_string_equal(why, "block size '8x' is not a positive whole number");
    assert_false(check("size", "0k"));
    assert_non_null(strstr(why, "at least 1 byte"));
    assert_false(check("size", "99M"));
    assert_non_null(strstr(why, "64 MiB maximum"));
    assert_false(check("size", "16,8k"));
    assert_non_null(strstr(why, "is a list"));
    assert_false(check("sizes", "16,16"));
    assert_non_null(strstr(why, "given twice"));
}

static void workloads_and_apis(void **state)
{
    (void)state;
    assert_true(check("workloads", "sha256,rsa2048"));
    assert_true(check("workloads", "evp:sm4-cbc"));
    assert_true(check("workload", "sha256"));
    assert_false(check("workloads", "sha265"));
    assert_non_null(strstr(why, "did you mean 'sha256'"));
    assert_false(check("workload", "sha256,md5"));
    assert_false(check("workload", "aes")); /* a family: several workloads */
    assert_non_null(strstr(why, "not one"));
    assert_true(check("apis", "evp,fetch"));
    assert_false(check("apis", "evp-x"));
    assert_non_null(strstr(why, "unknown API path 'evp-x'"));
}

static void numbers_words_and_labels(void **state)
{
    (void)state;
    assert_true(check("time", "0.5"));
    assert_false(check("time", "0"));
    assert_non_null(strstr(why, "out of range"));
    assert_true(check("precision", "1%"));
    assert_false(check("precision", "60%"));
    assert_true(check("duration", "1.5h"));
    assert_false(check("duration", "6d"));
    assert_true(check("threshold", "5"));
    assert_false(check("threshold", "abc"));
    assert_non_null(strstr(why, "--threshold"));
    assert_true(check("clock", "cpu"));
    assert_false(check("clock", "tsc"));
    assert_true(check("metric", "instructions"));
    assert_false(check("metric", "cycles"));
    assert_true(check("threads", "1,2,4"));
    assert_false(check("procs", "0"));
    assert_non_null(strstr(why, "process count"));
    assert_true(check("providers", "legacy, default"));
    assert_false(check("providers", "legacy legacy"));
    assert_false(check("providers", " , "));
    assert_true(check("label", "3.0.20"));
    assert_false(check("label", "3.0/20"));
    assert_true(check("labels", "1.1.1w, 3.0.20"));
    assert_false(check("labels", "1.1.1w x:y"));
    assert_non_null(strstr(why, "'x:y' is not a label"));
}

static void every_judge_names_a_parser(void **state)
{
    (void)state;
    assert_string_equal(knob_kind_find(&table, "path")->judge, "-");
    size_t judged = 0;
    for (size_t i = 0; i < table.nkinds; i++) {
        const knob_kind *k = &table.kind[i];
        if (strcmp(k->judge, "-") == 0)
            continue;
        judged++;
        assert_true(value_judge_known(k->judge, why, sizeof why));
        /* a parser that exists: the empty value is refused with a reason */
        assert_false(value_judge_check(k->judge, "", why, sizeof why));
        assert_true(why[0] != '\0');
        assert_null(strstr(why, "no such option"));
    }
    assert_true(judged >= 16);
}

static void a_judge_that_names_no_parser(void **state)
{
    (void)state;
    const char *bad[] = {"", "run", "run --nope", "run --quick", "regress --sizes", "lable",
                         "label one", "run --sizes two", "run --sizes one split", "sh -c"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        assert_false(value_judge_known(bad[i], why, sizeof why));
        assert_true(why[0] != '\0');
        assert_false(value_judge_check(bad[i], "16", why, sizeof why));
    }
}

static int read_kinds(void **state)
{
    (void)state;
    char reason[1024];
    return knob_kinds_read("tools/knob-kinds.tsv", &table, reason, sizeof reason) ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizes_as_run_reads_them),
        cmocka_unit_test(workloads_and_apis),
        cmocka_unit_test(numbers_words_and_labels),
        cmocka_unit_test(every_judge_names_a_parser),
        cmocka_unit_test(a_judge_that_names_no_parser),
    };
    return cmocka_run_group_tests_name("value_judge", tests, read_kinds, NULL);
}
