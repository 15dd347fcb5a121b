/* explain's pictures, as SVG documents with no script and nothing to load
 * (the page shows them as images: analysis/svg_image.h):
 *   - bars: the largest increases and decreases of a library's self
 *     instructions per operation against the baseline, both sides;
 *   - a differential flame graph: the library's calls from the counted
 *     operation down, as wide as their inclusive instructions per operation,
 *     red where they grew against the baseline, blue where they shrank.
 * Callgrind keeps callers and callees one level deep, not whole stacks: a
 * function's cost is shared among the paths that reach it in proportion to
 * what each caller's calls cost (docs/explain.md).  Names are escaped for
 * XML in one place (html_put). */
#ifndef EXPLAIN_EXPLAIN_SVG_H
#define EXPLAIN_EXPLAIN_SVG_H

#include "explain_point.h"

#include <stdbool.h>
#include <stdio.h>

void explain_svg_bars(FILE *f, const explained_point *p, const point_diff *d, size_t top);
void explain_svg_flame(FILE *f, const explained_point *p, const point_diff *d);

/* The file names of a change's two charts: explain-<point>-<label>.svg and
 * flame-<point>-<label>.svg, <point> as a file name token. */
void explain_chart_names(const explained_point *p, const point_diff *d, char *bars, char *flame,
                         size_t n);

#endif
