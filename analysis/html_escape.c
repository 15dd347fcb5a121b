#include "html_escape.h"

void html_put_n(FILE *f, const char *s, size_t len)
{
    for (size_t i = 0; i < len && s[i] != '\0'; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        case '\t': case '\n': fputc(c, f); break;
        default: fputc(c < 0x20 || c == 0x7f ? ' ' : c, f);
        }
    }
}

void html_put(FILE *f, const char *s)
{
    html_put_n(f, s, (size_t)-1);
}
