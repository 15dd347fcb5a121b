/* What the tests of `osslbench report` (tests/unit/test_report*.c) share:
 * small results CSVs with made-up rates (test fixtures only), loading one
 * into a report, and reading back what a writer printed or wrote.
 *
 * Header-only (static inline) so that every tests/unit/test_*.c stays one
 * binary built by tests/tests.mk's one rule, with no helper object to link. */
#ifndef TESTS_UNIT_REPORT_FIXTURES_H
#define TESTS_UNIT_REPORT_FIXTURES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../analysis/report.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The runner's columns up to sample_rates (csv/columns.def has more; a
 * reader takes any subset by name). */
#define RESULTS_HEADER                                                                         \
    "label,version,version_num,lib,api,workload,op,bytes,rate,unit,ci_low,ci_high,samples,"   \
    "iterations,status,note,host,cpu,timestamp,sample_rates\n"

/* Three releases, listed newest first on purpose; 3.0.20 is twice as fast
 * as 1.1.1w on sha256/evp at 16 B; 1.1.1w has no fetch path; "broken" never
 * loaded (version_num 0).  A macro, not a variable: not every test uses it. */
#define THREE_RELEASES                                                                                           \
    RESULTS_HEADER                                                                                               \
    "3.0.20,3.0.20,0x30000140,/l3,evp,sha256,digest,16,2e6,B/s,1.9e6,2.1e6,3,10,ok,,h,c,t,1.9e6 2e6 2.1e6\n"      \
    "3.0.20,3.0.20,0x30000140,/l3,fetch,sha256,digest,16,3e6,B/s,2.9e6,3.1e6,3,10,ok,,h,c,t,\n"                  \
    "3.0.20,3.0.20,0x30000140,/l3,evp,rsa2048,sign,0,1000,op/s,990,1010,3,10,ok,,h,c,t,\n"                       \
    "3.0.20,3.0.20,0x30000140,/l3,evp,rsa2048,verify,0,40000,op/s,39000,41000,3,10,ok,,h,c,t,\n"                 \
    "broken,,0x0,/bad,evp,sha256,digest,16,,B/s,,,0,0,load_failed,not libcrypto,h,c,t,\n"                        \
    "1.1.1w,1.1.1w,0x1010117f,/l1,evp,sha256,digest,16,1e6,B/s,0.95e6,1.05e6,3,10,ok,,h,c,t,0.95e6 1e6 1.05e6\n" \
    "1.1.1w,1.1.1w,0x1010117f,/l1,fetch,sha256,digest,16,,B/s,,,0,0,unsupported,needs 3.0,h,c,t,\n"              \
    "1.1.1w,1.1.1w,0x1010117f,/l1,evp,rsa2048,sign,0,800,op/s,790,810,3,10,ok,,h,c,t,\n"                         \
    "1.1.1w,1.1.1w,0x1010117f,/l1,evp,rsa2048,verify,0,40000,op/s,39000,41000,3,10,ok,,h,c,t,\n"                 \
    "system-3.0.19,3.0.19,0x30000130,/l2,evp,sha256,digest,16,1.5e6,B/s,1.4e6,1.6e6,3,10,ok,,h,c,t,\n"           \
    "system-3.0.19,3.0.19,0x30000130,/l2,evp,rsa2048,sign,0,900,op/s,890,910,3,10,crashed,signal 11,h,c,t,\n"

typedef struct {
    result_set set;
    report r;
} fixture;

static inline void fixture_load(fixture *fx, const char *csv, const char *baseline)
{
    FILE *f = fmemopen((void *)csv, strlen(csv), "r");
    assert_non_null(f);
    char why[256];
    bool ok = csv_read_stream(f, "test.csv", &fx->set, why, sizeof why);
    fclose(f);
    if (!ok)
        fail_msg("%s", why);
    if (!report_init(&fx->r, &fx->set, baseline, why, sizeof why))
        fail_msg("%s", why);
}

static inline void fixture_unload(fixture *fx)
{
    report_free(&fx->r);
    result_set_free(&fx->set);
}

static inline size_t rel_index(const report *r, const char *label)
{
    for (size_t k = 0; k < r->nrel; k++)
        if (strcmp(r->rel[k].label, label) == 0)
            return k;
    fail_msg("no release %s", label);
    return 0;
}

/* A stream whose text capture_close returns (the caller frees it).  The
 * buffer is static: gcc 12 for aarch64 takes the stream's pointer to a
 * local for a dangling one after fclose (-Wdangling-pointer). */
typedef struct {
    char *buf;
    size_t len;
} captured;

static inline captured *capture_slot(void)
{
    static captured c;
    return &c;
}

static inline FILE *capture_open(void)
{
    captured *c = capture_slot();
    *c = (captured){0};
    FILE *f = open_memstream(&c->buf, &c->len);
    assert_non_null(f);
    return f;
}

static inline char *capture_close(FILE *f)
{
    fclose(f);
    return capture_slot()->buf;
}

static inline char *render(void (*w)(const report *, FILE *), const report *r)
{
    FILE *f = capture_open();
    w(r, f);
    return capture_close(f);
}

/* Fails, showing text, unless each string after it is in it (assert_has)
 * or none is (assert_lacks): assert_has(text, "one", "two"). */
#define assert_has(text, ...) assert_text((text), true, (const char *const[]){__VA_ARGS__, NULL})
#define assert_lacks(text, ...) assert_text((text), false, (const char *const[]){__VA_ARGS__, NULL})
static inline void assert_text(const char *text, bool in, const char *const *each)
{
    if (text == NULL)
        fail_msg("no text to look in");
    for (; *each != NULL; each++)
        if ((strstr(text, *each) != NULL) != in)
            fail_msg("\"%s\" is %s:\n%s", *each, in ? "not in" : "in", text);
}

/* The whole of dir/name (up to 64 KiB), which the caller frees. */
static inline char *read_text(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        fail_msg("cannot read %s", path);
    char *buf = calloc(1, 1 << 16);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* assert_has and assert_lacks on the text of dir/name. */
#define assert_file_has(dir, name, ...)                                                        \
    assert_file_text((dir), (name), true, (const char *const[]){__VA_ARGS__, NULL})
#define assert_file_lacks(dir, name, ...)                                                      \
    assert_file_text((dir), (name), false, (const char *const[]){__VA_ARGS__, NULL})
static inline void assert_file_text(const char *dir, const char *name, bool in,
                                    const char *const *each)
{
    char *text = read_text(dir, name);
    assert_text(text, in, each);
    free(text);
}

/* A new folder under /tmp, its name in dir[TEMP_DIR_SIZE]. */
#define TEMP_DIR_SIZE 32
static inline void make_temp_dir(char dir[TEMP_DIR_SIZE])
{
    snprintf(dir, TEMP_DIR_SIZE, "/tmp/test_report.XXXXXX");
    if (mkdtemp(dir) == NULL)
        fail_msg("mkdtemp failed");
}

static inline bool remove_tree(const char *dir)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf -- '%s'", dir);
    return system(cmd) == 0;
}

/* The report's chart data (the .dat files and charts.list) in a new
 * temporary folder, named in dir; remove_tree(dir) when done. */
static inline void write_chart_data(const report *r, char dir[TEMP_DIR_SIZE])
{
    make_temp_dir(dir);
    char why[256];
    if (!report_write_dat(r, dir, why, sizeof why))
        fail_msg("%s", why);
}

#endif
