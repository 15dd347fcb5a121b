#include "text_visible.h"

#include <stdint.h>
#include <stdlib.h>

size_t text_utf8_char(const char *text, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t len = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
    if (len == 0)
        return 0;
    uint32_t c = len == 1 ? s[0] : s[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3f);
    }
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0; /* overlong, out of range, a UTF-16 surrogate */
    *cp = c;
    return len;
}

bool text_char_is_control(uint32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x61c || c == 0x200e || c == 0x200f ||
           (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

static bool shown_raw(uint32_t c, bool keep_space)
{
    if (c < 0x20)
        return keep_space && (c == '\t' || c == '\n' || c == '\r');
    return !text_char_is_control(c);
}

/* Walks s: raw (a run to copy) or escaped pieces to out (NULL: only
 * whether anything needs escaping).  The characters written. */
static size_t walk(FILE *out, const char *s, bool keep_space, bool *changed)
{
    size_t shown = 0;
    *changed = false;
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0';) {
        uint32_t c = 0;
        size_t len = text_utf8_char((const char *)p, &c);
        if (len > 0 && shown_raw(c, keep_space)) {
            if (out != NULL)
                fwrite(p, 1, len, out);
            shown++;
        } else {
            *changed = true;
            if (out != NULL && len > 1)
                fprintf(out, "\\u%04x", (unsigned)c);
            else if (out != NULL)
                fprintf(out, "\\x%02x", *p);
            shown += len > 1 ? 6 : 4;
            len = len > 0 ? len : 1;
        }
        p += len;
    }
    return shown;
}

size_t text_put_visible(FILE *f, const char *s, bool keep_space)
{
    bool changed;
    return walk(f, s, keep_space, &changed);
}

bool text_needs_escape(const char *s, bool keep_space)
{
    bool changed;
    walk(NULL, s, keep_space, &changed);
    return changed;
}

char *text_visible_dup(const char *s, bool keep_space)
{
    if (!text_needs_escape(s, keep_space))
        return NULL;
    char *shown = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&shown, &len);
    if (m == NULL)
        abort();
    text_put_visible(m, s, keep_space);
    fclose(m);
    return shown;
}
