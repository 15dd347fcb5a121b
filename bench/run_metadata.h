/* metadata.txt: the context of one run, as Google Benchmark's context block
 * is for its results: where, on what, built how, run how.  `key: value`
 * lines, one value a line (docs/metadata.md has the keys).  It is a run
 * file like the CSV (run_files.h): written under FILE.partial, moved into
 * place at the end, never over an existing file. */
#ifndef BENCH_RUN_METADATA_H
#define BENCH_RUN_METADATA_H

#include "run_files.h"
#include "../record/metadata_read.h"
#include "../options/run_options.h"
#include "../harness/host.h"
#include "../harness/libproc.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    int argc;
    char **argv; /* the whole command line, program name first */
    const run_args *args;
    const run_context *where;
    const libproc *libs; /* the loaded ones, labelled */
    size_t nlibs;
    int cpu; /* the benchmark CPU: its frequency governor is the one that counts */
} run_metadata;



/* Opens the run's metadata file: --metadata FILE, else the one beside a CSV
 * written to a file; none (true, mf->f NULL) for --csv - or a device or
 * pipe.  path (n bytes) holds the name while mf is open.  false after a
 * one-line error: the file exists, is live, or is also the CSV or trace. */
bool run_metadata_open(run_file *mf, char *path, size_t n, const run_args *a,
                       const run_file *csv);

/* What is known before the first sample, then what only the end knows. */
void run_metadata_write_head(FILE *f, const run_metadata *m);
void run_metadata_write_tail(FILE *f, bool interrupted);

#endif
