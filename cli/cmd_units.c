/* `osslbench units rate RATE [UNIT]` and `osslbench units prefix RATE`: the
 * human form of a rate and its decimal prefix, as csv/units.c writes them
 * for the reports, one line on stdout.  bisect/ asks it for its progress
 * lines and chart axis, so that a figure reads the same everywhere. */
#include "commands.h"

#include "../csv/csv_fields.h"
#include "../csv/units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int usage(FILE *f)
{
    fputs("usage: osslbench units rate RATE [UNIT]\n"
          "       osslbench units prefix RATE\n\n"
          "rate: RATE (a number; '' or '-': none) in its human form, as progress lines\n"
          "show it: \"170.1 MB/s\", \"12.3 kop/s\", \"1500 instr/op\", \"-\".  UNIT is B/s\n"
          "(default), op/s or instr/op, as the results CSV's unit column.\n"
          "prefix: the scale and the decimal prefix that bring RATE under 1000,\n"
          "\"1000000 M\" (\"1 \": none).\n",
          f);
    return f == stdout ? 0 : 2;
}

/* A rate as the results CSV holds one (csv_parse_rate: "" is none), or
 * "-", which the reports print for none. */
static bool parse_rate(const char *s, double *out)
{
    if (strcmp(s, "-") == 0) {
        *out = NAN;
        return true;
    }
    if (csv_parse_rate(s, out))
        return true;
    fprintf(stderr, "osslbench units: rate '%.40s' is not a rate (a decimal number from 0 to 1e18)\n", s);
    return false;
}

int cmd_units(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return usage(stdout);
    bool rate = argc >= 3 && argc <= 4 && strcmp(argv[1], "rate") == 0;
    if (!rate && !(argc == 3 && strcmp(argv[1], "prefix") == 0))
        return usage(stderr);
    const char *unit = argc == 4 ? argv[3] : UNIT_BYTES;
    if (!unit_known(unit)) {
        fprintf(stderr, "osslbench units: unit '%.40s' is none of %s, %s, %s\n", unit, UNIT_BYTES,
                UNIT_OPS, UNIT_INSTRUCTIONS);
        return 2;
    }
    double value, scale;
    if (!parse_rate(argv[2], &value))
        return 2;
    char buf[64];
    if (rate) {
        unit_human(buf, sizeof buf, value, unit, UNIT_FORM_LINE);
        puts(buf);
    } else {
        const char *prefix = unit_prefix(isnan(value) ? 0 : value, &scale);
        printf("%.0f %s\n", scale, prefix);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
