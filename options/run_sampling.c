#include "run_sampling.h"

#include "option_values.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool take_time(const option_spec *o, void *dest, const char *typed, const char *v,
                      char *why, size_t n)
{
    (void)o, (void)typed;
    run_args *a = dest;
    a->time_set = true;
    return parse_seconds(v, 0.001, 3600, &a->plan.sampling.time_s, why, n);
}

bool take_budget(const option_spec *o, void *dest, const char *typed, const char *v,
                        char *why, size_t n)
{
    (void)o, (void)typed;
    return parse_duration(v, 1, 7 * 86400, &((run_args *)dest)->plan.sampling.budget_s, why, n);
}

bool take_span(const option_spec *o, void *dest, const char *typed, const char *v,
                      char *why, size_t n)
{
    (void)o, (void)typed;
    run_args *a = dest;
    a->span_set = true;
    if (strcmp(v, "0") == 0) {
        a->plan.sampling.span_s = 0.0;
        return true;
    }
    return parse_duration(v, 1, 86400, &a->plan.sampling.span_s, why, n);
}

bool take_baseline(const option_spec *o, void *dest, const char *typed, const char *v,
                          char *why, size_t n)
{
    (void)o, (void)typed;
    if (!row_label_valid(v)) {
        snprintf(why, n, "--baseline '%.80s' is not a label (" ROW_LABEL_RULE ")", v);
        return false;
    }
    ((run_args *)dest)->plan.sampling.baseline = v;
    return true;
}

/* "0.01" or "1%": the half-width each interval of a point must reach. */
bool take_precision(const option_spec *o, void *dest, const char *typed, const char *v,
                           char *why, size_t n)
{
    (void)o, (void)typed;
    char *end;
    errno = 0;
    double p = strtod(v, &end);
    bool percent = *end == '%';
    if (end == v || errno != 0 || !isfinite(p) || (percent ? end[1] != '\0' : *end != '\0')) {
        snprintf(why, n, "precision '%s' is not a number (e.g. 0.01 or 1%%)", v);
        return false;
    }
    if (percent)
        p /= 100.0;
    if (p < 0.0005 || p > 0.5) {
        snprintf(why, n, "precision '%s' is out of range (0.05%% to 50%%)", v);
        return false;
    }
    ((run_args *)dest)->plan.sampling.precision = p;
    return true;
}
