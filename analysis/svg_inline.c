#include "svg_inline.h"

#include "html_escape.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *s;
    size_t len, i;
    FILE *out;
    const char *prefix, *title;
    bool root_seen, title_pending, in_style;
    const char *why;
} svg_reader;

static bool starts(const svg_reader *r, const char *lit)
{
    size_t n = strlen(lit);
    return r->len - r->i >= n && memcmp(r->s + r->i, lit, n) == 0;
}

/* Moves past the next `lit` (false when there is none). */
static bool skip_past(svg_reader *r, const char *lit)
{
    size_t n = strlen(lit);
    for (; r->i + n <= r->len; r->i++)
        if (memcmp(r->s + r->i, lit, n) == 0) {
            r->i += n;
            return true;
        }
    return false;
}

/* <!DOCTYPE ...> with an internal subset in [...] and quoted literals. */
static bool skip_declaration(svg_reader *r)
{
    int depth = 0;
    char quote = 0;
    for (r->i += 2; r->i < r->len; r->i++) {
        char c = r->s[r->i];
        if (quote)
            quote = c == quote ? 0 : quote;
        else if (c == '"' || c == '\'')
            quote = c;
        else if (c == '[')
            depth++;
        else if (c == ']')
            depth--;
        else if (c == '>' && depth <= 0) {
            r->i++;
            return true;
        }
    }
    return false;
}

static bool is_name_char(char c)
{
    return c != '\0' && strchr(" \t\r\n/>=\"'<", c) == NULL;
}

/* Every "url(#" (also url('# and url("#) gets the prefix after its '#'. */
static void put_with_urls(svg_reader *r, const char *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fputc(v[i], r->out);
        if (v[i] == '(' && i >= 3 && memcmp(v + i - 3, "url", 3) == 0) {
            size_t j = i + 1;
            if (j < n && (v[j] == '\'' || v[j] == '"'))
                j++;
            if (j < n && v[j] == '#') {
                fwrite(v + i + 1, 1, j + 1 - (i + 1), r->out);
                fputs(r->prefix, r->out);
                i = j;
            }
        }
    }
}

static bool attr_is(const char *name, size_t n, const char *want)
{
    return strlen(want) == n && memcmp(name, want, n) == 0;
}

static void put_attr_value(svg_reader *r, const char *name, size_t nlen, const char *v, size_t n)
{
    bool href = attr_is(name, nlen, "href") ||
                (nlen > 5 && memcmp(name + nlen - 5, ":href", 5) == 0);
    if (attr_is(name, nlen, "id")) {
        fputs(r->prefix, r->out);
        fwrite(v, 1, n, r->out);
    } else if (href && n > 0 && v[0] == '#') {
        fputc('#', r->out);
        fputs(r->prefix, r->out);
        fwrite(v + 1, 1, n - 1, r->out);
    } else {
        put_with_urls(r, v, n);
    }
}


/* The root had no <title> of its own as its first child: it gets one. */
static void put_pending_title(svg_reader *r)
{
    if (r->title_pending) {
        fputs("<title>", r->out);
        html_put(r->out, r->title);
        fputs("</title>", r->out);
    }
    r->title_pending = false;
}

