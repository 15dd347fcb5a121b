/* The workload interface: every benchmarked operation is a table entry the
 * runner drives the same way (self-check, set up, run N times, tear down). */
#ifndef HARNESS_WORKLOAD_H
#define HARNESS_WORKLOAD_H

#include "../compat/libcrypto.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The API path a workload is driven through: a dimension of every result. */
typedef enum { API_LEGACY, API_EVP, API_FETCH, API_COUNT } api_path;
const char *api_name(api_path api);
bool api_parse(const char *name, api_path *out);

typedef struct workload {
    const char *name;       /* "sha256", "aes-128-gcm"; "rsa" is the family of rsa<bits> */
    bool takes_bits;        /* named "<name><bits>" (rsa2048) */
    bool sized;             /* iterates block sizes and reports B/s; else op/s */
    const char *const *ops; /* NULL-terminated: {"digest"}, {"sign", "verify"} */
    unsigned block_multiple; /* > 1: sizes must be a multiple of it (CBC without padding) */

    /* NULL when this release can run (workload, api), else why not, e.g.
     * "needs 1.0.1 or later" or "no low-level GCM API". */
    const char *(*unsupported)(const crypto_lib *lib, api_path api, int bits);

    /* Known-answer self-check through exactly this API path.  Returns false
     * with a one-line reason when the library computes a wrong answer or
     * fails. */
    bool (*self_check)(const crypto_lib *lib, api_path api, int bits, char *why, size_t n);

    /* Prepare one measurement point: keys, contexts, a `bytes`-long input
     * (ignored for op/s workloads), op = index into `ops`.  NULL + reason on
     * failure. */
    void *(*setup)(const crypto_lib *lib, api_path api, int bits, int op, size_t bytes,
                   char *why, size_t n);

    /* Perform `iterations` operations; false when the library reports an
     * error (the caller collects crypto_lib_last_error). */
    bool (*run)(void *state, uint64_t iterations);

    void (*teardown)(void *state);
} workload;

/* NULL-terminated registry, in the order results are reported. */
extern const workload *const workload_registry[];

/* A workload as named on the command line: "sha256", "rsa2048". */
typedef struct {
    const workload *w;
    int bits;
    char name[32];
} workload_spec;

bool workload_parse(const char *name, workload_spec *out);
/* The nearest valid workload name, for "did you mean" messages. */
const char *workload_suggest(const char *name);

#endif
