/* stats/visit_stat.h (the vp90 and vmedian rate_stats of stats/blocked.h):
 * a rate and a ratio as the geometric mean over visits, with Student's t
 * interval of a second run: a known answer worked by hand, the ratio being
 * the ratio of the rates, intervals that cover the next run's estimate 95%
 * of the time where visits shift the rates, Student's t itself, and no
 * interval at all for one unit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../stats/blocked.h"
#include "../../stats/student_t.h"
#include "../../stats/visit_stat.h"

#include <math.h>
#include <stdlib.h>

static void student_t_known_values(void **state)
{
    (void)state;
    assert_true(fabs(student_t_quantile(0.05, 1) - 12.7062) < 1e-3);
    assert_true(fabs(student_t_quantile(0.05, 7) - 2.3646) < 1e-3);
    assert_true(fabs(student_t_quantile(0.05, 1e6) - 1.95996) < 1e-3);
    assert_true(fabs(student_t_two_sided_p(2.0, 7) - 0.08562) < 1e-4);
    assert_true(isnan(student_t_quantile(0.05, 0)));
}

/* Three visits of two rounds: a visit's 90th percentile of two samples is
 * the faster one; the rate their geometric mean, the interval
 * exp(mean +- t(2) * sqrt(2) * s / sqrt(3)) of the logs. */
static void a_rate_worked_by_hand(void **state)
{
    (void)state;
    double r[6] = {90, 100, 110, 105, 95, 120};
    uint32_t blocks[3] = {2, 2, 2};
    blocked_interval iv;
    assert_true(blocked_rate(r, 6, blocks, 3, RATE_VISIT_UPPER, &iv));
    double l[3] = {log(100), log(110), log(120)}, m = (l[0] + l[1] + l[2]) / 3, ss = 0;
    for (int i = 0; i < 3; i++)
        ss += (l[i] - m) * (l[i] - m);
    double half = 4.302653 * sqrt(2.0) * sqrt(ss / 2) / sqrt(3.0);
    assert_true(fabs(iv.estimate - exp(m)) < 1e-9);
    assert_true(fabs(iv.low - exp(m - half)) < 1e-4 * exp(m));
    assert_true(fabs(iv.high - exp(m + half)) < 1e-4 * exp(m));
    assert_int_equal(iv.blocks, 3);
    /* vmedian: each visit's median */
    assert_true(blocked_rate(r, 6, blocks, 3, RATE_VISIT_MEDIAN, &iv));
    assert_true(fabs(iv.estimate - cbrt(95.0 * 107.5 * 107.5)) < 1e-9);
}

static void the_ratio_is_the_ratio_of_the_rates(void **state)
{
    (void)state;
    double a[8] = {100, 98, 102, 99, 97, 101, 103, 100}, b[8];
    for (int i = 0; i < 8; i++)
        b[i] = a[i] * (1.5 + 0.01 * (i % 3));
    uint32_t blocks[4] = {2, 2, 2, 2};
    blocked_interval ra, rb, q;
    assert_true(blocked_rate(a, 8, blocks, 4, RATE_VISIT_UPPER, &ra));
    assert_true(blocked_rate(b, 8, blocks, 4, RATE_VISIT_UPPER, &rb));
    assert_true(blocked_ratio(a, b, 8, blocks, 4, RATE_VISIT_UPPER, 0.05, &q));
    assert_true(fabs(q.estimate - rb.estimate / ra.estimate) < 1e-12);
    assert_true(q.low < q.estimate && q.estimate < q.high);
    /* visits that agree exactly: the resolution floor, not an empty interval */
    assert_true(blocked_ratio(a, a, 8, blocks, 4, RATE_VISIT_UPPER, 0.05, &q));
    assert_true(fabs(blocked_rel_halfwidth(&q) - RATE_RESOLUTION * REPEAT_WIDENING) < 1e-12);
    /* one sample: no unit to spread over, so no interval; the rate alone */
    assert_false(blocked_rate(a, 1, NULL, 0, RATE_VISIT_UPPER, &ra));
    assert_false(blocked_ratio(a, b, 1, NULL, 0, RATE_VISIT_UPPER, 0.05, &q));
    assert_true(fabs(rate_estimate(a, 1, RATE_VISIT_UPPER) - 100) < 1e-12);
}

static uint64_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005u + 1442695040888963407u;
    return *x >> 11;
}

static double uniform(uint64_t *x)
{
    return (double)lcg(x) / 9007199254740992.0;
}

static double normal(uint64_t *x)
{
    return sqrt(-2 * log(uniform(x) + 1e-300)) * cos(6.283185307179586 * uniform(x));
}

enum { VISITS = 8, ROUNDS = 40, N = VISITS * ROUNDS, RUNS = 400 };

/* One run as a machine gives it: each visit's layout shifts each library's
 * speed by its own few percent; within a visit a sample is slowed now and
 * then (never sped up). */
