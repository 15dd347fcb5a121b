/* report.html's two data paths: the one HTML escape (html_put), and the
 * inlining of gnuplot SVGs (svg_inline): ids and every reference to them
 * prefixed per chart so that two charts never collide, the chart's title
 * (data) escaped, the XML prologue gone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/html_escape.h"
#include "../../analysis/svg_inline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* static: see test_escape.c (gcc 12 -Wdangling-pointer on the stream's buffer) */
static char *mem_buf;
static size_t mem_len;

static FILE *mem_open(void)
{
    mem_buf = NULL;
    mem_len = 0;
    FILE *f = open_memstream(&mem_buf, &mem_len);
    assert_non_null(f);
    return f;
}

static char *mem_close(FILE *f)
{
    fclose(f);
    return mem_buf;
}

static void expect_escaped(const char *in, const char *out)
{
    FILE *f = mem_open();
    html_put(f, in);
    char *got = mem_close(f);
    if (strcmp(got, out) != 0)
        fail_msg("'%s' was written as '%s', not '%s'", in, got, out);
    free(got);
}

static void escape_makes_markup_and_quotes_text(void **state)
{
    (void)state;
    expect_escaped("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;");
    expect_escaped("a & b", "a &amp; b");
    expect_escaped("\" onmouseover=\"x", "&quot; onmouseover=&quot;x");
    expect_escaped("' onclick='x", "&#39; onclick=&#39;x");
    expect_escaped("&amp;", "&amp;amp;");
    expect_escaped("line\nnext\tcol\x01\x7f", "line\nnext\tcol  ");
    expect_escaped("3.0.19 – ok", "3.0.19 – ok");
}

static void escape_n_stops_at_length_and_nul(void **state)
{
    (void)state;
    FILE *f = mem_open();
    html_put_n(f, "<b>bold", 3);
    html_put_n(f, "x\0<", 3);
    char *got = mem_close(f);
    assert_string_equal(got, "&lt;b&gt;x");
    free(got);
}

static const char chart[] =
    "<?xml version=\"1.0\" encoding=\"utf-8\"  standalone=\"no\"?>\n"
    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x.dtd\" [ <!ENTITY e \">\"> ]>\n"
    "<svg \n viewBox=\"0 0 960 600\"\n xmlns=\"http://www.w3.org/2000/svg\"\n"
    " xmlns:xlink=\"http://www.w3.org/1999/xlink\"\n>\n\n"
    "<title>Gnuplot</title>\n<!-- a comment id=\"c\" -->\n"
    "<g id=\"gnuplot_canvas\">\n<defs>\n"
    "\t<circle id='gpDot' r='0.5'/>\n"
    "\t<use xlink:href='#gpDot' id='gpPt6' fill='currentColor'/>\n"
    "\t<clipPath id=\"plot1\"><rect x=\"0\" y=\"0\" width=\"9\" height=\"9\"/></clipPath>\n"
    "</defs>\n"
    "<g clip-path=\"url(#plot1)\" style=\"fill: url('#gpDot')\"><use href=\"#gpPt6\"/></g>\n"
    "<a xlink:href=\"https://example.org/#frag\"><text>id=\"x\" url(#plot1) &amp;</text></a>\n"
    "</g>\n</svg>\n";

static char *inline_chart(const char *svg, const char *prefix, const char *title, bool *ok)
{
    char why[128] = "";
    FILE *f = mem_open();
    *ok = svg_inline(f, svg, strlen(svg), prefix, title, why, sizeof why);
    return mem_close(f);
}

/* The same for an SVG that must be read. */
static char *inline_ok(const char *svg, const char *prefix, const char *title)
{
    bool ok;
    char *out = inline_chart(svg, prefix, title, &ok);
    if (!ok)
        fail_msg("an SVG was not read: '%s'", svg);
    return out;
}

static void svg_loses_prologue_and_gets_escaped_title(void **state)
{
    (void)state;
    char *out = inline_ok(chart, "c1-", "</title><script>alert(1)</script> & more");
    assert_null(strstr(out, "<?xml"));
    assert_null(strstr(out, "<!DOCTYPE"));
    assert_null(strstr(out, "<!--"));
    assert_null(strstr(out, "<script"));
    assert_null(strstr(out, "Gnuplot"));
    assert_non_null(strstr(out, "<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; "
                                "&amp; more</title>"));
    assert_true(strncmp(out, "<svg role=\"img\"", 15) == 0);
    free(out);
}

