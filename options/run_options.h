/* `osslbench run`'s command line: its option table (options/run_options.c, one
 * line per option) read into the run plan the scheduler takes, plus what
 * only the command itself uses (libraries, output files). */
#ifndef OPTIONS_RUN_OPTIONS_H
#define OPTIONS_RUN_OPTIONS_H

#include "../record/row.h"
#include "../harness/run_plan.h"
#include "option_table.h"

#include <stdbool.h>
#include <stddef.h>

enum { MAX_LIBS = 64 };
/* How a point is sampled by default (docs/method.md says why): samples of
 * SAMPLE_NS, short enough that a sample (and its warm-up) fits between two
 * turns of another process on the benchmark CPU; visits of BLOCK_ROUNDS
 * rounds; at least MIN_BLOCKS visits before the precision may stop a
 * point.  --quick: one visit. */
#define SAMPLE_NS 400000u
enum { BLOCK_ROUNDS = 10, MIN_BLOCKS = 8 };
#define DEFAULT_TIMEOUT_S 60.0 /* --timeout of run, list and info */
/* --span: a point's visits spread over two minutes of the run, so that its
 * interval sees the host's drift over minutes (harness/point_pace.c). */
#define DEFAULT_SPAN_S 120.0

typedef struct {
    const char *lib_paths[MAX_LIBS];
    char labels[MAX_LIBS][LABEL_SIZE]; /* "" = name it after its release */
    size_t nlibs;
    run_plan plan;
    bool quick;
    bool count_only;        /* --plan: say how many points, measure nothing */
    const char *csv_path;   /* NULL: no CSV; "-": stdout */
    const char *trace_path; /* one line per timed sample */
    const char *json_path;  /* the rows as JSON, written at the end */
    const char *metadata_path; /* NULL: beside the CSV (runner/run_metadata.h) */
    /* --threads and --procs as given, before the plan's worker counts are
     * built from them; and whether a default was overridden. */
    unsigned thread_counts[MAX_WORKER_COUNTS], proc_counts[MAX_WORKER_COUNTS];
    size_t nthread_counts, nproc_counts;
    bool time_set, apis_set, span_set;
    unsigned samples;       /* --samples (instructions): 0 = one */
    const char *cpu_mask;   /* --cpu-mask: the children's OPENSSL_ia32cap, or NULL */
    /* plan.workloads[i] was given by its own name (not only through a
     * speed name such as blowfish or aes): its own name again is a repeat. */
    bool workload_named[MAX_WORKLOADS];
} run_args;

extern const option_table run_option_table;

/* The defaults of what was not given (options/run_defaults.c). */
void run_args_fill_defaults(run_args *a);

/* Parses argv (argv[0] = "run") and fills in the defaults.  OPTIONS_READY,
 * OPTIONS_HELP after printing help, OPTIONS_BAD after a one-line error. */
int run_args_parse(int argc, char **argv, run_args *a);
/* As run_args_parse, saying nothing: the reason of OPTIONS_BAD in why. */
int run_args_parse_why(int argc, char **argv, run_args *a, char *why, size_t n);

#endif