static void simulated_run(uint64_t *x, rate_stat stat, blocked_interval *iv)
{
    double a[N], b[N];
    uint32_t blocks[VISITS];
    for (size_t v = 0; v < VISITS; v++) {
        blocks[v] = ROUNDS;
        double sa = 1 + 0.01 * normal(x), sb = 1 + 0.02 * normal(x);
        for (size_t r = 0; r < ROUNDS; r++) {
            size_t i = v * ROUNDS + r;
            a[i] = 1000 * sa * (uniform(x) < 0.2 ? 1 - 0.3 * uniform(x) : 1 - 0.002 * uniform(x));
            b[i] = 500 * sb * (uniform(x) < 0.2 ? 1 - 0.3 * uniform(x) : 1 - 0.002 * uniform(x));
        }
    }
    assert_true(blocked_ratio(a, b, N, blocks, VISITS, stat, 0.05, iv));
}

enum { DRIFT_VISITS = 24 };

/* A host that drifts: the ratio wanders over the run, each visit's shift
 * correlated with the one before (0.6: what digests showed, docs/method.md),
 * 1% apart at most times; within a visit, independent noise.  Neighbouring
 * visits are then alike, and a t over the visits as if independent claims
 * an interval the next run does not keep.  One library's rates. */
static void drifting_rates(uint64_t *x, double *rates, uint32_t *blocks)
{
    enum { R = 10 };
    const double rho = 0.6, sd = 0.01;
    double walk = sd * normal(x);
    for (size_t v = 0; v < DRIFT_VISITS; v++) {
        blocks[v] = R;
        walk = rho * walk + sqrt(1 - rho * rho) * sd * normal(x);
        for (size_t r = 0; r < R; r++)
            rates[v * R + r] = 1000 * (1 + walk + 0.003 * normal(x));
    }
}

/* Two libraries of one run on that host: the drift moves their ratio. */
static void drifting_run(uint64_t *x, rate_stat stat, blocked_interval *iv)
{
    enum { DN = DRIFT_VISITS * 10 };
    double a[DN], b[DN];
    uint32_t blocks[DRIFT_VISITS];
    drifting_rates(x, b, blocks);
    for (size_t i = 0; i < DN; i++)
        a[i] = 1000 * (1 + 0.003 * normal(x));
    assert_true(blocked_ratio(a, b, DN, blocks, DRIFT_VISITS, stat, 0.05, iv));
}

static double coverage_of(void (*run)(uint64_t *, rate_stat, blocked_interval *), rate_stat stat)
{
    uint64_t x = 29;
    blocked_interval iv[RUNS];
    for (size_t i = 0; i < RUNS; i++)
        run(&x, stat, &iv[i]);
    size_t covered = 0;
    for (size_t i = 0; i + 1 < RUNS; i++)
        covered += iv[i].low <= iv[i + 1].estimate && iv[i + 1].estimate <= iv[i].high;
    return (double)covered / (RUNS - 1);
}

static void an_interval_covers_the_next_run(void **state)
{
    (void)state;
    double visits = coverage_of(simulated_run, RATE_VISIT_UPPER);
    print_message("    the next run's ratio inside this run's interval: %.1f%% (vp90)\n",
                  100 * visits);
    assert_true(visits >= 0.92);
    assert_true(visits <= 0.99); /* not by an interval as wide as anything */
}

static void an_interval_covers_the_next_run_of_a_drifting_host(void **state)
{
    (void)state;
    double drift = coverage_of(drifting_run, RATE_VISIT_UPPER);
    print_message("    a drifting host: the next run's ratio inside this run's interval: %.1f%%\n",
                  100 * drift);
    assert_true(drift >= 0.90);
}

/* Two runs of the same library on that host differ by their drift alone:
 * a Welch's t over each run's visits, as if independent, calls about a
 * third of such pairs different; over each run's batch means, about 5%. */
static void runs_apart_on_a_drifting_host_are_not_called_different(void **state)
{
    (void)state;
    enum { DN = DRIFT_VISITS * 10 };
    uint64_t x = 31;
    double old_rates[DN], new_rates[DN];
    uint32_t old_blocks[DRIFT_VISITS], new_blocks[DRIFT_VISITS];
    size_t called = 0;
    for (size_t i = 0; i < RUNS; i++) {
        drifting_rates(&x, old_rates, old_blocks);
        drifting_rates(&x, new_rates, new_blocks);
        blocked_interval iv;
        assert_true(blocked_ratio_apart(old_rates, DN, old_blocks, DRIFT_VISITS, new_rates, DN,
                                        new_blocks, DRIFT_VISITS, RATE_VISIT_UPPER, 0.05, &iv));
        called += iv.p_value < 0.05;
    }
    double share = (double)called / RUNS;
    print_message("    two runs of one library on a drifting host called different: %.1f%%\n",
                  100 * share);
    assert_true(share <= 0.10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(student_t_known_values),
        cmocka_unit_test(a_rate_worked_by_hand),
        cmocka_unit_test(the_ratio_is_the_ratio_of_the_rates),
        cmocka_unit_test(an_interval_covers_the_next_run),
        cmocka_unit_test(an_interval_covers_the_next_run_of_a_drifting_host),
        cmocka_unit_test(runs_apart_on_a_drifting_host_are_not_called_different),
    };
    return cmocka_run_group_tests_name("visit_stat", tests, NULL, NULL);
}
