/* run's --provider and --propquery: the takes of their option-table lines
 * (options/run_options.c), into the plan's provider_setup. */
#ifndef OPTIONS_RUN_PROVIDERS_H
#define OPTIONS_RUN_PROVIDERS_H

#include "option_table.h"

bool take_provider(const option_spec *o, void *dest, const char *typed, const char *v,
                   char *why, size_t n);
bool take_propquery(const option_spec *o, void *dest, const char *typed, const char *v,
                    char *why, size_t n);

#endif
