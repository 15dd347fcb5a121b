/* Command-line options of `osslbench run` (and the --lib part of list/info). */
#ifndef HARNESS_OPTIONS_H
#define HARNESS_OPTIONS_H

#include "workload.h"
#include "../csv/row.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { MAX_LIBS = 64, MAX_WORKLOADS = 64, MAX_SIZES = 64, MAX_WORKER_COUNTS = 16,
       MAX_WORKERS = 256 };
#define MAX_BLOCK_BYTES (64u << 20)
#define DEFAULT_TIMEOUT_S 60.0 /* --timeout of run, list and info */

/* How a point is run at once: `threads` threads in one process, or `procs`
 * processes of one thread each (never both above 1). */
typedef struct {
    unsigned threads, procs;
} worker_count;

typedef struct {
    const char *lib_paths[MAX_LIBS];
    char labels[MAX_LIBS][LABEL_SIZE]; /* "" = name it after its release */
    size_t nlibs;
    workload_spec workloads[MAX_WORKLOADS];
    size_t nworkloads;
    uint64_t sizes[MAX_SIZES];
    size_t nsizes;
    bool apis[API_COUNT];
    /* --threads LIST then --procs LIST (one point each, in that order; the
     * one-worker point once): every measurement point is run at each. */
    worker_count workers[2 * MAX_WORKER_COUNTS];
    size_t nworkers;
    bool any_threads; /* some point runs > 1 thread: old releases need locking callbacks */
    double time_s;      /* sampling budget per point and library */
    double precision;   /* stop once the CI half-width / median is this small */
    double timeout_s;   /* a child that does not answer within this is hung */
    bool quick;
    bool quiet;
    bool plan;          /* --plan: say how many points, measure nothing */
    bool cpu_clock;     /* --clock cpu: time with the thread CPU clock */
    const char *csv_path;   /* NULL: no CSV; "-": stdout */
    const char *trace_path; /* one line per timed sample */
    unsigned min_samples, max_samples;
    uint64_t target_ns; /* length of one sample */
} run_options;

/* Parses argv (argv[0] = command name).  Returns 0 when ready to run, 2
 * after printing a one-line error, 1 after printing help. */
int options_parse(int argc, char **argv, run_options *o, const char *usage);

/* Value parsers, exposed for the unit tests and fuzzers; each returns false
 * with a one-line reason. */
bool parse_size(const char *s, uint64_t *out, char *why, size_t n);
bool parse_seconds(const char *s, double lo, double hi, double *out, char *why, size_t n);
bool parse_precision(const char *s, double *out, char *why, size_t n);
bool parse_lib_arg(const char *arg, const char **path, char *label, size_t label_len,
                   char *why, size_t n);

#endif
