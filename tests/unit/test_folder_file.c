/* The one opener of a handed folder's files (record/folder_file.h, issue
 * 52): a regular file inside, reached through no symlinked folder, never
 * a FIFO (no hang) nor over its cap; and the name index that keeps its
 * readers linear. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../record/folder_file.h"
#include "../../record/name_index.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[64];

static int make_folder(void **state)
{
    (void)state;
    snprintf(root, sizeof root, "/tmp/test_folder_file.XXXXXX");
    if (mkdtemp(root) == NULL)
        return -1;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "cd %s && mkdir in out && echo data >in/f && echo secret >out/f && ln -s ../out in/link && "
             "ln -s ../out/f in/flink && mkfifo in/fifo && head -c 2000 /dev/zero >in/big",
             root);
    return system(cmd) == 0 ? 0 : -1;
}

static int remove_folder(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    return system(cmd) == 0 ? 0 : -1;
}

/* why folder_file_open_in(root, rel) refuses rel ("" when it opens). */
static const char *refusal(const char *rel, size_t cap)
{
    static char why[256];
    FILE *f = folder_file_open_in(root, rel, cap, why, sizeof why);
    if (f != NULL) {
        fclose(f);
        return "";
    }
    return why;
}

static void a_file_inside_opens_nothing_else_does(void **state)
{
    (void)state;
    assert_string_equal(refusal("in/f", 100), "");
    assert_string_equal(refusal("in/link/f", 100), "link is a symlink");
    assert_string_equal(refusal("in/flink", 100), "a symlink");
    assert_string_equal(refusal("in/fifo", 100), "not a regular file"); /* at once: no writer waited for */
    assert_string_equal(refusal("in/big", 100), "larger than 100 bytes");
    assert_string_equal(refusal("in/nothing", 100), "missing");
    assert_string_equal(refusal("in/f/x", 100), "f is not a folder");
    assert_string_equal(refusal("in/../out/f", 100), "not a name inside the folder");
    assert_string_equal(refusal("in", 100), "not a regular file");
}

static void the_folder_named_is_the_users_word(void **state)
{
    (void)state;
    char path[128], why[128];
    snprintf(path, sizeof path, "%s/in/link/f", root); /* the symlink is in the folder named */
    FILE *f = folder_file_open(path, 100, why, sizeof why);
    assert_non_null(f);
    fclose(f);
    snprintf(path, sizeof path, "%s/in/flink", root); /* found: refused; named: followed */
    assert_null(folder_file_open(path, 100, why, sizeof why));
    assert_non_null(f = folder_file_open_named(path, 100, why, sizeof why));
    fclose(f);
    snprintf(path, sizeof path, "%s/in/fifo", root);
    assert_null(folder_file_open_named(path, 100, why, sizeof why));
    assert_string_equal(why, "not a regular file");
}

static void the_name_index_finds_every_name(void **state)
{
    (void)state;
    enum { N = 50000 };
    static char names[N][8];
    name_index ix = {0};
    for (size_t i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "k%05zu", i);
        assert_int_equal(name_index_put(&ix, names[i], i), i);
    }
    assert_int_equal(name_index_put(&ix, "k00007", 99), 7); /* the first value stays */
    name_index_set(&ix, "k00007", 99);
    for (size_t i = 0; i < N; i++)
        assert_int_equal(name_index_get(&ix, names[i]), i == 7 ? 99 : i);
    assert_int_equal(name_index_get(&ix, "k"), NAME_INDEX_NONE);
    assert_int_equal(ix.count, N);
    name_index_free(&ix);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_file_inside_opens_nothing_else_does),
        cmocka_unit_test(the_folder_named_is_the_users_word),
        cmocka_unit_test(the_name_index_finds_every_name),
    };
    return cmocka_run_group_tests(tests, make_folder, remove_folder);
}
