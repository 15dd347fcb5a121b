/* The machine's noise, measured up front on the benchmark CPU (as pyperf's
 * `system show` checks a machine before it measures): a fixed loop timed
 * NOISE_PROBES times for about one sample's length each, watched like a
 * sample.  The spread of the undisturbed probes is how much two identical
 * samples differ here when nothing takes the CPU away; the disturbed share
 * is how often something did. */
#ifndef HARNESS_NOISE_PROBE_H
#define HARNESS_NOISE_PROBE_H

#include <stddef.h>
#include <stdint.h>

enum { NOISE_PROBES = 200 };

typedef struct {
    size_t probes, disturbed;
    double spread;    /* (p75 - p25) / median of the undisturbed probes' times */
    double probe_ms;  /* the length of one probe */
} noise_figure;

/* On the calling thread (pin it first): about NOISE_PROBES x target_ns. */
void noise_probe(uint64_t target_ns, noise_figure *out);

#endif
