/* The providers a run asks for (--provider, --propquery): set up in each
 * library's child before any workload runs, so every fetch of every
 * workload, explicit or implicit, sees them. */
#ifndef HARNESS_PROVIDERS_H
#define HARNESS_PROVIDERS_H

#include "../compat/libcrypto.h"
#include "workload.h"

#include <stdbool.h>
#include <stddef.h>

enum { MAX_PROVIDERS = 8 };

typedef struct {
    const char *names[MAX_PROVIDERS]; /* as given, in order; `default` is loaded too */
    size_t count;
    const char *propquery; /* NULL: none */
} provider_setup;

/* Loads `default` and then each named provider, sets the default properties,
 * and lists what the library then has in `loaded` ("default:3.5.7
 * legacy:3.5.7"; "" before 3.0).  A library without providers (before 3.0,
 * a fork) has `default`, `legacy` and `base`'s algorithms built in: those
 * names are ignored with a line in `note`; any other name, and any
 * propquery, cannot be honoured there.  false + one-line reason in why: the
 * library must then measure nothing. */
bool providers_set_up(const crypto_lib *lib, const provider_setup *ps, char *loaded,
                      size_t loaded_size, char *note, size_t note_size, char *why, size_t n);

/* Whether a point that did not come out ok fails only for the run's
 * --propquery: the same checks pass with the default properties cleared
 * (they are set again before this returns).  false without a propquery. */
bool propquery_excludes(const crypto_lib *lib, const provider_setup *ps, const workload_spec *ws,
                        api_path api);

#endif