/* A start tag (the reader at its '<'), attributes rewritten. */
static bool start_tag(svg_reader *r)
{
    size_t name = ++r->i;
    while (r->i < r->len && is_name_char(r->s[r->i]))
        r->i++;
    size_t nlen = r->i - name;
    bool is_svg = nlen == 3 && memcmp(r->s + name, "svg", 3) == 0;
    bool is_title = nlen == 5 && memcmp(r->s + name, "title", 5) == 0;
    bool replace_title = is_title && r->title_pending;
    if (is_title)
        r->title_pending = false;
    else
        put_pending_title(r);
    fputc('<', r->out);
    fwrite(r->s + name, 1, nlen, r->out);
    bool root = is_svg && !r->root_seen;
    if (root)
        fputs(" role=\"img\"", r->out);
    r->root_seen = true;
    for (;;) {
        while (r->i < r->len && strchr(" \t\r\n", r->s[r->i]) != NULL)
            fputc(r->s[r->i++], r->out);
        if (r->i >= r->len)
            return r->why = "an unterminated tag", false;
        if (r->s[r->i] == '>' || starts(r, "/>"))
            break;
        size_t a = r->i;
        while (r->i < r->len && is_name_char(r->s[r->i]))
            r->i++;
        size_t alen = r->i - a;
        while (r->i < r->len && strchr(" \t\r\n", r->s[r->i]) != NULL)
            r->i++;
        if (alen == 0 || r->i >= r->len || r->s[r->i] != '=')
            return r->why = "an attribute without a value", false;
        for (r->i++; r->i < r->len && strchr(" \t\r\n", r->s[r->i]) != NULL;)
            r->i++;
        char q = r->i < r->len ? r->s[r->i] : 0;
        if (q != '"' && q != '\'')
            return r->why = "an unquoted attribute", false;
        const char *v = r->s + r->i + 1, *end = memchr(v, q, r->len - (r->i + 1));
        if (end == NULL)
            return r->why = "an unterminated attribute", false;
        fwrite(r->s + a, 1, alen, r->out);
        fprintf(r->out, "=%c", q);
        put_attr_value(r, r->s + a, alen, v, (size_t)(end - v));
        fputc(q, r->out);
        r->i = (size_t)(end - r->s) + 1;
    }
    bool empty = r->s[r->i] == '/';
    r->i += empty ? 2 : 1;
    fputs(empty ? "/>" : ">", r->out);
    r->in_style = !empty && nlen == 5 && memcmp(r->s + name, "style", 5) == 0;
    if (replace_title && !empty) {
        html_put(r->out, r->title); /* gnuplot's own title ("Gnuplot") goes */
        if (!skip_past(r, "</title>"))
            return r->why = "an unterminated <title>", false;
        fputs("</title>", r->out);
    }
    r->title_pending = root && !empty && r->title != NULL;
    return true;
}

static bool one_token(svg_reader *r)
{
    if (r->s[r->i] != '<') {
        const char *lt = memchr(r->s + r->i, '<', r->len - r->i);
        size_t n = lt ? (size_t)(lt - (r->s + r->i)) : r->len - r->i;
        if (r->in_style)
            put_with_urls(r, r->s + r->i, n);
        else if (r->root_seen) /* nothing before the root: the page's own text */
            fwrite(r->s + r->i, 1, n, r->out);
        r->i += n;
        return true;
    }
    if (starts(r, "<?"))
        return skip_past(r, "?>") || (r->why = "an unterminated <?", false);
    if (starts(r, "<!--"))
        return skip_past(r, "-->") || (r->why = "an unterminated comment", false);
    if (starts(r, "<![CDATA[")) {
        size_t from = r->i;
        if (!skip_past(r, "]]>"))
            return r->why = "an unterminated CDATA section", false;
        fwrite(r->s + from, 1, r->i - from, r->out);
        return true;
    }
    if (starts(r, "<!"))
        return skip_declaration(r) || (r->why = "an unterminated declaration", false);
    if (starts(r, "</")) {
        size_t from = r->i;
        if (!skip_past(r, ">"))
            return r->why = "an unterminated end tag", false;
        put_pending_title(r);
        fwrite(r->s + from, 1, r->i - from, r->out);
        r->in_style = false;
        return true;
    }
    return start_tag(r);
}

bool svg_inline(FILE *f, const char *svg, size_t len, const char *prefix, const char *title,
                char *why, size_t whylen)
{
    char *buf = NULL;
    size_t blen = 0;
    FILE *mem = open_memstream(&buf, &blen);
    if (mem == NULL) {
        snprintf(why, whylen, "out of memory");
        return false;
    }
    svg_reader r = {.s = svg, .len = len, .out = mem, .prefix = prefix, .title = title};
    bool ok = true;
    while (ok && r.i < r.len)
        ok = one_token(&r);
    if (ok && !r.root_seen) {
        ok = false;
        r.why = "no <svg> element";
    }
    bool written = fclose(mem) == 0;
    if (ok && written)
        fwrite(buf, 1, blen, f);
    else
        snprintf(why, whylen, "%s", ok ? "out of memory" : r.why);
    free(buf);
    return ok && written;
}
