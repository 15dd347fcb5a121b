/* The one HTML escape: every piece of data that reaches report.html (labels,
 * versions, notes, host names, metadata values, chart titles, file names)
 * goes through it, as element text or as a double- or single-quoted
 * attribute value. */
#ifndef ANALYSIS_HTML_ESCAPE_H
#define ANALYSIS_HTML_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/* & < > " ' become entities, so s can neither open markup nor end an
 * attribute; a control character other than TAB and line break (which
 * <pre> shows) becomes a space.  Safe in text and in quoted attributes. */
void html_put(FILE *f, const char *s);
/* The same for the first len bytes of s (a NUL ends it early). */
void html_put_n(FILE *f, const char *s, size_t len);

#endif
