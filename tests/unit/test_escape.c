/* Text read from a results file reaches each output escaped for it: a CSV
 * text cell never starts a spreadsheet formula (csv_put_text), Markdown
 * never gets raw HTML, a link or a new table cell (md_put_text). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/markdown.h"
#include "../../analysis/report.h"
#include "../../csv/csv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What put(s) writes, as a string the caller frees. */
static char *written(void (*put)(FILE *, const char *), const char *s)
{
    /* static: gcc 12 for aarch64 takes the stream's pointer to a local for a
     * dangling one after fclose (-Wdangling-pointer) */
    static char *buf;
    static size_t len;
    buf = NULL;
    len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    put(f, s);
    fclose(f);
    return buf;
}

static void expect(void (*put)(FILE *, const char *), const char *in, const char *out)
{
    char *got = written(put, in);
    if (strcmp(got, out) != 0)
        fail_msg("'%s' was written as '%s', not '%s'", in, got, out);
    free(got);
}

static void csv_formula_cells_are_prefixed_and_quoted(void **state)
{
    (void)state;
    expect(csv_put_text, "=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csv_put_text, "=cmd|' /C calc'!A0", "\"'=cmd|' /C calc'!A0\"");
    expect(csv_put_text, "+1+cmd", "\"'+1+cmd\"");
    expect(csv_put_text, "-2+3", "\"'-2+3\"");
    expect(csv_put_text, "@SUM(A1:A9)", "\"'@SUM(A1:A9)\"");
    expect(csv_put_text, "\t=1", "\"'\t=1\"");
    expect(csv_put_text, "\r=1", "\"' =1\"");
    expect(csv_put_text, "-", "\"'-\"");
    expect(csv_put_text, "-1e", "\"'-1e\"");
    expect(csv_put_text, "'=x", "\"''=x\""); /* one ' dropped reads it back */
}

static void csv_numbers_and_plain_text_are_unchanged(void **state)
{
    (void)state;
    expect(csv_put_text, "-0.5", "-0.5");
    expect(csv_put_text, "+1e-3", "+1e-3");
    expect(csv_put_text, "-.5E+7", "-.5E+7");
    expect(csv_put_text, "3.0.19", "3.0.19");
    expect(csv_put_text, "system-3.0.19", "system-3.0.19");
    expect(csv_put_text, "", "");
    expect(csv_put_text, "a,b", "\"a,b\"");
    expect(csv_put_text, "say \"hi\"", "\"say \"\"hi\"\"\"");
    expect(csv_put_text, "<img src=x>", "<img src=x>"); /* HTML is not CSV's business */
}

/* results.csv keeps what was measured: osslbench reads it back. */
static void results_fields_keep_their_value(void **state)
{
    (void)state;
    expect(csv_put_field, "=1+1", "=1+1");
    expect(csv_put_field, "-", "-");
}

static void md_html_becomes_entities(void **state)
{
    (void)state;
    expect(md_put_text, "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;");
    expect(md_put_text, "a & \"b\"", "a &amp; &quot;b&quot;");
    expect(md_put_text, "&lt;", "&amp;lt;");
}

static void md_markup_is_escaped(void **state)
{
    (void)state;
    expect(md_put_text, "a|b", "a\\|b");
    expect(md_put_text, "![x](javascript:y)", "\\!\\[x\\](javascript:y)");
    expect(md_put_text, "*b* _i_ `c` ~s~ $m$ \\", "\\*b\\* \\_i\\_ \\`c\\` \\~s\\~ \\$m\\$ \\\\");
    expect(md_put_text, "one\ntwo\rthree\tfour", "one two three four");
    expect(md_put_text, "system-3.0.19 (3.0.19)", "system-3.0.19 (3.0.19)");
}

/* Labels and versions are free text in a results CSV (workload, API and
 * operation names are checked by report_init): the report's CSV and
 * Markdown writers take them through the escapes.  The rows are built here,
 * not read, so that the writers are tested whatever the reader accepts. */
static result_row hostile_row(const char *label, const char *version, double rate)
{
    result_row r = {.version_num = 0x30000130UL, .bytes = 16, .threads = 1, .procs = 1,
                    .rate = rate, .ci_low = rate - 1, .ci_high = rate + 1, .samples = 3,
                    .status = ST_OK};
    snprintf(r.label, sizeof r.label, "%s", label);
    snprintf(r.version, sizeof r.version, "%s", version);
    strcpy(r.api, "evp");
    strcpy(r.workload, "sha256");
    strcpy(r.op, "digest");
    strcpy(r.unit, "B/s");
    return r;
}

static char *render(void (*w)(const report *, FILE *), const report *r)
{
    static char *buf;
    static size_t len;
    buf = NULL;
    len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    w(r, f);
    fclose(f);
    return buf;
}

static void report_outputs_escape_free_text(void **state)
{
    (void)state;
    result_row rows[] = {hostile_row("<img src=x onerror=alert(1)>", "+cmd|' /C calc'!A0", 100),
                         hostile_row("@SUM(A1)|[a](b)", "=HYPERLINK(\"x\")", 110)};
    result_set set = {.rows = rows, .count = 2};
    report r;
    char why[256];
    if (!report_init(&r, &set, "<img src=x onerror=alert(1)>", why, sizeof why))
        fail_msg("%s", why);

    char *csv = render(report_write_csv, &r);
    for (const char *p = csv; *p; p++) /* every field of every line */
        if (p == csv || p[-1] == ',' || p[-1] == '\n') {
            const char *v = p + (*p == '"');
            if (strchr("=+-@", *v) != NULL && *v != '\0')
                fail_msg("a CSV field starts a formula: %.40s", p);
        }
    assert_non_null(strstr(csv, "\"'=HYPERLINK(\"\"x\"\")\""));
    free(csv);

    char *md = render(report_write_md, &r);
    assert_null(strstr(md, "<img"));
    assert_non_null(strstr(md, "&lt;img src=x onerror=alert(1)&gt;"));
    assert_non_null(strstr(md, "@SUM(A1)\\|\\[a\\](b)"));
    free(md);
    report_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(csv_formula_cells_are_prefixed_and_quoted),
        cmocka_unit_test(csv_numbers_and_plain_text_are_unchanged),
        cmocka_unit_test(results_fields_keep_their_value),
        cmocka_unit_test(md_html_becomes_entities),
        cmocka_unit_test(md_markup_is_escaped),
        cmocka_unit_test(report_outputs_escape_free_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
