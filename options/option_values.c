/* The value parsers of `osslbench run`'s options: block sizes, seconds,
 * durations, [LABEL=]PATH; each refuses with a one-line reason. */
#include "option_values.h"

#include "../record/row.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool parse_size(const char *s, uint64_t *out, char *why, size_t n)
{
    const char *p = s;
    if (!isdigit((unsigned char)*p)) {
        snprintf(why, n, "block size '%s' is not a positive whole number", s);
        return false;
    }
    errno = 0;
    char *end;
    unsigned long long v = strtoull(p, &end, 10);
    uint64_t mult = 1;
    if (*end == 'k' || *end == 'K')
        mult = 1024, end++;
    else if (*end == 'm' || *end == 'M')
        mult = 1024 * 1024, end++;
    if (errno != 0 || *end != '\0') {
        snprintf(why, n, "block size '%s' is not a positive whole number", s);
        return false;
    }
    if (v == 0) {
        snprintf(why, n, "block size must be at least 1 byte");
        return false;
    }
    if (v > ROW_BYTES_MAX / mult) {
        snprintf(why, n, "block size '%s' is larger than the %u MiB maximum", s,
                 ROW_BYTES_MAX >> 20);
        return false;
    }
    *out = v * mult;
    return true;
}

bool parse_duration(const char *s, double lo, double hi, double *out, char *why, size_t n)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    double unit = *end == 's' ? 1 : *end == 'm' ? 60 : *end == 'h' ? 3600 : *end == '\0' ? 1 : 0;
    if (end == s || !isdigit((unsigned char)*s) || errno != 0 || !isfinite(v) || unit == 0 ||
        (*end != '\0' && end[1] != '\0')) {
        snprintf(why, n, "'%s' is not a duration (seconds, or a number with s, m or h: 90, 6m, 1.5h)",
                 s);
        return false;
    }
    v *= unit;
    if (v < lo || v > hi) {
        snprintf(why, n, "%s is out of range (%g to %g s)", s, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

bool parse_seconds(const char *s, double lo, double hi, double *out, char *why, size_t n)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno != 0 || !isfinite(v)) {
        snprintf(why, n, "'%s' is not a number of seconds", s);
        return false;
    }
    if (v < lo || v > hi) {
        snprintf(why, n, "%s s is out of range (%g to %g s)", s, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

/* "[LABEL=]PATH": a '=' counts as the label separator only when no '/'
 * comes before it, so paths containing '=' still work. */
bool parse_lib_arg(const char *arg, const char **path, char *label, size_t label_len,
                   char *why, size_t n)
{
    const char *eq = strchr(arg, '=');
    const char *slash = strchr(arg, '/');
    label[0] = '\0';
    *path = arg;
    if (eq != NULL && (slash == NULL || eq < slash)) {
        size_t len = (size_t)(eq - arg);
        if (len >= label_len) {
            snprintf(why, n, "label in '%s' is longer than %zu characters", arg, label_len - 1);
            return false;
        }
        memcpy(label, arg, len);
        label[len] = '\0';
        if (!row_label_valid(label)) {
            snprintf(why, n, "label '%s' may use only letters, digits and . _ + -", label);
            return false;
        }
        *path = eq + 1;
    }
    if (**path == '\0') {
        snprintf(why, n, "empty library path");
        return false;
    }
    return true;
}
