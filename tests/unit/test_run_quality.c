/* What a run says about how disturbed it was (runner/run_quality.h): one
 * warning line when other processes took the benchmark CPU, the hypervisor
 * stole from it, or samples were disturbed; none on a quiet run; and the
 * metadata lines that carry every figure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../runner/run_quality.h"

#include <stdlib.h>
#include <string.h>

static char *buf;
static size_t len;

static FILE *mem(void)
{
    buf = NULL;
    len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    return f;
}

static run_quality quiet_machine(void)
{
    return (run_quality){.cpu = 1, .load_known = true, .load_before = {0.2, 0.3, 0.4},
                         .load_after = {0.25, 0.3, 0.4},
                         .usage = {.known = true, .elapsed_s = 60, .busy_share = 0.97,
                                   .others_share = 0.01, .steal_share = 0.01}};
}

static schedule_stats quiet_run(void)
{
    schedule_stats st = {.points = 10, .passes = 5, .visits = 50, .samples = 10000,
                         .retaken = 80, .disturbed = 0, .widths = 10, .within_1pct = 9,
                         .within_2pct = 10, .median_width = 0.004};
    st.ends[END_PRECISION] = 9;
    st.ends[END_TIME] = 1;
    snprintf(st.baseline, sizeof st.baseline, "1.1.1w");
    return st;
}

static char *warning(const run_quality *q, const schedule_stats *st, bool *wrote)
{
    FILE *f = mem();
    *wrote = run_quality_warn(f, q, st);
    fclose(f);
    return buf;
}

static void a_quiet_run_says_nothing(void **state)
{
    (void)state;
    run_quality q = quiet_machine();
    schedule_stats st = quiet_run();
    bool wrote = true;
    char *w = warning(&q, &st, &wrote);
    assert_false(wrote);
    assert_string_equal(w, "");
    free(w);
}

/* Each reason alone is enough, and the line says which figures. */
static void a_disturbed_run_says_so_in_one_line(void **state)
{
    (void)state;
    for (int why = 0; why < 4; why++) {
        run_quality q = quiet_machine();
        schedule_stats st = quiet_run();
        if (why == 0)
            q.usage.others_share = 0.45; /* a busy loop on the benchmark CPU */
        else if (why == 1)
            q.usage.steal_share = 0.08;
        else if (why == 2)
            st.retaken = 1500; /* 13% of the tries */
        else
            st.disturbed = 200; /* 2% of the kept samples */
        bool wrote = false;
        char *w = warning(&q, &st, &wrote);
        assert_true(wrote);
        assert_non_null(strstr(w, "osslbench run: warning: the run was disturbed: "));
        assert_non_null(strstr(w, "of samples were disturbed"));
        assert_int_equal(strchr(w, '\n') - w + 1, (long)strlen(w)); /* one line */
        if (why == 0)
            assert_non_null(strstr(w, "other processes took 45% of the benchmark CPU (CPU 1)"));
        free(w);
    }
}

static void metadata_carries_every_figure(void **state)
{
    (void)state;
    run_quality q = quiet_machine();
    q.probed = true;
    q.noise = (noise_figure){.probes = 200, .disturbed = 3, .spread = 0.012, .probe_ms = 0.41};
    schedule_stats st = quiet_run();
    FILE *f = mem();
    run_quality_write_head(f, &q);
    run_quality_write_tail(f, &q, &st);
    fclose(f);
    const char *want[] = {
        "load_before: 0.20 0.30 0.40\n",
        "noise: 1.20% (interquartile range / median of 200 probes of 0.41 ms on CPU 1; 3 disturbed)\n",
        "load_after: 0.25 0.30 0.40\n",
        "benchmark_cpu_use: 97% busy over 60 s: 1% by other processes, 1% stolen by the hypervisor\n",
        "disturbed: 0.8% of 10080 samples taken (80 retaken; 0 kept, timed by CPU time)\n",
        "passes: 5 (50 visits of 10 points)\n",
        "points_ended_by: precision 9, time 1, samples 0, budget 0, failed 0\n",
        "precision_reached: 90% of points within +-1%, 100% within +-2% (median +-0.40%): their "
        "widest interval, each library's ratio to 1.1.1w\n",
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        if (strstr(buf, want[i]) == NULL)
            fail_msg("no line '%s' in:\n%s", want[i], buf);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_quiet_run_says_nothing),
        cmocka_unit_test(a_disturbed_run_says_so_in_one_line),
        cmocka_unit_test(metadata_carries_every_figure),
    };
    return cmocka_run_group_tests_name("run quality", tests, NULL, NULL);
}
