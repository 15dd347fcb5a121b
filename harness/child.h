/* The measuring side of the process model: one forked child per library. */
#ifndef HARNESS_CHILD_H
#define HARNESS_CHILD_H

#include "../compat/libcrypto.h"
#include "providers.h"

/* What a child does with its library once the hello is sent: serve the
 * requests read from in_fd, answer on out_fd, return at EOF. */
typedef void (*child_serve_fn)(const crypto_lib *lib, int in_fd, int out_fd);

/* Loads `path` and the providers of `setup` (NULL: none asked), answers the
 * hello (a reply describing the library, or load_failed), then serves
 * requests with `serve` (NULL: measuring points) until EOF.  Never returns. */
_Noreturn void child_main(const char *path, int in_fd, int out_fd, int cpu, child_serve_fn serve,
                          const provider_setup *setup);

#endif
