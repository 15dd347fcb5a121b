/* Text read from a results file in Markdown output (speedup.md, compare
 * --format md). */
#ifndef OSSLBENCH_MARKDOWN_H
#define OSSLBENCH_MARKDOWN_H

#include <stdio.h>

/* Labels, versions, notes and point names are data, not markup: s is
 * written so that it renders as the same characters and cannot open HTML,
 * a link, an emphasis or a new table cell. */
void md_put_text(FILE *f, const char *s);

#endif
