/* explain's files in a folder of its own (explain --out DIR, make explain,
 * make compare EXPLAIN=N): explain.csv, explain.json and explain.md, an
 * index of the changes (changes.csv), each made new (O_EXCL, never through
 * a link), and the charts (explain_svg.h) beside them.  The folder is made here, or is the run folder this
 * process made. */
#ifndef EXPLAIN_EXPLAIN_FILES_H
#define EXPLAIN_EXPLAIN_FILES_H

#include "explain_write.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char dir[4096];
    explain_writer w[3]; /* csv, json, md */
    FILE *changes;       /* changes.csv: a line per change (record/explain_changes.def) */
    size_t charts;       /* SVG files written */
    /* Which changes get charts and a line of changes.csv (NULL: all); the
     * other files hold every point and library whatever it says. */
    bool (*want)(const explained_point *p, const point_diff *d, void *ctx);
    void *want_ctx;
    bool failed;
} explain_files;

/* Makes dir (`made`: it exists already, made by this process) and opens the
 * three files; false with a one-line reason. */
bool explain_files_open(explain_files *x, const char *dir, bool made, size_t top, char *why,
                        size_t n);
/* One explained point into every file, and its charts. */
bool explain_files_point(explain_files *x, const explained_point *p, char *why, size_t n);
/* Closes them; false with a reason when a write failed. */
bool explain_files_close(explain_files *x, char *why, size_t n);

/* A new file of dir for writing (O_CREAT|O_EXCL|O_NOFOLLOW); NULL with why. */
FILE *explain_file_create(const char *dir, const char *name, char *why, size_t n);

#endif
