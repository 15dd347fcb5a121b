/* `osslbench report` over several hosts' results (cmd_report.c hands over
 * when it is given more than one input). */
#ifndef CLI_CMD_REPORT_HOSTS_H
#define CLI_CMD_REPORT_HOSTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../record/folder_out.h"

/* The --format bits of `osslbench report`. */
enum { F_TERM = 1, F_CSV = 2, F_MD = 4, F_SPEED = 8, F_DAT = 16, F_SCALING = 32, F_ALL = 63,
       F_HTML = 64, /* a page of its own: never part of F_ALL (it needs the charts drawn) */
       F_JSON = 128 /* the rows and their context, a document of its own */ };

/* NAME in o's stage opened for writing, or NULL after a line on stderr;
 * report_out_close says whether everything reached the file. */
FILE *report_out_open(const folder_out *o, const char *name);
bool report_out_close(FILE *f, const folder_out *o, const char *name);
/* The files w writes into o (report_out_open), published into dir together
 * once w says they are all written, else none of them (folder_out.h): a
 * planted symlink is replaced, a file already there kept when this fails. */
bool report_out_files(const char *dir, bool (*w)(const folder_out *o, const void *ctx), const void *ctx);

/* DIR/NAME written whole or not at all (folder_out_write), a failure said
 * on stderr. */
bool report_out_atomic(const char *dir, const char *name, void (*w)(const void *, FILE *),
                       const void *ctx);

struct html_sources;
/* html: the files the html format shows (--charts, --notes). */
int report_hosts_command(const char *const *inputs, size_t n, const char *reference, int formats,
                         const char *out, const struct html_sources *html);

#endif
