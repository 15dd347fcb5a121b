#ifndef HARNESS_SUGGEST_H
#define HARNESS_SUGGEST_H

#include <stddef.h>

/* The candidate closest to `input` by edit distance, or NULL when none is
 * close enough to be a plausible typo. */
const char *suggest_nearest(const char *input, const char *const *names, size_t count);

#endif
