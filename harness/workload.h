/* The workload interface: every benchmarked operation is a table line (a
 * `workload`) that the runner drives the same way: support check,
 * known-answer self-check, set-up, a timed loop, tear-down.  Everything
 * about a workload lives in its own file under harness/workloads/ and its
 * registry line; nothing else in the project names a workload. */
#ifndef HARNESS_WORKLOAD_H
#define HARNESS_WORKLOAD_H

#include "../compat/libcrypto.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The API path a workload is driven through (apis.def). */
typedef enum {
#define API(id, name, doc) id,
#include "apis.def"
#undef API
    API_COUNT
} api_path;
const char *api_name(api_path api);
const char *api_doc(api_path api);
bool api_parse(const char *name, api_path *out);

/* What a workload is, for grouping in reports (the CSV's `kind`). */
typedef enum {
    KIND_SYMMETRIC,
    KIND_PUBLIC_KEY,
    KIND_KEY_EXCHANGE,
    KIND_RANDOM,
    KIND_TLS,
    KIND_COUNT
} workload_kind;
const char *kind_name(workload_kind kind);

/* A timed loop: `iterations` operations on a prepared state; false when
 * the library reports an error.  Holds nothing but the calls. */
typedef bool (*workload_loop)(void *state, uint64_t iterations);

typedef struct workload workload;
typedef struct workload_spec workload_spec;

/* What a support or known-answer check found.  CHECK_UNAVAILABLE: the
 * library lacks the algorithm on this path (a build left it out; a fork
 * exports the API but has nothing behind it), so the path is `unsupported`
 * with the reason, not a failed check.  CHECK_FAIL is 0 so that a
 * helper's `false` stays a failure wherever it is returned as it is. */
typedef enum { CHECK_FAIL, CHECK_PASS, CHECK_UNAVAILABLE } check_result;

/* The types of a table line's callbacks (struct workload says what each
 * does), so a family declares its own in a line: `workload_check_fn
 * digest_self_check;`. */
typedef check_result workload_check_fn(const crypto_lib *lib, const workload_spec *ws, api_path api,
                               char *why, size_t n);
typedef void *workload_setup_fn(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                int op, size_t bytes, workload_loop *loop, char *why, size_t n);
typedef void workload_teardown_fn(void *state);

/* What one operation of a prepared state wrote (at most two pieces: an
 * AEAD's ciphertext and tag), after its loop ran once. */
typedef struct {
    const unsigned char *part[2];
    size_t len[2];
} workload_output;
typedef void workload_output_fn(const void *state, workload_output *out);

/* A workload as named on the command line: its table line and, for a
 * family (rsa<bits>), the parameter (2048); else the line's own param. */
struct workload_spec {
    const workload *w;
    int param;
    char name[32]; /* a by-name line: its prefix and the algorithm, "evp:sm4-cbc" */
};

struct workload {
    const char *name;        /* "sha256"; for a family the prefix: "rsa" names rsa<bits> */
    workload_kind kind;
    bool sized;              /* B/s over block sizes; else op/s per operation */
    const char *const *ops;  /* NULL-terminated: {"digest"}, {"sign", "verify"} */
    const char *doc;         /* what one operation is, in a line */
    int param;               /* a fixed line's parameter (key bits ...), 0 if none; a family
                              * without default members: the member `list --lib` checks */
    int param_min, param_max; /* a family: name<param> in this range; else 0 */
    const int *members;      /* a family: the params it lists (0-terminated) */
    const int *default_members; /* a family: the params a default run measures */
    bool in_default;         /* a fixed line: measured by a run without --workloads */
    /* A line whose name is a prefix followed by any algorithm name the
     * library has (`evp:` + NAME, as `openssl speed -evp NAME`): the name
     * tests and `list --lib` use ("sha3-512"); NULL for every other line. */
    const char *any_name_example;
    unsigned block_multiple; /* > 1: sizes must be a multiple of it (CBC without padding) */

    /* Per API path, the symbols.def functions it calls, space-separated:
     * a renamed one (RENAMED) or one with several SHAPEs by its one name,
     * "a|b" for two different calls the path makes one or the other of;
     * NULL when the workload has no such call shape.
     * "needs 3.0 or later" and the like are derived from these. */
    const char *needs[API_COUNT];

