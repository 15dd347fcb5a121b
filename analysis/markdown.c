#include "markdown.h"
#include "../csv/text_visible.h"

#include <stdlib.h>
#include <string.h>

/* Renderers pass raw HTML through, so & < > " become entities; the
 * punctuation that opens emphasis, code, links, images, strike-through,
 * maths (GitHub) or a table cell is backslash-escaped, which CommonMark
 * renders as the character itself.  A control character is escaped
 * (text_put_visible); a TAB or line break (which would end the table row)
 * becomes a space. */
void md_put_text(FILE *f, const char *s)
{
    char *shown = text_visible_dup(s, true);
    s = shown != NULL ? shown : s;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '&')
            fputs("&amp;", f);
        else if (c == '<')
            fputs("&lt;", f);
        else if (c == '>')
            fputs("&gt;", f);
        else if (c == '"')
            fputs("&quot;", f);
        else if (c < 0x20 || c == 0x7f)
            fputc(' ', f);
        else {
            if (strchr("\\`*_[]|~!$", c) != NULL)
                fputc('\\', f);
            fputc(c, f);
        }
    }
    free(shown);
}
