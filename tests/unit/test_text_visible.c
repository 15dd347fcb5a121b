/* Control characters from data never reach a terminal or a spreadsheet raw
 * (issue 42): C0, DEL, C1 (as UTF-8 and as a lone byte), bidi overrides and
 * bytes that are not UTF-8 are written as visible escapes by the one
 * escaper (csv/text_visible.h) that csv_put_text and md_put_text use. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/markdown.h"
#include "../../csv/csv.h"
#include "../../csv/text_visible.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void term(FILE *f, const char *s)
{
    text_put_visible(f, s, false);
}

static void expect(void (*put)(FILE *, const char *), const char *in, const char *out)
{
    static char *buf; /* static: see test_escape.c (-Wdangling-pointer) */
    static size_t len;
    buf = NULL;
    len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    put(f, in);
    fclose(f);
    if (strcmp(buf, out) != 0)
        fail_msg("'%s' was written as '%s', not '%s'", in, buf, out);
    free(buf);
}

/* A title change (OSC 0 ... BEL), a cleared screen (CSI 2J), an 8-bit CSI
 * as UTF-8 (U+009B) and as a lone byte, DEL, a right-to-left override. */
static const char hostile[] = "\033]0;PWNED\007\033[2J\302\233x\233y\177z\342\200\256w";
static const char shown[] = "\\x1b]0;PWNED\\x07\\x1b[2J\\u009bx\\x9by\\x7fz\\u202ew";

static void a_terminal_sees_every_control_escaped(void **state)
{
    (void)state;
    expect(term, hostile, shown);
    expect(term, "tab\there\nline", "tab\\x09here\\x0aline");
    expect(term, "\342\201\246isolate\342\201\251 \330\234 \342\200\217", "\\u2066isolate\\u2069 \\u061c \\u200f");
    expect(term, "\300\257 \355\240\200", "\\xc0\\xaf \\xed\\xa0\\x80"); /* overlong '/', a surrogate */
    expect(term, "plain UTF-8: é ü 日本 3.0.19", "plain UTF-8: é ü 日本 3.0.19");
    FILE *null = fopen("/dev/null", "w");
    assert_non_null(null);
    assert_int_equal(text_put_visible(null, "é\033", false), 1 + 4); /* a column width */
    fclose(null);
}

static void a_spreadsheet_cell_holds_no_control(void **state)
{
    (void)state;
    char want[256];
    snprintf(want, sizeof want, "%s", shown);
    expect(csv_put_text, hostile, want);
    expect(csv_put_text, "=\033[2J", "\"'=\\x1b[2J\"");
    expect(csv_put_text, "\t=1", "\"'\t=1\""); /* TAB kept inside the quotes, as before */
}

static void markdown_holds_no_control(void **state)
{
    (void)state;
    expect(md_put_text, "a\033[31mb\302\233c", "a\\\\x1b\\[31mb\\\\u009bc");
    expect(md_put_text, "one\ntwo", "one two");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_terminal_sees_every_control_escaped),
        cmocka_unit_test(a_spreadsheet_cell_holds_no_control),
        cmocka_unit_test(markdown_holds_no_control),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
