/* metadata.txt: the context of one run, as Google Benchmark's context block
 * is for its results: where, on what, built how, run how.  `key: value`
 * lines, one value a line (docs/metadata.md has the keys).  It is a run
 * file like the CSV (run_files.h): written under FILE.partial, moved into
 * place at the end, never over an existing file. */
#ifndef RUNNER_RUN_METADATA_H
#define RUNNER_RUN_METADATA_H

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



/* The run's metadata: written to f, its text held in memory (handed on
 * with the rows: runner/run_result.h) and copied into the file at each
 * run_meta_sync, so that a run killed meanwhile leaves what was synced in
 * FILE.partial. */
typedef struct {
    run_file file; /* metadata.txt: --metadata FILE, else beside the CSV */
    char path[4200];
    FILE *f;       /* NULL: the run keeps no metadata (--csv -, a device or pipe) */
    char *text;
    size_t len, synced;
} run_meta;

/* Opens the run's metadata file: --metadata FILE, else the one beside a CSV
 * written to a file; none (true, m->f NULL) for --csv - or a device or
 * pipe.  false after a one-line error: the file exists, is live, or is
 * also the CSV or trace. */
bool run_meta_open(run_meta *m, const run_args *a, const run_file *csv);
/* What f holds and the file does not yet, into the file, flushed. */
void run_meta_sync(run_meta *m);
/* Synced, then closed as run_file_close does (false after its one line);
 * the text stays in m->text, the caller's to free. */
bool run_meta_close(run_meta *m);
/* Nothing kept: the text freed, the file's FILE.partial removed. */
void run_meta_discard(run_meta *m);

/* What is known before the first sample, then what only the end knows. */
void run_metadata_write_head(FILE *f, const run_metadata *m);
void run_metadata_write_tail(FILE *f, bool interrupted);

#endif