    /* The first release with the algorithm itself, when the functions do
     * not show it (X25519 arrived in 1.1.0 behind 1.0.0's EVP_PKEY_derive,
     * ML-KEM in 3.5 behind 3.0's EVP_PKEY_encapsulate); 0 if none.  The
     * support check names the latest release any requirement needs. */
    long since;

    /* The Configure option that builds the algorithm, when a build may
     * leave it out ("enable-md2", "enable-rc5": off by default;
     * "enable-mdc2", "enable-idea": Debian passes no-mdc2, no-idea); NULL
     * if none.  A function the release has but this build does not export
     * then reads "not built: enable-md2" (support.c). */
    const char *not_built;

    /* The chart and speed-table family (the CSV's `family`) of a line that
     * no family word of openssl speed lists (speed_names.def: "rsa",
     * "ecdh" ...), which always wins: "rsa" for RSA encryption, "signature"
     * for post-quantum signatures.  NULL: "kem" for a line with an
     * "encaps" operation, else its kind (workload_family). */
    const char *family;

    /* The operations whose own cost varies from one call to the next,
     * space-separated ("keygen" of RSA: a search for primes; "sign" of
     * ML-DSA: rejection sampling); NULL if none.  Their rate is the median
     * of the samples, not the upper end (stats/blocked.h). */
    const char *varying_ops;

    /* Optional: CHECK_UNAVAILABLE + reason when this library cannot run
     * the path although it exports the functions (an algorithm left out of
     * the build, a key size out of range); any result but CHECK_PASS makes
     * the path unsupported.  Called after `needs` is met. */
    workload_check_fn *available;

    /* Known-answer self-check through exactly this path's timed loop, with
     * a one-line reason unless CHECK_PASS: CHECK_FAIL on a wrong answer or
     * an error (kat_failed), CHECK_UNAVAILABLE when the library refuses to
     * make the algorithm's key or context at all (unsupported). */
    workload_check_fn *self_check;

    /* Optional: CHECK_UNAVAILABLE + reason when this library cannot run
     * one operation of a path it otherwise runs (LibreSSL resumes no TLS
     * 1.3 session); that operation's rows are unsupported. */
    check_result (*op_available)(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                 int op, char *why, size_t n);

    /* Prepare one measurement point (op = index into ops; bytes ignored
     * for op/s workloads) and choose its timed loop.  NULL + reason on
     * failure.  Called once per thread: states never share a context. */
    workload_setup_fn *setup;

    workload_teardown_fn *teardown;

    /* Optional, for a line whose output is a function of its fixed inputs
     * (digests, ciphers, MACs; never signatures, random bytes or keys): the
     * state's output after one operation.  The runner compares it across
     * the libraries of a run (harness/agreement.h). */
    workload_output_fn *output;

    const void *data;        /* the family's own description of this line */
};

/* NULL-terminated registry (registry.def), in the order results are reported. */
extern const workload *const workload_registry[];

bool workload_parse(const char *name, workload_spec *out);
/* The spec tests and `list --lib` use for a line: a fixed line itself, a
 * family's first default member (else its param), a by-name line its
 * example. */
void workload_example(const workload *w, workload_spec *out);
/* For a name that starts with a by-name line's prefix but does not parse
 * ("evp:", "evp:a;b"): the rule it breaks, in a line; else NULL. */
const char *workload_name_rule(const char *name);
/* The nearest valid workload name, for "did you mean" messages. */
const char *workload_suggest(const char *name);
/* The default set, in registry order; returns how many were written. */
size_t workload_defaults(workload_spec *out, size_t cap);
/* UNIT_BYTES or UNIT_OPS (csv/units.h) */
const char *workload_unit(const workload *w);

typedef enum { WL_SUPPORTED, WL_NO_SHAPE, WL_UNSUPPORTED } workload_support;
/* Can this library run (workload, api)?  WL_NO_SHAPE: the workload has no
 * such path at all (not measured); WL_UNSUPPORTED: this release or build
 * lacks it, with the reason ("needs 1.0.1 or later") in why. */
workload_support workload_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                char *why, size_t n);

/* Whether OpenSSL release `series` has the path's functions and algorithm
 * (symbols.def's ranges, `since`): no library needed. */
bool workload_in_release(const workload *w, api_path api, long series);

#endif
