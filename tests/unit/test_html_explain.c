/* report.html's "Why" under a verdict (analysis/report_html_explain.c): a
 * run folder's explain/changes.csv is a handed file like any other: its
 * text escaped, a chart it names only a plain .svg file there (an image,
 * never markup), a file that is no table of osslbench's left out with a
 * note, and a FIFO never waited on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/report_html_parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64], sub[80]; /* a run folder and its explain/ */
static char *mem_buf; /* static: see test_escape.c (gcc 12 -Wdangling-pointer) */
static size_t mem_len;

static const char header[] = "workload,api,op,bytes,label,baseline,baseline_per_op,per_op,"
                             "change_per_op,summary,bars,flame\n";

static void write_file(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", sub, name);
    unlink(path);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/test_html_explain.XXXXXX");
    if (mkdtemp(dir) == NULL)
        return 1;
    snprintf(sub, sizeof sub, "%s/explain", dir);
    return mkdir(sub, 0700);
}

static int remove_dir(void **state)
{
    (void)state;
    const char *names[] = {"changes.csv", "b.svg", "f.svg"};
    char path[128];
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", sub, names[i]);
        unlink(path);
    }
    return rmdir(sub) | rmdir(dir);
}

/* The page's explanation of sha256 evp digest 16 B, new against old. */
static char *page_of(html_explained *x)
{
    verdict_point p = {.workload = "sha256", .api = "evp", .op = "digest", .bytes = 16};
    mem_buf = NULL, mem_len = 0;
    html_page pg = {.f = open_memstream(&mem_buf, &mem_len)};
    assert_non_null(pg.f);
    html_put_explained_problem(&pg, x);
    html_put_explanation(&pg, x, &p, "old", "new");
    fclose(pg.f);
    html_page_free(&pg);
    return mem_buf;
}

static void its_text_is_escaped_and_its_charts_are_images(void **state)
{
    (void)state;
    char csv[1024];
    snprintf(csv, sizeof csv, "%ssha256,evp,digest,16,new,old,3118,5238.5,2120.5,"
             "\"+2,120 instr/op: 14%% in <script>alert(1)</script>\",b.svg,../f.svg\n", header);
    write_file("changes.csv", csv);
    write_file("b.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(2)</script></svg>");
    html_explained x;
    html_explained_read(dir, &x);
    assert_int_equal(x.n, 1);
    char *page = page_of(&x);
    assert_non_null(strstr(page, "old 3,118 → new 5,238; +2,120 instr/op: 14% in "
                                 "&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_null(strstr(page, "<script"));
    assert_non_null(strstr(page, "<img class=\"chart\" alt=\"the functions whose own instructions "
                                 "changed most\" src=\"data:image/svg+xml;base64,"));
    assert_non_null(strstr(page, "names a chart that is no .svg file of its folder")); /* ../f */
    free(page);
    html_explained_free(&x);
}

static void another_point_or_pair_gets_no_explanation(void **state)
{
    (void)state;
    char csv[512];
    snprintf(csv, sizeof csv, "%ssha256,evp,digest,16,new,other,1,2,1,x,b.svg,f.svg\n"
             "sha256,evp,digest,64,new,old,1,2,1,x,b.svg,f.svg\n", header);
    write_file("changes.csv", csv);
    html_explained x;
    html_explained_read(dir, &x);
    assert_int_equal(x.n, 2);
    char *page = page_of(&x);
    assert_string_equal(page, "");
    free(page);
    html_explained_free(&x);
}

/* explain/ a symlink to another folder: nothing of it reaches the page. */
static void a_symlinked_explain_folder_is_not_read(void **state)
{
    (void)state;
    char elsewhere[80], link[96], csv[512];
    snprintf(elsewhere, sizeof elsewhere, "%s/elsewhere", dir);
    assert_int_equal(rename(sub, elsewhere), 0);
    assert_int_equal(symlink("elsewhere", sub), 0);
    snprintf(csv, sizeof csv, "%ssha256,evp,digest,16,new,old,1,2,1,SECRET,b.svg,f.svg\n", header);
    write_file("changes.csv", csv);
    html_explained x;
    html_explained_read(dir, &x);
    char *page = page_of(&x);
    assert_null(strstr(page, "SECRET"));
    assert_non_null(strstr(page, "explain/changes.csv: "));
    free(page);
    html_explained_free(&x);
    snprintf(link, sizeof link, "%s/changes.csv", sub);
    unlink(link);
    assert_int_equal(unlink(sub), 0);
    assert_int_equal(rename(elsewhere, sub), 0);
}

static void a_file_that_is_no_table_of_ours_is_left_out_with_a_note(void **state)
{
    (void)state;
    write_file("changes.csv", "workload,api,op,bytes,label,baseline\nsha256,evp,digest,16,new,old\n");
    html_explained x;
    html_explained_read(dir, &x);
    char *page = page_of(&x);
    assert_non_null(strstr(page, "<p class=\"bad\">explain/changes.csv: line 1 is not one "
                                 "osslbench explain writes"));
    assert_null(strstr(page, "Why"));
    free(page);
    html_explained_free(&x);
    char path[128];
    snprintf(path, sizeof path, "%s/changes.csv", sub);
    unlink(path);
    assert_int_equal(mkfifo(path, 0600), 0); /* nobody writes it: a reader that waits hangs */
    html_explained_read(dir, &x);
    assert_non_null(strstr(x.problem, "explain/changes.csv: "));
    html_explained_free(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(its_text_is_escaped_and_its_charts_are_images),
        cmocka_unit_test(another_point_or_pair_gets_no_explanation),
        cmocka_unit_test(a_symlinked_explain_folder_is_not_read),
        cmocka_unit_test(a_file_that_is_no_table_of_ours_is_left_out_with_a_note),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
