/* The timed sample: an untimed warm-up batch of the same loop right before
 * the timed one, and only the timed one on the clock.  A fake clock that
 * the fake loop advances makes it exact. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/timing.h"

static uint64_t now;
static uint64_t runs[8];
static size_t nruns;
static bool loop_fails;

static uint64_t fake_clock(void)
{
    return now;
}

static bool fake_loop(void *state, uint64_t n)
{
    (void)state;
    if (nruns < 8)
        runs[nruns++] = n;
    now += n * 100; /* 100 ns per operation */
    return !loop_fails;
}

static void reset(void)
{
    now = 1000;
    nruns = 0;
    loop_fails = false;
}

static void warm_up_then_time_the_sample(void **state)
{
    (void)state;
    reset();
    assert_int_equal(time_sample(fake_clock, fake_loop, NULL, 1000), 1000 * 100);
    assert_int_equal(nruns, 2);
    assert_int_equal(runs[0], 1000 / WARMUP_DIVISOR); /* untimed, same loop */
    assert_int_equal(runs[1], 1000);
    /* a sample smaller than the divisor still warms up with one operation */
    reset();
    assert_int_equal(time_sample(fake_clock, fake_loop, NULL, 3), 300);
    assert_int_equal(nruns, 2);
    assert_int_equal(runs[0], 1);
}

static void a_failing_loop_is_reported(void **state)
{
    (void)state;
    reset();
    loop_fails = true;
    assert_int_equal(time_sample(fake_clock, fake_loop, NULL, 1000), UINT64_MAX);
    assert_int_equal(nruns, 1); /* the warm-up already failed: no timed run */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(warm_up_then_time_the_sample),
        cmocka_unit_test(a_failing_loop_is_reported),
    };
    return cmocka_run_group_tests_name("timing", tests, NULL, NULL);
}
