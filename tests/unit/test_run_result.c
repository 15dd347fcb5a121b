/* The run's result in memory (runner/run_collect.h, record/metadata_read.h):
 * the rows handed on are the rows results.csv holds, to the last digit (a
 * rate the CSV writes to 9 significant digits is that rate in memory too),
 * and metadata.txt's text parsed in memory is what reading the file gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../runner/run_collect.h"
#include "../../record/metadata_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static result_row row_of(const char *label, double rate, double lo, double hi)
{
    result_row r = {.status = ST_OK, .bytes = 16, .threads = 1, .procs = 1, .rate = rate,
                    .ci_low = lo, .ci_high = hi, .samples = 3, .iterations = 100};
    snprintf(r.label, sizeof r.label, "%s", label);
    snprintf(r.version, sizeof r.version, "3.0.20");
    snprintf(r.lib, sizeof r.lib, "/x/%s/libcrypto.so.3", label);
    snprintf(r.api, sizeof r.api, "evp");
    snprintf(r.workload, sizeof r.workload, "sha256");
    snprintf(r.kind, sizeof r.kind, "symmetric");
    snprintf(r.op, sizeof r.op, "digest");
    snprintf(r.unit, sizeof r.unit, "B/s");
    snprintf(r.rate_stat, sizeof r.rate_stat, "vp90");
    snprintf(r.run_id, sizeof r.run_id, "R1");
    return r;
}

static void the_rows_in_memory_are_the_rows_of_the_csv(void **state)
{
    (void)state;
    char path[] = "/tmp/osslbench-run-result-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *csv = fdopen(fd, "w+");
    run_collector c;
    run_collect_open(&c, csv, false);
    run_file file = {.path = path, .f = csv};
    assert_true(run_collect_header(&c, &file));
    /* digits past what the CSV keeps */
    result_row rows[] = {row_of("a", 123456789.123456789, 123456700.987654321, 123456900.5),
                         row_of("b", 0.1 + 0.2, 1.0 / 3.0, 2.0 / 3.0)};
    for (size_t i = 0; i < 2; i++)
        run_collect(&rows[i], &c);
    result_set mem, file_rows;
    run_collect_rows(&c, &mem);
    rewind(csv);
    assert_true(csv_read_stream(csv, path, &file_rows, (char[256]){0}, 256));
    assert_int_equal(mem.count, 2);
    assert_int_equal(file_rows.count, 2);
    for (size_t i = 0; i < 2; i++) {
        assert_string_equal(mem.rows[i].label, file_rows.rows[i].label);
        assert_true(mem.rows[i].rate == file_rows.rows[i].rate);
        assert_true(mem.rows[i].ci_low == file_rows.rows[i].ci_low);
        assert_true(mem.rows[i].ci_high == file_rows.rows[i].ci_high);
    }
    assert_true(mem.rows[0].rate != rows[0].rate); /* the CSV's digits, not the runner's */
    /* without --json nothing else is kept: the speed tables are of these rows too */
    assert_int_equal(c.count, 0);
    result_set_free(&mem);
    result_set_free(&file_rows);
    run_collect_free(&c);
    fclose(csv);
    unlink(path);
}

static void metadata_parsed_in_memory_is_metadata_read(void **state)
{
    (void)state;
    static const char text[] = "host: vm\nlibrary: a builds /x/a\nrun_id: R1\nlibrary: b LIBS /x/b\n"
                               "not a line\ncommand: osslbench run --lib 'a=/x/a'\n";
    char path[] = "/tmp/osslbench-metadata-XXXXXX", why[256];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    metadata_entry *m, *f;
    size_t nm, nf;
    assert_true(metadata_parse(text, strlen(text), &m, &nm));
    assert_true(metadata_read(path, &f, &nf, why, sizeof why));
    assert_int_equal(nm, 4);
    assert_int_equal(nm, nf);
    for (size_t k = 0; k < nm; k++) {
        assert_string_equal(m[k].key, f[k].key);
        assert_int_equal(m[k].n, f[k].n);
        for (size_t i = 0; i < m[k].n; i++)
            assert_string_equal(m[k].values[i], f[k].values[i]);
    }
    assert_string_equal(metadata_first(m, nm, "library"), "a builds /x/a");
    metadata_free(m, nm);
    metadata_free(f, nf);
    assert_true(metadata_parse(NULL, 0, &m, &nm)); /* a run that kept none */
    assert_int_equal(nm, 0);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_rows_in_memory_are_the_rows_of_the_csv),
        cmocka_unit_test(metadata_parsed_in_memory_is_metadata_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
