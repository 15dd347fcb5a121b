/* Disturbed samples (harness/disturbance.h): what makes a sample disturbed,
 * and what the scheduler does with one -- retakes it in the same round, up
 * to DISTURBED_RETAKES times; keeps the last try, timed by its CPU time,
 * and counts it; stops retaking for a library whose samples stay
 * disturbed.  Against scripted fake libraries (fake_driver.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fake_driver.h"

#include <math.h>

static void what_counts_as_disturbed(void **state)
{
    (void)state;
    sample_watch w = {.wall_ns = 400000, .cpu_ns = 400000};
    assert_false(sample_disturbed(&w));
    w.switches = 1;
    assert_true(sample_disturbed(&w)); /* the CPU was taken away */
    w = (sample_watch){.wall_ns = 400000, .cpu_ns = 400000, .migrated = true};
    assert_true(sample_disturbed(&w));
    /* off the CPU for a tick's worth: no; for a slice of another process's: yes */
    uint64_t allowed = (uint64_t)(400000 * DISTURB_GAP_FRACTION) + DISTURB_GAP_MIN_NS;
    w = (sample_watch){.wall_ns = 400000 + allowed, .cpu_ns = 400000};
    assert_false(sample_disturbed(&w));
    w.wall_ns++;
    assert_true(sample_disturbed(&w));
}

/* The index of the n-th sample request (0-based) of a library, or -1. */
static long nth_sample(size_t lib, size_t n)
{
    for (size_t c = 0; c < fake.ncalls; c++)
        if (fake.calls[c].type == REQ_SAMPLE && fake.calls[c].lib == lib && n-- == 0)
            return (long)c;
    return -1;
}

/* b's 3rd sample is disturbed: taken again at once, in the same round; the
 * row counts one retake and keeps no disturbed sample; pairing holds. */
static void a_disturbed_sample_is_taken_again_in_its_round(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    fake.script[1].disturbed_from = fake.script[1].disturbed_to = 3;
    assert_true(run_schedule());
    assert_int_equal(samples_of(1), 21);
    assert_int_equal(out.rows[1].retaken, 1);
    assert_int_equal(out.rows[1].disturbed, 0);
    for (size_t i = 0; i < NLIBS; i++)
        assert_int_equal(out.rows[i].samples, 20);
    assert_int_equal(nth_sample(1, 3), nth_sample(1, 2) + 1); /* right after */
    assert_non_null(strstr(trace_buf, " b sha256 legacy digest 16 disturbed 1 switches, taken again\n"));
    assert_int_equal(stats.retaken, 1);
}

/* Every try of b's first round is disturbed: after DISTURBED_RETAKES
 * retakes the last try is kept, timed by its CPU time (its wall time here
 * four times that: the other process's turns), and counted. */
static void the_last_try_is_kept_timed_by_cpu_time(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    fake.script[1].disturbed_from = 1;
    fake.script[1].disturbed_to = 1 + DISTURBED_RETAKES;
    fake.script[1].disturbed_wall_ns = 4 * fake.script[1].ns;
    assert_true(run_schedule());
    assert_int_equal(out.rows[1].retaken, DISTURBED_RETAKES);
    assert_int_equal(out.rows[1].disturbed, 1);
    assert_int_equal(samples_of(1), 20 + DISTURBED_RETAKES);
    double undisturbed = 200 * 16 / 0.01;
    assert_true(fabs(out.rates[1][0] - undisturbed) < 1e-6 * undisturbed);
    assert_true(fabs(out.rates[1][1] - undisturbed) < 1e-6 * undisturbed);
    assert_int_equal(stats.disturbed, 1);
}

/* A library whose samples stay disturbed (a slow operation on a busy CPU)
 * stops being retaken once more than half of its kept samples are. */
static void retakes_stop_where_they_cannot_help(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    fake.script[2].disturbed_from = 1;
    fake.script[2].disturbed_to = 1 << 30;
    assert_true(run_schedule());
    assert_int_equal(out.rows[2].disturbed, 20);
    /* the first four rounds retake (4 tries each), the rest try once */
    assert_int_equal(out.rows[2].retaken, 4 * DISTURBED_RETAKES);
    assert_int_equal(samples_of(2), 20 + 4 * DISTURBED_RETAKES);
}

/* Instruction counts do not depend on what else runs: never retaken. */
static void counts_are_never_retaken(void **state)
{
    (void)state;
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.metric = METRIC_INSTRUCTIONS;
    opt.sampling.min_samples = opt.sampling.max_samples = opt.sampling.block_rounds = 1;
    opt.sampling.min_blocks = 1;
    fake.script[0].disturbed_from = 1;
    fake.script[0].disturbed_to = 100;
    assert_true(run_schedule());
    assert_int_equal(samples_of(0), 1);
    assert_int_equal(out.rows[0].retaken, 0);
    assert_string_equal(out.rows[0].rate_stat, "median");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(what_counts_as_disturbed),
        cmocka_unit_test(a_disturbed_sample_is_taken_again_in_its_round),
        cmocka_unit_test(the_last_try_is_kept_timed_by_cpu_time),
        cmocka_unit_test(retakes_stop_where_they_cannot_help),
        cmocka_unit_test(counts_are_never_retaken),
    };
    return cmocka_run_group_tests_name("disturbed", tests, NULL, NULL);
}
