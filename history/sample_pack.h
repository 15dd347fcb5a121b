/* A row's samples (sample_rates and sample_blocks) as one compact BLOB of
 * the history database (schema 2, docs/history.md "Packed samples"): about
 * 2 bytes a sample where the CSV's text takes 24.
 *
 * Rates are kept on a log scale in steps of 2^-20 of log2 (a relative
 * step of 6.6e-7), so a rate comes back within SAMPLE_PACK_REL_ERROR of
 * what was measured: far below any run's noise (0.1% at best).  Blocks,
 * whole numbers, come back exactly. */
#ifndef HISTORY_SAMPLE_PACK_H
#define HISTORY_SAMPLE_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    SAMPLE_PACK_VERSION = 1, /* the first byte of every blob */
    SAMPLE_PACK_SCALE_BITS = 20, /* a step of 2^-20 in log2 of a rate */
};
/* The largest relative error of a rate that comes back: half a step,
 * 2^(2^-21) - 1, rounded up. */
#define SAMPLE_PACK_REL_ERROR 3.31e-7

/* The blob of nrate rates (each finite and above 0, as the CSV reader
 * takes them) and nblock blocks, at most ROW_SAMPLES_MAX of each (what a
 * CSV row can hold: the decoder takes no more); *blob is malloc'ed.  false
 * (nothing allocated) when a rate or a count cannot be packed. */
bool sample_pack(const double *rate, size_t nrate, const uint32_t *block, size_t nblock, unsigned char **blob,
                 size_t *len);

/* The rates and blocks of a blob (both malloc'ed, NULL when none), or
 * false with a one-line reason: every byte is checked (the version, each
 * count against the bytes left and against ROW_SAMPLES_MAX, each code, the
 * padding, nothing after the end), so a crafted blob is refused, never
 * read past its end nor decoded into more samples than a row can have. */
bool sample_unpack(const unsigned char *blob, size_t len, double **rate, size_t *nrate, uint32_t **block,
                   size_t *nblock, char *why, size_t n);

#endif
