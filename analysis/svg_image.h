/* A chart on the page as an image, never as markup: the SVG file's bytes go
 * into an <img src="data:image/svg+xml;base64,…">.  A browser runs no script,
 * follows no link and loads nothing an image document names, so a chart file
 * that a results folder carries (a fleet host's, a colleague's) reaches the
 * page inert whatever it holds, and the page stays one self-contained file.
 * The SVG is not parsed here: what it may do is decided by the browser's
 * image sandbox, not by a filter that could miss a case. */
#ifndef ANALYSIS_SVG_IMAGE_H
#define ANALYSIS_SVG_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes <img class="chart" alt="ALT" src="data:…"> for the len bytes of
 * svg (alt escaped; NULL: empty).  false, with nothing written and the
 * reason in why, when the bytes are no SVG document (no <svg element). */
bool svg_image_put(FILE *f, const char *svg, size_t len, const char *alt, char *why,
                   size_t whylen);

/* The base64 (RFC 4648, padded) of the n bytes of in, to f. */
void base64_put(FILE *f, const unsigned char *in, size_t n);

#endif
