/* One tidy result row: library x workload x API path x operation x size.
 * The CSV columns, in order, are given by csv/columns.def; README.md documents
 * each. */
#ifndef RECORD_ROW_H
#define RECORD_ROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    ST_OK,
    ST_UNSUPPORTED, /* the release has no such API path (note says why) */
    ST_KAT_FAILED,  /* known-answer self-check failed: no rate reported */
    ST_CRASHED,     /* the child died (signal in note) */
    ST_TIMEOUT,     /* the point exceeded its time limit */
    ST_LOAD_FAILED, /* the library could not be loaded / is not libcrypto */
    ST_ERROR,       /* the library returned an error while running */
    ST_COUNT
} row_status;

const char *row_status_name(row_status s);
bool row_status_parse(const char *name, row_status *out);
/* A status that means something went wrong (not ok, not unsupported). */
bool row_status_is_failure(row_status s);

/* The one label rule, for `--lib LABEL=` and for every label read from a
 * results CSV: a label reaches file names, chart titles and command lines,
 * so it is a name, never text. */
#define ROW_LABEL_RULE "labels are 1 to 63 letters, digits and . _ + -"
bool row_label_valid(const char *s);
/* The other name columns (version, flavor, api, workload, op, kind,
 * family) use the label's characters; "" is allowed (a row about a whole
 * library names no point). */
bool row_name_valid(const char *s);
/* The workload column: a name, or a by-name line's prefix and the
 * algorithm ("evp:sm4-cbc"): one ':' between two names.  The ':' reaches no
 * file name (report_file_token makes it '_'). */
bool row_workload_valid(const char *s);
/* A label's buffer: labels have at most LABEL_SIZE - 1 characters, everywhere. */
enum { LABEL_SIZE = 64 };
/* The providers column: each loaded provider as NAME:VERSION, space-separated. */
enum { PROVIDERS_SIZE = 512, PROPQUERY_SIZE = 128 };

typedef struct {
    char label[LABEL_SIZE]; /* name of the library in this run (default: its release) */
    char version[32];    /* release decoded from the version number: 1.1.1w, 3.0.19 */
    unsigned long version_num; /* as the library reports it (a fork claims an OpenSSL release) */
    char flavor[16];     /* openssl, boringssl, libressl, aws-lc (compat/flavor.h); "" = openssl */
    char lib[1024];      /* path given to --lib */
    char api[16];        /* an API path name (harness/apis.def) */
    char workload[32];   /* a workload name as on the command line */
    char kind[16];       /* the workload's kind: symmetric, public-key, ... */
    char family[16];     /* its chart family: rsa, ecdsa, kem ... ("" in older files) */
    char op[16];         /* the operation: digest, encrypt, sign, ... */
    uint64_t bytes;      /* block size; 0 for public-key operations */
    uint32_t threads;    /* threads running the operation at once in one process (>= 1) */
    uint32_t procs;      /* processes running it at once (>= 1); the rate is their sum */
    double rate;         /* in unit: the rate_stat of the samples */
    char rate_stat[8];   /* "vp90" (the mean over visits of each visit's upper end), "vmedian"
                          * (operations whose cost varies), "median" (instruction counts);
                          * "p99" and "" in older files: stats/blocked.h */
    char unit[16];       /* B/s | op/s | instr/op (csv/units.h) */
    double ci_low, ci_high;
    uint32_t samples;
    uint64_t iterations; /* operations per sample */
    row_status status;
    char note[256];
    char host[64];
    char cpu[128];
    char timestamp[32];  /* run start, ISO 8601 UTC */
    uint32_t cpus;       /* CPUs the run could use (0: unknown); threads x procs above it
                          * means the workers shared CPUs */
    char run_id[40];     /* one run of the runner: its rows' samples are paired by round */
    char providers[PROVIDERS_SIZE]; /* 3.0+: the providers loaded ("" before 3.0) */
    char propquery[PROPQUERY_SIZE]; /* 3.0+: the default properties of every fetch */
    char version_text[160]; /* the library's own version string ("OpenSSL 3.0.20 1 Sep 2025") */
    char ia32cap[96];    /* the OPENSSL_ia32cap the library saw, as it reports it (3.0+), or "" */
    uint32_t disturbed;  /* samples kept although disturbed: every retake was disturbed too
                          * (harness/disturbance.h) */
    uint32_t retaken;    /* disturbed samples thrown away and taken again */
    uint32_t *sample_blocks; /* rounds per visit of the point, in order (heap, nblock long;
                              * they add up to nsample); none: one block (older files) */
    size_t nblock;
    double *sample_rates; /* per-sample rates in unit, heap, nsample long */
    size_t nsample;
    /* Not a column: a counted run that keeps profiles (osslbench explain) names
     * here the callgrind profile of the row's last sample, in the run's counts
     * folder (harness/counting.h); else "". */
    char profile[48];
} result_row;

void result_row_free(result_row *r);

/* The ranges of a row's numbers, for every reader (the results CSV, the
 * history database, `run --sizes`, `osslbench units`): what no run can
 * measure is no value, so that nothing past them reaches a table, a chart
 * or the database's 64-bit integers.  ROW_BYTES_MAX: the largest block a
 * run measures; ROW_RATE_MAX: a rate or count above 10^18 (an exabyte a
 * second) is no measurement; ROW_COUNT_MAX: SQLite's INTEGER;
 * ROW_SAMPLES_MAX: a row's samples, more than the CSV's 1 MiB line holds
 * as the writer writes them (18 characters a sample or more). */
#define ROW_BYTES_MAX (64u << 20)
#define ROW_RATE_MAX 1e18
#define ROW_COUNT_MAX INT64_MAX
enum { ROW_SAMPLES_MAX = 1 << 16 };
/* A rate, a CI bound or a sample inside [0, ROW_RATE_MAX] (NaN is not). */
bool row_rate_in_range(double v);

#endif
