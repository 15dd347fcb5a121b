/* Agreement across libraries: for a workload whose output is a function of
 * its fixed inputs (it has an `output` callback: digests, ciphers, MACs),
 * every library of a run must give the same output for the same point.
 * Each child fingerprints one operation of the point before it is timed
 * (the inputs, keys and IVs are the same patterns everywhere); the
 * scheduler compares the fingerprints across the libraries and marks the
 * one that differs from the majority `kat_failed`.  This is how a workload
 * with no compiled-in vector (evp:NAME) is checked at all, and it catches a
 * wrong answer a vector does not reach (another block size). */
#ifndef HARNESS_AGREEMENT_H
#define HARNESS_AGREEMENT_H

#include "workload.h"

/* The output's first 8 bytes, '-', an FNV-1a hash of all of it (hex). */
enum { FINGERPRINT_SIZE = 34 };

void agreement_fingerprint(const workload_output *o, char fp[FINGERPRINT_SIZE]);

/* The fingerprint of one operation of the point, from a fresh setup; ""
 * when the workload declares no output or the operation cannot be made
 * (the point's own setup then says why). */
void agreement_point_fingerprint(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                 int op, size_t bytes, char fp[FINGERPRINT_SIZE]);

/* Whether library i of n is out of agreement on a point: fps[k] is library
 * k's fingerprint ("" or NULL: none, which takes no part), labels[k] its
 * label.  True with the note ("gave X; the other 2 libraries gave Y") when
 * it differs from a strict majority, or when there is no majority and it
 * differs from another (then every such library is marked, none guessed
 * right).  One library, or all agreeing: false. */
bool agreement_odd_one(const char *const *fps, const char *const *labels, size_t n, size_t i,
                       char *note, size_t nn);

#endif
