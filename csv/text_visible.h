/* The one escape of text shown to people outside HTML and JSON: a terminal
 * (history, error lines), a spreadsheet (csv_put_text), Markdown
 * (md_put_text) and `columns`.  What a terminal or a bidi-aware viewer acts
 * on instead of showing is written as visible text, so data read from a
 * results file, metadata.txt or the history database can neither retitle a
 * window, clear a screen nor reorder what follows it. */
#ifndef CSV_TEXT_VISIBLE_H
#define CSV_TEXT_VISIBLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* s with each C0 control (TAB, LF and CR too unless keep_space), DEL, C1
 * control (U+0080..U+009F, and a lone byte 0x80..0x9F that 8-bit terminals
 * read as one), bidi control (U+061C, U+200E/F, U+202A..E, U+2066..9) and
 * byte that is not UTF-8 written as \xHH (a byte) or \uXXXX (a character).
 * The number of characters written, for a table's column width. */
size_t text_put_visible(FILE *f, const char *s, bool keep_space);
/* Whether text_put_visible would change s. */
bool text_needs_escape(const char *s, bool keep_space);
/* What text_put_visible writes, as a string to free; NULL when that is s
 * itself (nothing to escape), so that callers escape further from either. */
char *text_visible_dup(const char *s, bool keep_space);

/* The one reading of what text holds, for every escaper (this one, JSON's
 * json_put_string): the length of the valid UTF-8 character at s and its
 * code point, or 0 (not UTF-8: overlong, a surrogate, past U+10FFFF). */
size_t text_utf8_char(const char *s, uint32_t *cp);
/* Whether a terminal or a bidi-aware viewer acts on c instead of showing
 * it: C0, DEL, C1 (U+009B is a CSI), the bidi controls (U+202E). */
bool text_char_is_control(uint32_t c);

/* Every line the process writes to stderr (error lines quoting a label, a
 * path, a field) goes through text_put_visible from here on, keeping line
 * breaks, tabs and the progress line's own erase-to-end-of-line. */
void stderr_visible_install(void);

#endif
