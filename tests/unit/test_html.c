/* report.html's two data paths: the one HTML escape (html_put), and a
 * chart file as an image (svg_image_put): its bytes base64 inside a data:
 * URL, never markup of the page, whatever the file holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/html_escape.h"
#include "../../analysis/svg_image.h"

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

/* A chart file as hostile as a results folder can carry. */
static const char hostile_chart[] =
    "<?xml version=\"1.0\"?>\n"
    "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"document.title='x'\">\n"
    "<script>document.title='y'</script>\n"
    "<foreignObject><iframe src=\"javascript:alert(1)\"></iframe></foreignObject>\n"
    "<a href=\"javascript:alert(2)\"><text>\"><script>alert(3)</script></text></a>\n"
    "<image href=\"file:///etc/passwd\"/>\n</svg>\n";

static char *image_of(const char *svg, size_t len, const char *alt, bool *ok, char *why, size_t n)
{
    FILE *f = mem_open();
    *ok = svg_image_put(f, svg, len, alt, why, n);
    return mem_close(f);
}

static int b64_value(char c)
{
    static const char digit[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *p = c != '\0' ? strchr(digit, c) : NULL;
    return p != NULL ? (int)(p - digit) : -1;
}

/* The bytes of a padded base64 text (the test's own decoder, not the code's). */
static size_t b64_decode(const char *in, size_t n, unsigned char *out)
{
    size_t len = 0;
    assert_int_equal(n % 4, 0);
    for (size_t i = 0; i < n; i += 4) {
        int v[4];
        for (int k = 0; k < 4; k++)
            v[k] = in[i + k] == '=' ? 0 : b64_value(in[i + k]);
        for (int k = 0; k < 4; k++)
            assert_true(v[k] >= 0);
        unsigned long w = (unsigned long)v[0] << 18 | (unsigned long)v[1] << 12 |
                          (unsigned long)v[2] << 6 | (unsigned long)v[3];
        out[len++] = (unsigned char)(w >> 16);
        if (in[i + 2] != '=')
            out[len++] = (unsigned char)(w >> 8);
        if (in[i + 3] != '=')
            out[len++] = (unsigned char)w;
    }
    return len;
}

static void base64_is_rfc4648(void **state)
{
    (void)state;
    const char *in[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar", "\xff\xfe\x3e"};
    const char *want[] = {"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy", "//4+"};
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        FILE *f = mem_open();
        base64_put(f, (const unsigned char *)in[i], strlen(in[i]));
        char *got = mem_close(f);
        if (strcmp(got, want[i]) != 0)
            fail_msg("base64 of '%s' is '%s', not '%s'", in[i], got, want[i]);
        free(got);
    }
}

/* Whatever the chart holds, the page gets one <img> whose only markup is the
 * code's own, the title escaped in alt, and the file's bytes intact inside. */
static void chart_is_an_inert_image_holding_the_file(void **state)
{
    (void)state;
    char why[128] = "";
    bool ok = false;
    size_t len = strlen(hostile_chart);
    char *out = image_of(hostile_chart, len, "\"><script>alert(4)</script>", &ok, why, sizeof why);
    assert_true(ok);
    const char *head = "<img class=\"chart\" alt=\"&quot;&gt;&lt;script&gt;alert(4)&lt;/script&gt;"
                       "\" src=\"data:image/svg+xml;base64,";
    assert_true(strncmp(out, head, strlen(head)) == 0);
    const char *data = out + strlen(head), *end = strchr(data, '"');
    assert_non_null(end);
    assert_string_equal(end, "\">");
    assert_null(strstr(out, "<script"));
    assert_null(strstr(out, "onload"));
    assert_null(strstr(out, "javascript:"));
    unsigned char back[sizeof hostile_chart];
    assert_true((size_t)(end - data) <= 4 * sizeof back / 3 + 4);
    assert_int_equal(b64_decode(data, (size_t)(end - data), back), len);
    assert_memory_equal(back, hostile_chart, len);
    free(out);
}

static void what_is_no_svg_writes_nothing(void **state)
{
    (void)state;
    const char *bad[] = {"", "just text", "<?xml version=\"1.0\"?>", "<svgx/>", "\x89PNG\r\n",
                         "<sv"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char why[128] = "";
        bool ok = true;
        char *out = image_of(bad[i], strlen(bad[i]), "t", &ok, why, sizeof why);
        if (ok || out[0] != '\0' || why[0] == '\0')
            fail_msg("'%s' was taken (%d) or left '%s'", bad[i], ok, out);
        free(out);
    }
    char why[128] = "";
    bool ok = false;
    char *out = image_of("<svg/>", 6, NULL, &ok, why, sizeof why);
    assert_true(ok);
    assert_string_equal(out, "<img class=\"chart\" alt=\"\" src=\"data:image/svg+xml;base64,"
                             "PHN2Zy8+\">");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(escape_makes_markup_and_quotes_text),
        cmocka_unit_test(escape_n_stops_at_length_and_nul),
        cmocka_unit_test(base64_is_rfc4648),
        cmocka_unit_test(chart_is_an_inert_image_holding_the_file),
        cmocka_unit_test(what_is_no_svg_writes_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
