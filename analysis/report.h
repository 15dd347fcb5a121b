/* `osslbench report`: speed-up tables, `openssl speed`-style tables and
 * gnuplot data from a results CSV.
 *
 * A report is a view over a result_set: the releases (labels) in release
 * order, the measured points (workload x api x op x bytes) in a canonical
 * order, and the baseline release that speed-ups are relative to. */
#ifndef ANALYSIS_REPORT_H
#define ANALYSIS_REPORT_H

#include "../csv/csv.h"

#include <stdio.h>

typedef struct {
    char label[64];
    char version[32];
    unsigned long version_num;
    size_t ok_rows; /* rows with status ok: a release without any is never the baseline */
} report_release;

typedef struct {
    char workload[32];
    char api[16];
    char op[16];
    uint64_t bytes;
} report_point;

typedef struct {
    const result_set *set;
    report_release *rel; /* release order: version_num, then label */
    size_t nrel;
    report_point *pt; /* workload, api, op, bytes order */
    size_t npt;
    size_t baseline; /* index into rel */
} report;

/* baseline NULL: the oldest release (by version) with at least one ok row.
 * Fails (message in why) on an empty set or an unknown baseline label. */
bool report_init(report *r, const result_set *s, const char *baseline, char *why, size_t n);
void report_free(report *r);

/* The ok row of a release at a point, or NULL. */
const result_row *report_find(const report *r, size_t rel, const report_point *p);
/* Any row (whatever its status) of a release at a point, or NULL. */
const result_row *report_find_any(const report *r, size_t rel, const report_point *p);

/* Orders used everywhere (charts, tables); unknown names sort last, by name. */
int report_workload_rank(const char *workload);
int report_api_rank(const char *api);
bool report_is_pubkey(const char *workload);

/* ---- speed-up ratios (report_ratio.c) ---- */
typedef enum { RATIO_NONE, RATIO_PAIRED, RATIO_BOOTSTRAP, RATIO_BOUNDS } ratio_method;

typedef struct {
    double ratio, lo, hi; /* rate / baseline rate and its 95% CI */
    ratio_method method;  /* RATIO_NONE: no ratio (a side has no ok row) */
} report_ratio;

/* Samples needed on both sides for each method (report_ratio.c explains). */
enum { REPORT_PAIRED_MIN = 6, REPORT_BOOTSTRAP_MIN = 8, REPORT_BOOTSTRAP_ROUNDS = 2000 };

report_ratio report_speedup(const result_row *row, const result_row *base);
const char *ratio_method_name(ratio_method m);

/* ---- outputs (report_tables.c, report_speed.c, report_dat.c) ---- */
void report_write_term(const report *r, FILE *f);
void report_write_csv(const report *r, FILE *f);
void report_write_md(const report *r, FILE *f);
/* `openssl speed`-style tables of one release (all its API paths). */
void report_write_speed(const report *r, size_t rel, FILE *f);
/* gnuplot .dat files and charts.list into dir (which must exist). */
bool report_write_dat(const report *r, const char *dir, char *why, size_t n);

/* "16 B", "1 KiB", "16 KiB" */
void report_size_name(uint64_t bytes, char *buf, size_t n);
/* A label made safe for a file name: [A-Za-z0-9._-], others become '_'. */
void report_file_token(const char *in, char *out, size_t n);

#endif
