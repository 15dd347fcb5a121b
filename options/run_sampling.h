/* run's sampling options: --time, --budget, --span, --baseline and
 * --precision, the takes of their option-table lines (options/run_options.c):
 * how long a point is sampled, over what span of the run, and when it is
 * precise enough. */
#ifndef OPTIONS_RUN_SAMPLING_H
#define OPTIONS_RUN_SAMPLING_H

#include "option_table.h"
#include "run_options.h"

bool take_time(const option_spec *o, void *dest, const char *typed, const char *v, char *why,
               size_t n);
bool take_budget(const option_spec *o, void *dest, const char *typed, const char *v, char *why,
                 size_t n);
bool take_span(const option_spec *o, void *dest, const char *typed, const char *v, char *why,
               size_t n);
bool take_baseline(const option_spec *o, void *dest, const char *typed, const char *v,
                   char *why, size_t n);
bool take_precision(const option_spec *o, void *dest, const char *typed, const char *v,
                    char *why, size_t n);

#endif
