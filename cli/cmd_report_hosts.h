/* `osslbench report` over several hosts' results (cmd_report.c hands over
 * when it is given more than one input). */
#ifndef CLI_CMD_REPORT_HOSTS_H
#define CLI_CMD_REPORT_HOSTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../analysis/report_out.h"

/* DIR/NAME written whole or not at all (folder_out_write), a failure said
 * on stderr. */
bool report_out_atomic(const char *dir, const char *name, void (*w)(const void *, FILE *),
                       const void *ctx);

struct html_sources;
/* html: the files the html format shows (--charts, --notes). */
int report_hosts_command(const char *const *inputs, size_t n, const char *reference, int formats,
                         const char *out, const struct html_sources *html);

#endif
