/* `osslbench regress`'s option table (options/regress_options.h). */
#include "regress_options.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool parse_number(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno != 0 || !isfinite(v))
        return false;
    if (*end == '%' && end[1] == '\0')
        end++;
    if (*end != '\0' || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool take_input(const option_spec *spec, void *dest, const char *typed,
                       const char *word, char *why, size_t n)
{
    (void)spec, (void)typed;
    regress_args *o = dest;
    if (o->ninputs == 2) {
        snprintf(why, n, "more than two inputs ('%s'); try --help", word);
        return false;
    }
    o->inputs[o->ninputs++] = word;
    return true;
}

static bool take_threshold(const option_spec *spec, void *dest, const char *typed,
                           const char *val, char *why, size_t n)
{
    (void)spec, (void)typed;
    double v;
    if (!parse_number(val, 0.0, 1000.0, &v)) {
        snprintf(why, n, "--threshold wants a percentage 0..1000, got '%s'", val);
        return false;
    }
    ((regress_args *)dest)->rule.threshold = v / 100.0;
    return true;
}

static bool take_alpha(const option_spec *spec, void *dest, const char *typed, const char *val,
                       char *why, size_t n)
{
    (void)spec, (void)typed;
    double v;
    if (!parse_number(val, 1e-9, 0.5, &v) || strchr(val, '%')) {
        snprintf(why, n, "--alpha wants a probability in (0, 0.5], got '%s'", val);
        return false;
    }
    ((regress_args *)dest)->rule.alpha = v;
    return true;
}

static bool take_format(const option_spec *spec, void *dest, const char *typed,
                        const char *val, char *why, size_t n)
{
    (void)spec, (void)typed;
    if (verdict_format_parse(val, &((regress_args *)dest)->format))
        return true;
    snprintf(why, n, "--format wants term, csv or md, got '%s'", val);
    return false;
}

/* One line per option, in --help's order. */
static const option_spec regress_specs[] = {
    OPTION_TEXT("--old-label", NULL, "L", regress_args, old_label,
                "rows of library L on the OLD side (needed if it holds several)"),
    OPTION_TEXT("--new-label", NULL, "L", regress_args, new_label, "same for NEW"),
    OPTION_VALUE("--threshold", NULL, "PCT", take_threshold,
                 "smallest change called a change, in percent (default 5)"),
    OPTION_VALUE("--alpha", NULL, "A", take_alpha,
                 "significance level of the t test (default 0.05); the ratio\n"
                 "CI is at level 1 - A"),
    OPTION_VALUE("--format", NULL, "F", take_format, "term (default), csv or md"),
    OPTION_FLAG("--quiet", "-q", regress_args, quiet, "no output, only the exit status"),
    OPTION_END,
};

const option_table regress_option_table = {
    .command = "regress",
    .specs = regress_specs,
    .synopsis =
        "usage: osslbench regress [options] OLD [NEW]\n"
        "\n"
        "Compares two result sets point by point (workload, API, op, bytes): the ratio\n"
        "NEW/OLD with its CI and a verdict slower/faster/same per point, slowest first.\n"
        "\n"
        "  OLD, NEW              a results CSV, '-' (stdin, one side only), or a results\n"
        "                        folder (its results.csv, else the only *.csv in it).  With\n"
        "                        one input, both --old-label and --new-label pick two\n"
        "                        libraries in it.\n",
    .epilogue =
        "\n"
        "A point is called slower/faster only when the change is larger than the threshold\n"
        "AND significant; otherwise it is \"same\".  Rows of this version (rate_stat vp90):\n"
        "the mean of the visits' log ratios with Student's t over batches of consecutive\n"
        "visits (paired in one run, Welch across runs: each run's drift in it), the ratio and CI\n"
        "`osslbench report` prints.  Rows without visits\n"
        "(files of older versions): the ratio of the rates, no interval, verdict n/a.\n"
        "Instruction counts (instr/op): the threshold alone.\n"
        "Exit status: 0 no regression, 1 at least one point slower (or failing only in\n"
        "NEW), 2 usage or input error (also: OLD and NEW share no point).\n",
    .positional = take_input,
    .missing_fmt = "%s needs a value",
    .unknown_fmt = "unknown option '%s'; %s",
    .hint = "try --help",
};

bool regress_option_value(const char *option, const char *value, char *why, size_t n)
{
    regress_args o;
    memset(&o, 0, sizeof o);
    return option_take_value(&regress_option_table, option, &o, value, why, n);
}

