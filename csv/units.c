/* The human forms of csv/units.h: prefixes, rates, axis labels and tics.
 * Each is what a caller printed by itself before (verdict tables, bisect's
 * progress lines, the charts' axes): the figures people compare stay the
 * same from one version to the next. */
#include "units.h"

#include <math.h>
#include <stdio.h>

static const char *const prefixes[] = {"", "k", "M", "G", "T"};

/* One division by the whole scale (not one per prefix), as bisect's awk
 * did: one rounding, so a figure does not depend on how it was reached. */
const char *unit_prefix(double rate, double *scale)
{
    size_t p = 0;
    double s = 1.0;
    while (rate / s >= 1000.0 && p + 1 < sizeof prefixes / sizeof prefixes[0]) {
        s *= 1000.0;
        p++;
    }
    *scale = s;
    return prefixes[p];
}

static const struct {
    int decimals, under_ten, count; /* under_ten: the decimals of a scaled rate below 10 */
} forms[] = {
    [UNIT_FORM_TABLE] = {1, 2, 1},
    [UNIT_FORM_LINE] = {1, 1, 0},
};

void unit_human(char *buf, size_t n, double rate, const char *unit, unit_form form)
{
    size_t f = (size_t)form < sizeof forms / sizeof forms[0] ? (size_t)form : UNIT_FORM_TABLE;
    if (isnan(rate)) {
        snprintf(buf, n, "-");
        return;
    }
    if (unit_is_count(unit)) {
        snprintf(buf, n, "%.*f %s", forms[f].count, rate, UNIT_INSTRUCTIONS);
        return;
    }
    double scale;
    const char *prefix = unit_prefix(rate, &scale);
    rate /= scale;
    snprintf(buf, n, "%.*f %s%s", rate < 10.0 ? forms[f].under_ten : forms[f].decimals, rate,
             prefix, unit_is_ops(unit) ? UNIT_OPS : UNIT_BYTES);
}

static const struct {
    const char *unit, *linear, *log;
} axes[] = {
    {UNIT_BYTES, "throughput (MB/s = 10^6 bytes/s)", "throughput (MB/s, log scale)"},
    {UNIT_OPS, "operations per second", "operations per second (log scale)"},
    {UNIT_INSTRUCTIONS, "instructions per operation", "instructions per operation (log scale)"},
};

const char *unit_axis_label(const char *unit, bool log_scale)
{
    size_t i = 0;
    while (i + 1 < sizeof axes / sizeof axes[0] && strcmp(axes[i].unit, unit) != 0)
        i++;
    if (strcmp(axes[i].unit, unit) != 0)
        i = 0; /* as unit_shown_name: what is not op/s or a count is bytes */
    return log_scale ? axes[i].log : axes[i].linear;
}

/* 10.0 ** e times m, as gnuplot computed its tics: the same doubles. */
double unit_tic_at(size_t i, bool *decade)
{
    static const int mantissa[] = {1, 2, 5};
    int m = mantissa[i % 3], e = UNIT_TIC_LOW + (int)(i / 3);
    *decade = m == 1;
    return m * pow(10.0, e);
}

void unit_tic_label(char *buf, size_t n, double v, bool short_form)
{
    if (!short_form) {
        snprintf(buf, n, v >= 1 ? "%.0f" : "%g", v);
        return;
    }
    double scale;
    const char *prefix = unit_prefix(v, &scale);
    snprintf(buf, n, "%g%s", v / scale, prefix);
}

void unit_count_grouped(char *out, size_t n, double v, bool sign)
{
    char digits[64];
    double a = fabs(v);
    int decimals = a >= 99.95 || a < 0.005 ? 0 : a >= 0.995 ? 1 : 2;
    if (a < 0.005)
        v = a = 0; /* no "-0" */
    snprintf(digits, sizeof digits, "%.*f", decimals, a);
    size_t dot = strcspn(digits, "."), k = 0;
    if (v < 0 && k + 1 < n)
        out[k++] = '-';
    else if (sign && v > 0 && k + 1 < n)
        out[k++] = '+';
    for (size_t i = 0; digits[i] && k + 1 < n; i++) {
        if (i > 0 && i < dot && (dot - i) % 3 == 0 && k + 1 < n)
            out[k++] = ',';
        out[k++] = digits[i];
    }
    out[k] = '\0';
}
