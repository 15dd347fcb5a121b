/* run's --provider and --propquery (options/run_providers.c): the plan keeps the
 * names in order, the query as given, and every bad value is refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../options/run_options.h"

#include <string.h>

#define ARGS(...) (char *[]){"run", "--lib", "/x", __VA_ARGS__}
#define COUNT(...) (int)(sizeof((char *[]){"run", "--lib", "/x", __VA_ARGS__}) / sizeof(char *))
#define PARSE(o, ...) run_args_parse(COUNT(__VA_ARGS__), ARGS(__VA_ARGS__), o)

static void none_by_default(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--quick"), 0);
    assert_int_equal(o.plan.providers.count, 0);
    assert_null(o.plan.providers.propquery);
}

static void names_in_order_and_the_query(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--provider", "legacy", "--provider", "/opt/p/oqsprovider.so",
                           "--propquery", "?provider=legacy"),
                     0);
    assert_int_equal(o.plan.providers.count, 2);
    assert_string_equal(o.plan.providers.names[0], "legacy");
    assert_string_equal(o.plan.providers.names[1], "/opt/p/oqsprovider.so");
    assert_string_equal(o.plan.providers.propquery, "?provider=legacy");
}

static void refuses_bad_values(void **state)
{
    (void)state;
    static run_args o;
    assert_int_equal(PARSE(&o, "--provider", ""), 2);
    assert_int_equal(PARSE(&o, "--provider", "--quick"), 2);
    assert_int_equal(PARSE(&o, "--provider", "a\nb"), 2);
    assert_int_equal(PARSE(&o, "--provider", "legacy", "--provider", "legacy"), 2);
    assert_int_equal(PARSE(&o, "--propquery", "a", "--propquery", "b"), 2);
    assert_int_equal(PARSE(&o, "--propquery", ""), 2);
    char lng[PROPQUERY_SIZE + 1];
    memset(lng, 'a', sizeof lng - 1);
    lng[sizeof lng - 1] = '\0';
    assert_int_equal(PARSE(&o, "--propquery", lng), 2);
    lng[PROPQUERY_SIZE - 1] = '\0'; /* the longest that fits */
    assert_int_equal(PARSE(&o, "--propquery", lng), 0);
    assert_int_equal(PARSE(&o, "--provider", "1", "--provider", "2", "--provider", "3",
                           "--provider", "4", "--provider", "5", "--provider", "6",
                           "--provider", "7", "--provider", "8"),
                     0);
    assert_int_equal(PARSE(&o, "--provider", "1", "--provider", "2", "--provider", "3",
                           "--provider", "4", "--provider", "5", "--provider", "6",
                           "--provider", "7", "--provider", "8", "--provider", "9"),
                     2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(none_by_default),
        cmocka_unit_test(names_in_order_and_the_query),
        cmocka_unit_test(refuses_bad_values),
    };
    return cmocka_run_group_tests_name("run_providers", tests, NULL, NULL);
}
