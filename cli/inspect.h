/* Looking at libraries without measuring them (list, info). */
#ifndef CLI_INSPECT_H
#define CLI_INSPECT_H

#include "../compat/libcrypto.h"
#include "../options/option_table.h"

#include <stdio.h>

/* Writes what a command shows of one loaded library to `out`.  It runs in
 * the library's child: it may hang or crash with the library. */
typedef void (*inspect_fn)(const crypto_lib *lib, bool verbose, FILE *out);

/* The options both commands take: --lib PATH (one or more), -v, --timeout S;
 * each command's table (its synopsis, these specs) is beside it. */
extern const option_spec inspect_specs[];

/* Parses argv by t, loads each library in a child of its own and prints
 * what fn writes of it.  Returns the exit status (2 on bad usage, 1 when a
 * library could not be loaded or read, or stdout could not be written). */
int inspect(int argc, char **argv, inspect_fn fn, const option_table *t);

/* A write to stdout failed with `err`: the error the listing reports (the
 * first one; stdio's later flush reports none). */
void inspect_write_failed(int err);

/* Flushes and closes stdout: a write error is one line on stderr and at
 * least exit 1.  Returns the exit status. */
int inspect_output_done(const char *cmd, int rc);

#endif
