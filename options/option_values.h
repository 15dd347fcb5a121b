/* The value parsers of the commands' options (block sizes, seconds, durations,
 * [LABEL=]PATH), exposed for the unit tests and fuzzers; each
 * returns false with a one-line reason. */
#ifndef OPTIONS_OPTION_VALUES_H
#define OPTIONS_OPTION_VALUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool parse_size(const char *s, uint64_t *out, char *why, size_t n);
bool parse_seconds(const char *s, double lo, double hi, double *out, char *why, size_t n);
/* A duration: seconds, or a number with s, m or h ("90", "6m", "1.5h"). */
bool parse_duration(const char *s, double lo, double hi, double *out, char *why, size_t n);
bool parse_lib_arg(const char *arg, const char **path, char *label, size_t label_len,
                   char *why, size_t n);

#endif
