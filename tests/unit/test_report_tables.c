/* `osslbench report`: the speed-up tables (markdown, terminal, CSV), the
 * `openssl speed`-style table, and the names they print sizes and files by. */
#include "report_fixtures.h"

static void markdown_and_terminal_tables(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    char *md = render(report_write_md, &fx.r);
    assert_has(md,
               "## Speed-up vs 1.1.1w",
               "| API | Block size | system-3.0.19 | 3.0.20 | broken |",
               "| evp | 16 B | 1.50× (no CI) |",
               "| 2.00× (no CI)",
               "No ratio for the fetch API",
               "| evp | sign | crashed | 1.25× (no CI)",
               "(no CI): a side has no visits");
    free(md);
    char *term = render(report_write_term, &fx.r);
    assert_has(term,
               "Speed-up vs 1.1.1w",
               "2.00 (no CI)",
               "no ratios: 1.1.1w has no sha256 result for the fetch API");
    free(term);
    char *csv = render(report_write_csv, &fx.r);
    assert_has(csv,
               "3.0.20,3.0.20,1.1.1w,sha256,evp,digest,16,1,1,B/s,2e+06,1e+06,2,,,no-ci,,ok\n",
               "system-3.0.19,3.0.19,1.1.1w,rsa2048,evp,sign,0,1,1,op/s,,800,,,,,,crashed\n");
    free(csv);
    fixture_unload(&fx);
}

static void speed_table_in_thousands_of_bytes(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx, THREE_RELEASES, NULL);
    FILE *f = capture_open();
    report_write_speed(&fx.r, rel_index(&fx.r, "3.0.20"), f);
    char *buf = capture_close(f);
    assert_has(buf,
               "3.0.20 (3.0.20), evp API",
               "1000s of bytes per second",
               "16 bytes",
               "2000.00k",
               /* a file without the family column: the kind heads the table */
               "\npublic-key                     sign     verify     sign/s   verify/s\n"
               "rsa2048                   0.001000s  0.000025s     1000.0    40000.0\n",
               "3.0.20 (3.0.20), fetch API");
    free(buf);
    fixture_unload(&fx);
}

static void helpers(void **state)
{
    (void)state;
    char buf[64];
    report_size_name(16, buf, sizeof buf);
    assert_string_equal(buf, "16 B");
    report_size_name(16384, buf, sizeof buf);
    assert_string_equal(buf, "16 KiB");
    report_size_name(1000, buf, sizeof buf);
    assert_string_equal(buf, "1000 B");
    report_file_token("../a b/$(x)", buf, sizeof buf);
    assert_string_equal(buf, "_._a_b___x_");
}

/* An operation name as wide as the name column (pkeyread's der-pubkey)
 * keeps a space before its first ratio. */
static void long_operation_names_keep_their_column(void **state)
{
    (void)state;
    fixture fx;
    fixture_load(&fx,
                 RESULTS_HEADER
                 "3.0.20,3.0.20,0x30000140,/l3,evp,pkeyread-rsa2048,der-pubkey,0,2000,op/s,1990,2010,3,10,ok,,h,c,t,\n"
                 "1.1.1w,1.1.1w,0x1010117f,/l1,evp,pkeyread-rsa2048,der-pubkey,0,1000,op/s,990,1010,3,10,ok,,h,c,t,\n",
                 NULL);
    char *term = render(report_write_term, &fx.r);
    assert_has(term, "  der-pubkey 2.00");
    free(term);
    fixture_unload(&fx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(markdown_and_terminal_tables),
        cmocka_unit_test(speed_table_in_thousands_of_bytes),
        cmocka_unit_test(helpers),
        cmocka_unit_test(long_operation_names_keep_their_column),
    };
    return cmocka_run_group_tests_name("report: tables", tests, NULL, NULL);
}
