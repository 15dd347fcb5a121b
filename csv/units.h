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

#endif
