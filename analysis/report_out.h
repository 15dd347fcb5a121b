/* A report's files into a folder (`osslbench report --out DIR`, the
 * charts' folder of `osslbench draw` and make compare): each made in
 * record/folder_out.h's stage and published together once all are
 * written, or none of them.  Failures come back as one line in why, for
 * the caller to say under its own name. */
#ifndef ANALYSIS_REPORT_OUT_H
#define ANALYSIS_REPORT_OUT_H

#include "report.h"
#include "../record/folder_out.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The --format bits of `osslbench report`. */
enum { F_TERM = 1, F_CSV = 2, F_MD = 4, F_SPEED = 8, F_DAT = 16, F_SCALING = 32, F_ALL = 63,
       F_HTML = 64, /* a page of its own: never part of F_ALL (it needs the charts drawn) */
       F_JSON = 128 /* the rows and their context, a document of its own */ };

/* NAME in o's stage opened for writing, or NULL with why;
 * report_out_close says whether everything reached the file. */
FILE *report_out_open(const folder_out *o, const char *name, char *why, size_t n);
bool report_out_close(FILE *f, const folder_out *o, const char *name, char *why, size_t n);

typedef bool (*report_out_writer)(const folder_out *o, const void *ctx, char *why, size_t n);
/* The files w writes into o (report_out_open), published into dir together
 * once w says they are all written, else none of them (folder_out.h): a
 * planted symlink is replaced, a file already there kept when this fails. */
bool report_out_files(const char *dir, report_out_writer w, const void *ctx, char *why, size_t n);

/* Every file of formats (F_TERM to F_SCALING: speedup.txt/.csv/.md,
 * speed-LABEL.txt, scaling.*, timeline-releases.md, the .dat files and
 * charts.list) of r into dir, which must exist.  A report that draws no
 * release bars says so on stderr ("osslbench report: ..."), a note, not
 * a failure. */
bool report_files_write(const report *r, int formats, const char *dir, char *why, size_t n);

#endif
