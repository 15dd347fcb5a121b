#include "svg_image.h"

#include "html_escape.h"

#include <string.h>

void base64_put(FILE *f, const unsigned char *in, size_t n)
{
    static const char digit[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (size_t i = 0; i < n; i += 3) {
        unsigned long v = (unsigned long)in[i] << 16;
        if (i + 1 < n)
            v |= (unsigned long)in[i + 1] << 8;
        if (i + 2 < n)
            v |= in[i + 2];
        char out[4] = {digit[v >> 18 & 63], digit[v >> 12 & 63],
                       i + 1 < n ? digit[v >> 6 & 63] : '=', i + 2 < n ? digit[v & 63] : '='};
        fwrite(out, 1, sizeof out, f);
    }
}

/* An "<svg" start tag anywhere: enough to tell a chart from a stray file
 * (an empty one, a PNG, a log); whether it draws is the browser's business. */
static bool has_svg_element(const char *s, size_t len)
{
    for (const char *p = s; (p = memchr(p, '<', len - (size_t)(p - s))) != NULL; p++) {
        size_t left = len - (size_t)(p - s);
        if (left > 4 && memcmp(p, "<svg", 4) == 0 && strchr(" \t\r\n>/", p[4]) != NULL)
            return true;
    }
    return false;
}

bool svg_image_put(FILE *f, const char *svg, size_t len, const char *alt, char *why,
                   size_t whylen)
{
    if (!has_svg_element(svg, len)) {
        snprintf(why, whylen, "not an SVG document (no <svg> element)");
        return false;
    }
    fputs("<img class=\"chart\" alt=\"", f);
    html_put(f, alt != NULL ? alt : "");
    fputs("\" src=\"data:image/svg+xml;base64,", f);
    base64_put(f, (const unsigned char *)svg, len);
    fputs("\">", f);
    return true;
}
