/* make compare's knobs in C (osslbench bench --from-make): tools/knobs.tsv
 * read as data, a hostile or broken table refused with one line, and the
 * system library found where plots/system-lib.sh finds it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../knobs/knob_grammar.h"
#include "../../knobs/knob_table.h"
#include "../../bench/system_lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static knob_table table;
static char why[1024];

static const knob_row *row(const char *name)
{
    for (size_t i = 0; i < table.count; i++)
        if (strcmp(table.row[i].name, name) == 0)
            return &table.row[i];
    return NULL;
}

static void the_project_table(void **state)
{
    (void)state;
    assert_true(knob_table_read("tools/knobs.tsv", &table, why, sizeof why));
    assert_true(knob_kinds_read("tools/knob-kinds.tsv", &table, why, sizeof why));
    for (size_t i = 0; i < table.count; i++) /* every knob's kind is in the kinds table */
        assert_non_null(knob_kind_find(&table, table.row[i].kind));
    assert_true(table.count >= 40);
    assert_string_equal(table.row[0].name, "RELEASES"); /* the table's order */
    const knob_row *sizes = row("SIZES");
    assert_non_null(sizes);
    assert_string_equal(sizes->kind, "sizes");
    assert_string_equal(sizes->compare, "--sizes");
    assert_string_equal(row("NO_BUILD")->compare, "self");
    assert_true(knob_value_ok(&table, sizes, "16,8k", why, sizeof why));
    assert_false(knob_value_ok(&table, sizes, "8x", why, sizeof why));
    assert_string_equal(why, "SIZES: block size '8x' is not a positive whole number");
    assert_false(knob_value_ok(&table, row("LIBS"), "a\001;b", why, sizeof why));
    assert_string_equal(why, "LIBS: 'a?;b' is not a path (no $, `, ;, |, &, <, >, quotes, "
                             "backslashes or control characters)");
    assert_false(knob_value_ok(&table, row("FLEET_DIR"), "a/../b", why, sizeof why));
    assert_true(knob_value_ok(&table, row("FLEET_DIR"), "a/b", why, sizeof why));
    assert_true(knob_value_ok(&table, row("QUICK"), "", why, sizeof why)); /* the default */
}

/* path written with text; knob_table_read's (or knob_kinds_read's) verdict on it. */
static bool read_file_as(bool kinds, const char *text)
{
    char path[] = "/tmp/knobs-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    why[0] = '\0';
    bool ok = kinds ? knob_kinds_read(path, &table, why, sizeof why)
                    : knob_table_read(path, &table, why, sizeof why);
    unlink(path);
    return ok;
}

static bool read_text(const char *text)
{
    return read_file_as(false, text);
}

static void a_broken_table_is_one_line(void **state)
{
    (void)state;
    assert_true(read_text("# a note\n\nA\tk\tcompare\t-\t-\n"));
    assert_int_equal(table.count, 1);
    assert_false(read_text("A\tk\tcompare\t-\n"));
    assert_non_null(strstr(why, "line 1 is not NAME KIND GOALS COMPARE FLEET"));
    assert_false(read_text("# x\nlower\tk\tg\t-\t-\n"));
    assert_non_null(strstr(why, "line 2 is not"));
    assert_false(read_text("A\tk\tg\t-\t-\textra\n"));
    char big[3000];
    memset(big, 'A', sizeof big - 2);
    big[sizeof big - 2] = '\n', big[sizeof big - 1] = '\0';
    assert_false(read_text(big));
    assert_non_null(strstr(why, "line 1 is too long"));
    assert_false(knob_table_read("/nonexistent/knobs.tsv", &table, why, sizeof why));
    assert_non_null(strstr(why, "cannot read the knob table /nonexistent/knobs.tsv"));
}

static void a_broken_kinds_table_is_one_line(void **state)
{
    (void)state;
    assert_true(read_file_as(true, "# k\nsizes\t^[0-9 ,]*$\trun --sizes\ta list of sizes\n"));
    assert_int_equal(table.nkinds, 1);
    assert_string_equal(table.kind[0].values, "^[0-9 ,]*$"); /* blanks are the pattern's */
    assert_string_equal(table.kind[0].judge, "run --sizes");
    assert_false(read_file_as(true, "sizes\t^x$\trun --sizes\n"));
    assert_non_null(strstr(why, "line 1 is not KIND VALUES JUDGE WHAT"));
    assert_false(read_file_as(true, "sizes\t^x$\t\tsizes\n")); /* an empty field */
    assert_false(read_file_as(true, "Sizes\t^x$\t-\tsizes\n"));
    assert_false(read_file_as(true, "sizes\t^x$\t-\tsizes\textra\n"));
}

static void system_lib_as_the_script_finds_it(void **state)
{
    (void)state;
    char path[4096];
    const char *cc = getenv("CC");
    if (cc != NULL && cc[0] != '\0')
        skip(); /* a cross compiler's machine: the script was asked another way */
    if (access(SYSTEM_LIBCRYPTO, F_OK) != 0)
        skip(); /* cross/cross.mk names the target's library: under qemu the
                   search (dpkg, uname) answers for the host, as the script would */
    system_lib_find(path, sizeof path);
    assert_string_equal(path, SYSTEM_LIBCRYPTO); /* tests/tests.mk: plots/system-lib.sh */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_project_table),
        cmocka_unit_test(a_broken_table_is_one_line),
        cmocka_unit_test(a_broken_kinds_table_is_one_line),
        cmocka_unit_test(system_lib_as_the_script_finds_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
