/* A gnuplot SVG made fit to sit inline in an HTML page next to others: no
 * XML prologue, doctype or comment; every id, and every reference to one
 * (url(#id), href="#id", xlink:href="#id"), prefixed so that two charts'
 * clip paths and markers never collide; its own title.  A small tokenizer
 * of the SVG's tags and attributes, not a text substitution: an id is only
 * rewritten where it is an attribute. */
#ifndef ANALYSIS_SVG_INLINE_H
#define ANALYSIS_SVG_INLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes the len bytes of svg to f rewritten as above; prefix is the
 * caller's (file-name characters only), title (may be NULL) replaces the
 * text of the first <title>, or becomes one, escaped.  false, with nothing
 * written and the reason in why, when svg is not a document it can read
 * (no <svg> element, an unterminated tag or an unquoted attribute). */
bool svg_inline(FILE *f, const char *svg, size_t len, const char *prefix, const char *title,
                char *why, size_t whylen);

#endif
