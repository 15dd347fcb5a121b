/* `osslbench report` over several hosts' results: the same releases and
 * workloads measured on different machines (make fleet), side by side.
 *
 * A host is one results CSV (usually a run folder's results.csv) with a
 * label.  Rows are matched across hosts by release label, workload, API
 * path, operation and block size; how a point is charted follows its unit
 * column (B/s: throughput per block size, op/s: operations per second per
 * workload and operation), never its workload's name.  A release that only
 * some hosts have is kept and listed (hosts_release.on). */
#ifndef ANALYSIS_REPORT_HOSTS_H
#define ANALYSIS_REPORT_HOSTS_H

#include "report.h"

typedef struct {
    char label[64]; /* file-name safe */
    char csv[4096];
    result_set set;
} hosts_host;

typedef struct {
    char label[64];
    unsigned long version_num;
    unsigned long on; /* bit h: host h has an ok row of this release */
} hosts_release;

typedef struct {
    report_point p;
    char unit[16]; /* B/s or op/s, from the rows */
} hosts_point;

typedef struct {
    hosts_host *host;
    size_t nhost;
    size_t reference; /* index into host: ratios are host / reference */
    hosts_release *rel; /* version order, then label */
    size_t nrel;
    hosts_point *pt; /* order of first appearance (hosts in order, rows in file order) */
    size_t npt;
    /* Rows with several workers (--threads/--procs): each host's own scaling
     * charts show them; machines are compared on one worker. */
    size_t multi_worker_rows;
} hosts_report;

enum { HOSTS_MAX = 64 }; /* hosts_release.on is a bit set */

/* One input: "[LABEL=]PATH", PATH a run folder (its results.csv) or a CSV.
 * Without LABEL the host is named by the folder's metadata.txt ("host:"),
 * else by the CSV's host column, else by the file or folder name. */
bool hosts_add(hosts_report *h, const char *input, char *why, size_t n);
/* After every hosts_add: releases, points, the reference host (NULL: the
 * first).  Fails on fewer than two hosts, a repeated host label or an
 * unknown reference. */
bool hosts_finish(hosts_report *h, const char *reference, char *why, size_t n);
void hosts_free(hosts_report *h);

/* The ok row of a release at a point on host h, or NULL; any row (whatever
 * its status) with hosts_find_any. */
const result_row *hosts_find(const hosts_report *h, size_t host, size_t rel,
                             const report_point *p);
const result_row *hosts_find_any(const hosts_report *h, size_t host, size_t rel,
                                 const report_point *p);
/* host / reference at one release and point: rows of different machines are
 * never paired (Welch's t over each host's visits; rows without visits: no
 * interval). */
report_ratio hosts_ratio(const hosts_report *h, size_t host, size_t rel, const report_point *p);
bool hosts_is_rate_per_op(const hosts_point *p);

/* Outputs (report_hosts_out.c, report_hosts_dat.c) */
void hosts_write_term(const hosts_report *h, FILE *f);
void hosts_write_csv(const hosts_report *h, FILE *f);
/* Which releases each host has; one line per release missing somewhere. */
void hosts_write_coverage(const hosts_report *h, FILE *f);
/* hosts-*.dat, relative-*.dat and charts.list into dir (which must exist): a
 * folder of the caller's own, a stage of record/folder_out.h, never a handed one. */
bool hosts_write_dat(const hosts_report *h, const char *dir, char *why, size_t n);

#endif
