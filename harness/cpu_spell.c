#include "cpu_spell.h"

#include "timing.h"

#include <math.h>
#include <stddef.h>

/* Each step stores then loads one counter: the chain of store-to-load
 * forwarding that the spells slow down (a multiply chain does not show
 * them).  8000 steps: about 2.5 µs fast, 5 µs in a spell. */
enum { SPELL_PROBE_STEPS = 8000 };

uint64_t spell_probe_ns(void)
{
    volatile uint32_t counter = 0;
    uint64_t t0 = clock_ns();
    for (uint32_t i = 0; i < SPELL_PROBE_STEPS; i++)
        counter = counter + 1;
    return clock_ns() - t0;
}

#define BIN_FLOOR_NS 100.0
#define BIN_STEP 1.02

static size_t bin_of(uint64_t ns)
{
    if ((double)ns <= BIN_FLOOR_NS)
        return 0;
    double b = floor(log((double)ns / BIN_FLOOR_NS) / log(BIN_STEP));
    return b >= SPELL_BINS - 1 ? SPELL_BINS - 1 : (size_t)b;
}

void spell_gauge_add(spell_gauge *g, uint64_t probe_ns)
{
    g->bins[bin_of(probe_ns)]++;
    g->probes++;
}

uint64_t spell_fast_ns(const spell_gauge *g)
{
    if (g->probes < SPELL_MIN_PROBES)
        return 0;
    uint64_t want = (uint64_t)ceil(SPELL_FAST_QUANTILE * (double)g->probes), seen = 0;
    size_t b = 0;
    while (b < SPELL_BINS - 1 && (seen += g->bins[b]) < want)
        b++;
    /* The bin's upper edge: never under the probes it holds. */
    return (uint64_t)ceil(BIN_FLOOR_NS * pow(BIN_STEP, (double)(b + 1)));
}

uint64_t spell_slow_ns(const spell_gauge *g)
{
    uint64_t fast = spell_fast_ns(g);
    return fast == 0 ? UINT64_MAX : (uint64_t)(SPELL_SLOW_FACTOR * (double)fast);
}
