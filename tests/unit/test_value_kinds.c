/* `osslbench check-value`'s kinds (knobs/value_kinds.c): each knob kind is
 * judged by the parser of the option it becomes, so a knob takes exactly
 * what the option takes (SIZE=8K as --sizes 8K) and refuses with its line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../knobs/value_kinds.h"

#include <string.h>

static char why[512];

static bool check(const char *kind, const char *value)
{
    const value_kind *k = value_kind_find(kind);
    assert_non_null(k);
    why[0] = '\0';
    return value_kind_check(k, value, why, sizeof why);
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

static void every_kind_has_a_judge(void **state)
{
    (void)state;
    assert_null(value_kind_find("path"));
    for (size_t i = 0; i < value_kind_count; i++) {
        const value_kind *k = &value_kinds[i];
        assert_ptr_equal(value_kind_find(k->kind), k);
        /* a judge that exists: the empty value is refused with a reason */
        assert_false(value_kind_check(k, "", why, sizeof why));
        assert_true(why[0] != '\0');
        assert_null(strstr(why, "has no option"));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sizes_as_run_reads_them),
        cmocka_unit_test(workloads_and_apis),
        cmocka_unit_test(numbers_words_and_labels),
        cmocka_unit_test(every_kind_has_a_judge),
    };
    return cmocka_run_group_tests_name("value_kinds", tests, NULL, NULL);
}
