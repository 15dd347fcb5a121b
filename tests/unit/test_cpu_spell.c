/* Slow spells of the benchmark CPU (harness/cpu_spell.h): the fast time is
 * the run's 10th percentile of probes, known after SPELL_MIN_PROBES; a
 * round whose probe runs over 1.4x that is dropped and taken again, so no
 * sample of a spell reaches the row; rounds kept before the time was known
 * are judged again; a visit that meets a long spell gives up.  Against scripted fake libraries (fake_driver.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../harness/cpu_spell.h"
#include "fake_driver.h"

static void the_fast_time_is_the_tenth_percentile(void **state)
{
    (void)state;
    spell_gauge g = {0};
    for (int i = 0; i < SPELL_MIN_PROBES - 1; i++)
        spell_gauge_add(&g, 2500);
    assert_int_equal(spell_fast_ns(&g), 0); /* too few to know */
    assert_true(spell_slow_ns(&g) == UINT64_MAX);
    spell_gauge_add(&g, 2500);
    uint64_t fast = spell_fast_ns(&g);
    assert_true(fast >= 2500 && fast <= 2550); /* a 2% bin's upper edge */
    assert_true(spell_slow_ns(&g) >= 3500 && spell_slow_ns(&g) <= 3570);
    /* 90% in spells still leaves the fast time where it was */
    for (int i = 0; i < 9 * SPELL_MIN_PROBES; i++)
        spell_gauge_add(&g, 5000);
    assert_int_equal(spell_fast_ns(&g), fast);
    /* a CPU nearly always slow: its usual time is the fast one, nothing is dropped */
    for (int i = 0; i < 10 * SPELL_MIN_PROBES; i++)
        spell_gauge_add(&g, 5000);
    assert_true(spell_fast_ns(&g) >= 5000 && spell_slow_ns(&g) >= 7000);
}

/* One point of 20 visits of 10 rounds whose probes take 2.5 us, b's
 * samples from..to (1-based) in a spell. */
static void setup_spell(int from, int to)
{
    static const uint64_t sizes[] = {16};
    setup_run(sizes, 1);
    opt.sampling.min_blocks = 20;
    for (size_t i = 0; i < NLIBS; i++)
        fake.script[i].probe_ns = 2500;
    fake.script[1].slow_from = from;
    fake.script[1].slow_to = to;
}

/* 20 visits of 10 rounds; the fake's probes take 2.5 us, b's samples
 * 150-160 fall in a spell (probe and time doubled).  Those 11 rounds are
 * dropped and taken again: every row keeps 200 samples, none slow. */
static void a_round_in_a_slow_spell_leaves_no_sample(void **state)
{
    (void)state;
    setup_spell(150, 160);
    assert_true(run_schedule());
    assert_int_equal(samples_of(1), 211);
    for (size_t i = 0; i < NLIBS; i++) {
        assert_int_equal(out.rows[i].samples, 200);
        assert_true(out.lowest[i] == out.rates[i][0]); /* no rate of a spell */
    }
    assert_int_equal(stats.rounds, 211);
    assert_int_equal(stats.rounds_slow, 11);
    assert_true(stats.spell_fast_ns >= 2500 && stats.spell_fast_ns <= 2550);
    assert_non_null(strstr(trace_buf, "slow round of sha256 legacy digest 16: probe 5000 ns over "));
}

/* The same spell before the fast time is known: its rounds are kept at
 * first, then judged again once the time is known, and dropped from every
 * row alike (the blocks still add up: 189 rounds left). */
static void rounds_kept_before_the_fast_time_is_known_are_judged_again(void **state)
{
    (void)state;
    setup_spell(5, 15);
    assert_true(run_schedule());
    assert_int_equal(stats.rounds_slow, 11);
    for (size_t i = 0; i < NLIBS; i++) {
        assert_int_equal(out.rows[i].samples, 189);
        assert_int_equal(out.block_total[i], 189);
        assert_true(out.lowest[i] == out.rates[i][0]); /* no rate of a spell */
    }
    assert_non_null(strstr(trace_buf, "slow rounds of sha256 legacy digest 16: 11 kept earlier "
                                      "are over "));
}

/* A smoke run (--quick) is no measurement: it keeps every round. */
static void a_smoke_run_keeps_every_round(void **state)
{
    (void)state;
    setup_spell(150, 160);
    opt.sampling.drop_slow = false;
    assert_true(run_schedule());
    assert_int_equal(stats.rounds_slow, 0);
    assert_true(out.lowest[1] < out.rates[1][0]); /* the spell's samples are there */
}

/* b stays in a spell from its 150th sample on: each visit gives up after
 * SPELL_VISIT_TRIES x 10 rounds with none kept, such visits do not count
 * towards the minimum, and the point ends on its time limit. */
static void a_visit_that_meets_a_long_spell_gives_up(void **state)
{
    (void)state;
    setup_spell(150, 1 << 30);
    opt.sampling.time_s = 30.0; /* 3000 samples of 10 ms */
    assert_true(run_schedule());
    assert_int_equal(stats.ends[END_TIME], 1);
    assert_int_equal(out.rows[1].samples, 149);
    assert_true(stats.rounds_slow > 1000); /* b's 20 ms samples fill its 30 s */
}

/* The same long spell with a time share too large to end a visit soon
 * (100 s over 20 visits: 5 s, 250 of b's 20 ms rounds): each visit still
 * gives up after SPELL_VISIT_TRIES x 10 rounds, so the point's time goes to
 * many short visits, each a fresh chance of the spell being over. */
static void a_visit_gives_up_after_four_times_its_rounds(void **state)
{
    (void)state;
    setup_spell(150, 1 << 30);
    opt.sampling.time_s = 100.0;
    assert_true(run_schedule());
    assert_int_equal(stats.ends[END_TIME], 1);
    assert_int_equal(out.rows[1].samples, 149);
    /* 15 visits kept a round; every later one took 40 rounds and kept none */
    assert_true(stats.rounds_slow >= 40 * (stats.visits - 15) - 40);
    assert_true(stats.rounds_slow <= 40 * (stats.visits - 15) + 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_fast_time_is_the_tenth_percentile),
        cmocka_unit_test(a_round_in_a_slow_spell_leaves_no_sample),
        cmocka_unit_test(rounds_kept_before_the_fast_time_is_known_are_judged_again),
        cmocka_unit_test(a_smoke_run_keeps_every_round),
        cmocka_unit_test(a_visit_that_meets_a_long_spell_gives_up),
        cmocka_unit_test(a_visit_gives_up_after_four_times_its_rounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
