/* The object shared by every worker of a point (harness/workloads/
 * shared_object.c): made once by its first user, freed once by its last,
 * a failed make reported and nothing kept, keys apart, slots limited. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/workloads/shared_object.h"

#include <stdio.h>
#include <string.h>

static int made, freed;
static int object_value = 42;

static void *make_ok(void *arg, char *why, size_t n)
{
    (void)why, (void)n;
    made++;
    return arg;
}

static void *make_fails(void *arg, char *why, size_t n)
{
    (void)arg;
    snprintf(why, n, "cannot make it");
    return NULL;
}

static void release(void *object)
{
    assert_ptr_equal(object, &object_value);
    freed++;
}

static void made_once_freed_by_last_user(void **state)
{
    (void)state;
    char why[128] = "";
    made = freed = 0;
    assert_ptr_equal(wl_shared_get("line/1", make_ok, &object_value, why, sizeof why), &object_value);
    assert_ptr_equal(wl_shared_get("line/1", make_ok, &object_value, why, sizeof why), &object_value);
    assert_int_equal(made, 1);
    wl_shared_put("line/1", release);
    assert_int_equal(freed, 0);
    wl_shared_put("line/1", release);
    assert_int_equal(freed, 1);
    wl_shared_put("line/1", release); /* no user left: ignored */
    assert_int_equal(freed, 1);
    assert_non_null(wl_shared_get("line/1", make_ok, &object_value, why, sizeof why));
    assert_int_equal(made, 2);
    wl_shared_put("line/1", release);
}

static void failed_make_keeps_nothing(void **state)
{
    (void)state;
    char why[128] = "";
    assert_null(wl_shared_get("bad", make_fails, NULL, why, sizeof why));
    assert_string_equal(why, "cannot make it");
    made = 0;
    assert_non_null(wl_shared_get("bad", make_ok, &object_value, why, sizeof why));
    assert_int_equal(made, 1);
    wl_shared_put("bad", release);
}

static void keys_apart_and_slots_limited(void **state)
{
    (void)state;
    char why[128] = "", key[16];
    int taken = 0;
    made = 0;
    for (; taken < 100; taken++) {
        snprintf(key, sizeof key, "k%d", taken);
        if (wl_shared_get(key, make_ok, &object_value, why, sizeof why) == NULL)
            break;
    }
    assert_int_equal(made, taken);
    assert_true(taken > 1 && taken < 100);
    assert_non_null(strstr(why, "more shared objects"));
    for (int i = 0; i < taken; i++) {
        snprintf(key, sizeof key, "k%d", i);
        wl_shared_put(key, release);
    }
    char long_key[80];
    memset(long_key, 'x', sizeof long_key - 1);
    long_key[sizeof long_key - 1] = '\0';
    assert_null(wl_shared_get(long_key, make_ok, &object_value, why, sizeof why));
    assert_non_null(strstr(why, "too long"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(made_once_freed_by_last_user),
        cmocka_unit_test(failed_make_keeps_nothing),
        cmocka_unit_test(keys_apart_and_slots_limited),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