static void svg_ids_and_references_are_prefixed(void **state)
{
    (void)state;
    char *out = inline_ok(chart, "c7-", NULL);
    assert_non_null(strstr(out, "<g id=\"c7-gnuplot_canvas\">"));
    assert_non_null(strstr(out, "<circle id='c7-gpDot'"));
    assert_non_null(strstr(out, "<use xlink:href='#c7-gpDot' id='c7-gpPt6'"));
    assert_non_null(strstr(out, "clip-path=\"url(#c7-plot1)\""));
    assert_non_null(strstr(out, "style=\"fill: url('#c7-gpDot')\""));
    assert_non_null(strstr(out, "<use href=\"#c7-gpPt6\"/>"));
    /* a link elsewhere, and text that looks like an attribute, stay as they are */
    assert_non_null(strstr(out, "xlink:href=\"https://example.org/#frag\""));
    assert_non_null(strstr(out, "<text>id=\"x\" url(#plot1) &amp;</text>"));
    assert_non_null(strstr(out, "<title>Gnuplot</title>"));
    free(out);
}

/* Every id="..." or id='...' value of a page, and whether one repeats. */
static bool ids_repeat(const char *page, size_t *count)
{
    char seen[64][64];
    *count = 0;
    for (const char *p = page; (p = strstr(p, " id=")) != NULL; p += 4) {
        char q = p[4];
        const char *end = strchr(p + 5, q);
        assert_non_null(end);
        char id[64];
        snprintf(id, sizeof id, "%.*s", (int)(end - (p + 5)), p + 5);
        for (size_t i = 0; i < *count; i++)
            if (strcmp(seen[i], id) == 0)
                return true;
        assert_true(*count < 64);
        snprintf(seen[(*count)++], sizeof seen[0], "%s", id);
    }
    return false;
}

static void two_charts_on_one_page_share_no_id(void **state)
{
    (void)state;
    char *a = inline_ok(chart, "c1-", "one");
    char *b = inline_ok(chart, "c2-", "two");
    size_t la = strlen(a), lb = strlen(b), n = 0;
    char *page = malloc(la + lb + 1);
    assert_non_null(page);
    memcpy(page, a, la);
    memcpy(page + la, b, lb + 1);
    assert_false(ids_repeat(page, &n));
    assert_int_equal(n, 8);
    /* every local reference of chart two points into chart two */
    assert_non_null(strstr(b, "url(#c2-plot1)"));
    assert_null(strstr(b, "#c1-"));
    assert_null(strstr(b, "url(#plot1)\""));
    free(page);
    free(a);
    free(b);
}

static void svg_without_title_gets_one(void **state)
{
    (void)state;
    char *out = inline_ok("<svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg>", "c1-",
                          "<b>x</b>");
    assert_string_equal(out, "<svg role=\"img\" xmlns=\"http://www.w3.org/2000/svg\">"
                             "<title>&lt;b&gt;x&lt;/b&gt;</title><g/></svg>");
    free(out);
}

static void unreadable_svg_writes_nothing(void **state)
{
    (void)state;
    const char *bad[] = {"<svg id=\"a\"", "<svg id=a></svg>", "just text", "<svg><title>x",
                         "<svg id=\"a></svg>", "<?xml"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bool ok = true;
        char *out = inline_chart(bad[i], "c1-", "t", &ok);
        if (ok || out[0] != '\0')
            fail_msg("'%s' was read (%d) or left '%s'", bad[i], ok, out);
        free(out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(escape_makes_markup_and_quotes_text),
        cmocka_unit_test(escape_n_stops_at_length_and_nul),
        cmocka_unit_test(svg_loses_prologue_and_gets_escaped_title),
        cmocka_unit_test(svg_ids_and_references_are_prefixed),
        cmocka_unit_test(two_charts_on_one_page_share_no_id),
        cmocka_unit_test(svg_without_title_gets_one),
        cmocka_unit_test(unreadable_svg_writes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
