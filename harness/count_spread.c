#include "count_spread.h"

#include <stdio.h>

/* Counts repeat: their interval is the range of the samples (one sample:
 * the count itself), and samples that differ say so in the note. */
void count_spread(result_row *r)
{
    double lo = r->rate, hi = r->rate;
    for (size_t k = 0; k < r->nsample; k++) {
        lo = r->sample_rates[k] < lo ? r->sample_rates[k] : lo;
        hi = r->sample_rates[k] > hi ? r->sample_rates[k] : hi;
    }
    r->ci_low = lo;
    r->ci_high = hi;
    if (hi > lo && r->note[0] == '\0')
        snprintf(r->note, sizeof r->note,
                 "instruction counts differ between samples: %.6g to %.6g per operation", lo, hi);
}
