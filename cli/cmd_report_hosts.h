/* `osslbench report` over several hosts' results (cmd_report.c hands over
 * when it is given more than one input). */
#ifndef CLI_CMD_REPORT_HOSTS_H
#define CLI_CMD_REPORT_HOSTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The --format bits of `osslbench report`. */
enum { F_TERM = 1, F_CSV = 2, F_MD = 4, F_SPEED = 8, F_DAT = 16, F_SCALING = 32, F_ALL = 63,
       F_HTML = 64, /* a page of its own: never part of F_ALL (it needs the charts drawn) */
       F_JSON = 128 /* the rows and their context, a document of its own */ };

/* DIR/NAME opened for writing (its path left in path), or NULL after a line
 * on stderr; report_out_close says whether everything reached the file. */
FILE *report_out_open(const char *dir, const char *name, char *path, size_t n);
bool report_out_close(FILE *f, const char *path);

/* DIR/NAME written whole or not at all: a temporary file beside it, renamed
 * over it once complete (a failed write leaves what was there). */
bool report_out_atomic(const char *dir, const char *name, void (*w)(const void *, FILE *),
                       const void *ctx);
/* The same, saying why it failed in why instead of on stderr. */
bool report_out_atomic_why(const char *dir, const char *name,
                           void (*w)(const void *, FILE *), const void *ctx, char *why, size_t n);

struct html_sources;
/* html: the files the html format shows (--charts, --notes). */
int report_hosts_command(const char *const *inputs, size_t n, const char *reference, int formats,
                         const char *out, const struct html_sources *html);

#endif
