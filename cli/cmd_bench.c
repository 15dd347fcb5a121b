/* `osslbench bench`: what `make compare` runs, end to end (bench/bench_run.h
 * does it).  Everything after `--` is `osslbench run`'s own options.  make
 * compare runs it with --from-make: make's knobs are checked and mapped
 * first (bench/bench_make.c); builds/ (make builds) stays the shell it is.
 * The plan, the run, the history import, the report and the charts are
 * calls in this process: it execs only the libraries' children and gnuplot
 * (issue 44), and hands the run's rows from the runner to every writer in
 * memory (issue 53). */
#include "commands.h"
#include "../bench/bench_make.h"
#include "../bench/bench_run.h"

#include <stdio.h>
#include <string.h>

/* argv (its own options, then -- and run's) into o: -1 when read, else the
 * exit status (0 after --help). */
static int parse(int argc, char **argv, bench_options *o, char *installed, char *results)
{
    int split = argc;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) {
            split = i;
            break;
        }
    *o = (bench_options){.make = "make", .repo = "."};
    o->run_args = argv + (split < argc ? split + 1 : argc);
    o->nrun_args = split < argc ? argc - split - 1 : 0;
    int rc = option_parse(&bench_option_table, split, argv, o);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? 0 : 1;
    if (o->installed == NULL)
        snprintf(installed, 4096, "%s/builds/install", o->repo), o->installed = installed;
    if (o->results_root == NULL)
        snprintf(results, 4096, "%s/results", o->repo), o->results_root = results;
    return -1;
}

int cmd_bench(int argc, char **argv)
{
    bench_options o;
    char installed[4096], results[4096];
    bench_make_args made = {0};
    int rc = bench_make_wanted(argc, argv) ? bench_make_args_build(argc, argv, &made) : -1;
    if (rc < 0)
        rc = parse(made.argv ? made.argc : argc, made.argv ? made.argv : argv, &o, installed, results);
    if (rc < 0)
        rc = bench_run(&o);
    bench_make_args_free(&made);
    return rc;
}
