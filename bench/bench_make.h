/* `osslbench bench --from-make`: what make compare's recipe runs, with no
 * shell between.  make exports each compare knob the user set as
 * COMPARE_<NAME> (plots/plots.mk, its bytes as typed); this checks every one
 * against its grammar (knobs/knob_grammar.c) and maps it, by tools/knobs.tsv's
 * compare column, to bench's own options or to `run`'s options after --,
 * adds the system library and checks gnuplot: all before anything is built,
 * loaded or measured. */
#ifndef BENCH_BENCH_MAKE_H
#define BENCH_BENCH_MAKE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int argc;
    char **argv;  /* bench's command line with the knobs' options in it */
    char **owned; /* the strings made here */
    size_t nowned;
} bench_make_args;

/* Whether argv (bench's own options, before any --) has --from-make. */
bool bench_make_wanted(int argc, char **argv);

/* The command line make compare means, into a: -1 when it is ready, else
 * the exit status after one "compare: error: ..." line (a bad knob, an
 * unreadable table) or deps.sh's own line (no gnuplot). */
int bench_make_args_build(int argc, char **argv, bench_make_args *a);

void bench_make_args_free(bench_make_args *a);

#endif
