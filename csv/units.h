/* The units of the results CSV's rate column, in one place: rates (B/s,
 * op/s, higher is better) and instruction counts (instr/op, lower is
 * better, exact: they repeat from one run to the next).  A report or chart
 * of rates never takes a count, and compare decides counts by the
 * threshold alone. */
#ifndef CSV_UNITS_H
#define CSV_UNITS_H

#include <stdbool.h>
#include <string.h>

#define UNIT_BYTES "B/s"
#define UNIT_OPS "op/s"
#define UNIT_INSTRUCTIONS "instr/op"
enum { UNIT_SIZE = 16 };

/* An exact count per operation (--metric instructions), not a rate. */
static inline bool unit_is_count(const char *unit)
{
    return strcmp(unit, UNIT_INSTRUCTIONS) == 0;
}

/* A rate per operation (public-key, key exchange): op/s, charted as is. */
static inline bool unit_is_ops(const char *unit)
{
    return strcmp(unit, UNIT_OPS) == 0;
}

/* What charts and text show a value in: op/s and instruction counts as
 * they are, B/s as MB/s (10^6 bytes a second, as `openssl speed`'s 1000s
 * of bytes are decimal). */
static inline double unit_shown_scale(const char *unit)
{
    return unit_is_ops(unit) || unit_is_count(unit) ? 1.0 : 1e-6;
}
static inline const char *unit_shown_name(const char *unit)
{
    return unit_is_ops(unit) ? UNIT_OPS : unit_is_count(unit) ? UNIT_INSTRUCTIONS : "MB/s";
}

static inline bool unit_known(const char *unit)
{
    return strcmp(unit, UNIT_BYTES) == 0 || strcmp(unit, UNIT_OPS) == 0 || unit_is_count(unit);
}

/* Below: the words and figures people read a rate in, written once here
 * (csv/units.c) for every report, chart and script: the C callers call
 * these, bisect/ asks `osslbench units`, gnuplot gets its tic labels from
 * charts/chart_draw.c. */

/* The decimal prefix ("", "k", "M", "G", "T") that brings rate under 1000
 * and its scale (1, 1e3 ... 1e12): decimal, as `openssl speed` counts. */
const char *unit_prefix(double rate, double *scale);

/* How many decimals a human rate keeps: a table cell keeps 2 under 10
 * ("2.35 MB/s") and a count's tenth; a progress line keeps one, a count
 * none. */
typedef enum { UNIT_FORM_TABLE, UNIT_FORM_LINE } unit_form;

/* "170.1 MB/s", "12.3 kop/s", "1500.0 instr/op"; "-" for NaN (no rate).
 * A unit that is not op/s or instr/op is B/s. */
void unit_human(char *buf, size_t n, double rate, const char *unit, unit_form form);

/* The label of a value axis in the unit shown (unit_shown_name), for a
 * linear or a log axis: "throughput (MB/s = 10^6 bytes/s)". */
const char *unit_axis_label(const char *unit, bool log_scale);

/* The tics a log axis may take: m x 10^e for m in 1, 2, 5 and e from
 * UNIT_TIC_LOW to UNIT_TIC_HIGH, in increasing order. */
enum { UNIT_TIC_LOW = -3, UNIT_TIC_HIGH = 7, UNIT_TIC_COUNT = 3 * (UNIT_TIC_HIGH - UNIT_TIC_LOW + 1) };
/* The i-th of them (0-based) and whether it is a power of ten. */
double unit_tic_at(size_t i, bool *decade);
/* Its label, short ("500", "1k", "20k", "5M": where labels stand side by
 * side) or plain ("20000", "0.5"). */
void unit_tic_label(char *buf, size_t n, double v, bool short_form);

/* An instruction count per operation, grouped in thousands for people
 * ("12,345", "+3,412", "1.5", "0.25"): a whole number from 100 up, one
 * decimal from 1, two below; `sign`: "+" before a positive one. */
void unit_count_grouped(char *out, size_t n, double v, bool sign);

#endif
