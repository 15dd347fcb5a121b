/* `osslbench report`: speed-up tables, `openssl speed`-style tables and
 * gnuplot data from a results CSV.
 *
 * A report is a view over a result_set: the releases (labels) in release
 * order, the measured points (workload x api x op x bytes) in a canonical
 * order, and the baseline release that speed-ups are relative to. */
#ifndef ANALYSIS_REPORT_H
#define ANALYSIS_REPORT_H

#include "../compat/flavor.h"
#include "../csv/csv.h"
#include "../stats/blocked.h"

#include <stdio.h>

typedef struct {
    char label[64];
    char version[32];
    char date[16]; /* the release date its version_text gives ("2025-09-01"), or "" */
    unsigned long version_num;
    lib_flavor flavor; /* forks sort after the OpenSSL releases, each flavor apart */
    size_t ok_rows; /* rows with status ok: a release without any is never the baseline */
} report_release;

/* A measured point.  Rows are classified by their CSV columns, never by
 * workload name: `unit` op/s means an operation count (public-key, key
 * exchange), B/s a throughput over block sizes; `family` (else `kind`)
 * groups op/s workloads into charts and speed-table sections. */
typedef struct {
    char workload[32];
    char api[16];
    char op[16];
    uint64_t bytes;
    uint32_t threads, procs; /* workers at once (0 reads as 1); part of the point */
    char unit[16];
    char kind[16];
    char family[16]; /* "" in files that predate the family column */
} report_point;

/* Names in the order they first appear in the results (the runner writes
 * workloads, API paths and operations in its registry's order). */
typedef struct {
    char (*name)[32];
    size_t n, cap;
} report_order;

typedef struct {
    const result_set *set;
    report_release *rel; /* release order: OpenSSL releases by version_num, then
                          * each fork flavor (compat/flavor.h order); label last */
    size_t nrel;
    report_point *pt; /* workload, api, op, bytes order */
    size_t npt;
    size_t baseline; /* index into rel */
    report_order workloads, apis, ops;
} report;

/* baseline NULL: the oldest OpenSSL release (by version) with at least one
 * ok row; a fork only when no OpenSSL release has one.
 * Fails (message in why) on an empty set or an unknown baseline label. */
bool report_init(report *r, const result_set *s, const char *baseline, char *why, size_t n);
void report_free(report *r);
/* The default baseline, for rates and counts alike: the oldest OpenSSL
 * release with an ok row (a fork only when no OpenSSL release has one). */
bool report_oldest_release(const result_set *s, char label[LABEL_SIZE]);

/* The ok row of a release at a point, or NULL. */
const result_row *report_find(const report *r, size_t rel, const report_point *p);
/* Any row (whatever its status) of a release at a point, or NULL. */
const result_row *report_find_any(const report *r, size_t rel, const report_point *p);

/* One thread in one process (the rows of a run without --threads). */
bool report_point_serial(const report_point *p);
/* The same workload, API path, operation and size (any worker count). */
bool report_point_same_op(const report_point *a, const report_point *b);
/* The same worker count. */
bool report_point_same_workers(const report_point *a, const report_point *b);
/* "" for one worker, else "2 threads" / "4 procs". */
void report_workers_name(const report_point *p, char *buf, size_t n);
/* A release's name in charts: its label, and for a fork which one
 * ("boringssl (fork)", "mine (LibreSSL fork)"), so a fork is never read as
 * an OpenSSL release. */
void report_release_title(const report_release *rel, char *buf, size_t n);

/* Operations per second (op/s), not a throughput over block sizes. */
bool report_point_is_ops(const report_point *p);
/* Position of a name in an order (order->n when absent). */
size_t report_rank(const report_order *order, const char *name);
/* The chart group of an op/s point: its family ("rsa", "ecdsa", "kem"),
 * else its kind in files that predate the family column, else
 * "public-key" in files that predate the kind column. */
