/* `osslbench bench`'s command line as data (make compare's): the option
 * table (its --help) and the struct it fills, which bench/bench_run.h takes. */
#ifndef OPTIONS_BENCH_OPTIONS_H
#define OPTIONS_BENCH_OPTIONS_H

#include "option_table.h"

#include <stdbool.h>
#include <stddef.h>

enum { MAX_KNOBS = 64 };

typedef struct {
    const char *repo, *installed, *results_root, *system_lib, *libs, *releases, *baseline;
    const char *make, *explain;
    bool no_build, from_make, explain_only;
    const char *knobs[MAX_KNOBS]; /* K=V as make compare was given them */
    size_t nknobs;
    char **run_args; /* after -- */
    int nrun_args;
} bench_options;

extern const option_table bench_option_table;

#endif
