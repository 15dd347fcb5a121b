/* Which libraries `make compare` measures: the releases installed under
 * builds/install/, the extra ones given as LIBS, the system libcrypto;
 * each with a label (a file name and a chart title) and where it came from.
 * The labels follow row_label_valid; two libraries never share one. */
#ifndef BENCH_BENCH_LIBS_H
#define BENCH_BENCH_LIBS_H

#include "../options/run_options.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char label[LABEL_SIZE];
    char *path;
    const char *origin; /* "builds", "LIBS" or "system" */
} bench_lib;

typedef struct {
    bench_lib lib[MAX_LIBS];
    size_t count;
} bench_libs;

/* Every release installed under install_root whose folder name is a label,
 * as build-info.txt's lib= names it (else the first libcrypto.so.N of a lib folder);
 * a folder whose name is no label is skipped with a line saying so. */
bool bench_find_installed(const char *install_root, bench_libs *out, char *why, size_t n);
/* Adds LIBS ("[LABEL=]PATH ..." split on blanks) and the system library
 * (NULL or "none": none), each unlabelled one named after the release the
 * runner reads in it. */
bool bench_add_given(bench_libs *libs, const char *extra, const char *system_lib, char *why,
                     size_t n);
/* Keeps the libraries named in `wanted` (comma- or blank-separated), in
 * that order; a name that matches none is an error. */
bool bench_keep(bench_libs *libs, const char *wanted, char *why, size_t n);
/* The labels, blank-separated. */
void bench_labels(const bench_libs *libs, char *buf, size_t n);
const bench_lib *bench_find(const bench_libs *libs, const char *label);
void bench_libs_free(bench_libs *libs);

#endif