const char *report_ops_group(const report_point *p);
/* The same for a row of the set. */
const char *report_row_group(const result_row *row);

/* ---- speed-up ratios (report_ratio.c) ---- */

typedef struct {
    double ratio, lo, hi; /* rate / baseline rate and its 95% CI (no-ci: NAN) */
    ci_method method;  /* CI_NONE: no ratio (a side has no ok row) */
    bool disturbed;       /* a side's row was disturbed (report_row_disturbed) */
} report_ratio;

/* A row measured while something else had the machine, enough to say so
 * beside its ratios: at least 1% of its kept samples stayed disturbed, or
 * a tenth of its tries were (docs/method.md). */
bool report_row_disturbed(const result_row *r);

report_ratio report_speedup(const result_row *row, const result_row *base);
/* The same without pairing: rows of one library measured one after the
 * other (N workers vs one), never side by side. */
report_ratio report_ratio_unpaired(const result_row *row, const result_row *base);

/* ---- outputs (report_tables.c, report_speed.c, report_scaling.c, report_dat.c;
 * speedup.csv's and scaling.csv's columns: ratio_columns.def) ---- */
void report_write_term(const report *r, FILE *f);
void report_write_csv(const report *r, FILE *f);
void report_write_md(const report *r, FILE *f);
/* Scaling: each release's rate with N workers / its rate with one, per
 * point (report_scaling.c); nothing is written when no point has more
 * than one worker. */
void report_write_scaling(const report *r, FILE *f);
void report_write_scaling_csv(const report *r, FILE *f);
bool report_has_workers(const report *r);
/* Release rel's rate at p (several workers) / its rate at p's one-worker
 * point; CI_NONE when either is missing. */
report_ratio report_scaling_ratio(const report *r, size_t rel, const report_point *p);
/* `openssl speed`-style tables of one release (all its API paths). */
void report_write_speed(const report *r, size_t rel, FILE *f);
/* What a run prints when it ends: every release's speed tables from r, the
 * model of rows (instruction counts instead, one line a row, when the rows
 * are counts; r NULL: none, and "no speed tables: WHY" when why is not
 * NULL), then how many rows failed. */
void report_write_run_tables(const result_set *rows, const report *r, const char *why, FILE *f);
/* Releases with at least one ok row.  From REPORT_TIMELINE_MIN of them a
 * report draws release-history charts (chart_timeline.c) and writes
 * timeline-releases.md; above REPORT_BARS_MAX the charts with a series or
 * a group per release (throughput, speed-up, op/s, API paths) would be
 * unreadable: they give way to the timeline (docs/timeline.md). */
enum { REPORT_TIMELINE_MIN = 3, REPORT_BARS_MAX = 14 };
size_t report_releases_measured(const report *r);
bool report_draws_timeline(const report *r);
bool report_draws_release_bars(const report *r);
/* The significant changes of each step from one release series to the
 * next, and of each fork against the newest OpenSSL release: the paired
 * verdicts of `osslbench regress`, as a Markdown table (timeline_notes.c).
 * False when out of memory. */
bool report_write_timeline_md(const report *r, FILE *f);
/* gnuplot .dat files and charts.list into dir (which must exist): a
 * folder of the caller's own, a stage of record/folder_out.h, never a handed one. */
bool report_write_dat(const report *r, const char *dir, char *why, size_t n);

/* "16 B", "1 KiB", "16 KiB" */
void report_size_name(uint64_t bytes, char *buf, size_t n);
/* "unknown WHAT 'NAME' (KIND: a b c)" into why; label_at(set, i) names item i of count. */
void report_unknown_label(char *why, size_t n, const char *what, const char *name,
                          const char *kind, const char *(*label_at)(const void *set, size_t i),
                          const void *set, size_t count);
/* A label made safe for a file name: [A-Za-z0-9._-], others become '_'. */
void report_file_token(const char *in, char *out, size_t n);

#endif
