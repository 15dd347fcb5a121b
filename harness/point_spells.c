/* A point's rounds and the benchmark CPU's slow spells (cpu_spell.h): a
 * round taken in a spell is dropped as soon as the run knows its fast
 * time, and the rounds it kept before then (or while that time was still
 * settling) are judged again after every visit, so that every round a row
 * keeps was fast by the run's slow line as it stands. */
#include "point_state.h"

#include <inttypes.h>
#include <stdlib.h>

bool point_round_slow(visit_ctx *v, const point_state *pt)
{
    uint64_t slow_ns = spell_slow_ns(&v->spells);
    v->rounds_taken++;
    if (!v->s->plan->sampling.drop_slow || v->round_probe <= slow_ns)
        return false;
    v->rounds_slow++;
    if (v->s->trace != NULL)
        fprintf(v->s->trace, "slow round of %s %s %s %" PRIu64 ": probe %" PRIu64
                " ns over %" PRIu64 ", dropped\n", pt->def.ws->name, api_name(pt->def.api),
                pt->def.ws->w->ops[pt->def.op], pt->def.bytes, v->round_probe, slow_ns);
    return true;
}

void point_keep_round_probe(point_state *pt, size_t k, uint64_t probe_ns)
{
    if (k >= pt->round_probe_cap) {
        pt->round_probe_cap = pt->round_probe_cap ? 2 * pt->round_probe_cap : 64;
        pt->round_probe = realloc(pt->round_probe, pt->round_probe_cap * sizeof *pt->round_probe);
        if (pt->round_probe == NULL)
            abort();
    }
    pt->round_probe[k] = probe_ns;
}

/* Keeps the samples of r whose round is not slow[], and their blocks' new
 * lengths (a block left empty goes).  Returns the blocks kept. */
static size_t drop_rounds(result_row *r, const bool *slow)
{
    size_t at = 0, kept = 0, blocks = 0;
    for (size_t b = 0; b < r->nblock; b++) {
        uint32_t len = 0;
        for (uint32_t k = 0; k < r->sample_blocks[b]; k++, at++)
            if (!slow[at]) {
                r->sample_rates[kept++] = r->sample_rates[at];
                len++;
            }
        if (len > 0)
            r->sample_blocks[blocks++] = len;
    }
    r->nsample = kept;
    r->nblock = blocks;
    return blocks;
}

size_t point_drop_slow_rounds(visit_ctx *v, point_state *pt)
{
    uint64_t slow_ns = spell_slow_ns(&v->spells);
    size_t dropped = 0;
    for (size_t k = 0; k < pt->rounds && v->s->plan->sampling.drop_slow; k++)
        dropped += pt->round_probe[k] > slow_ns;
    /* Slow rounds are better than none: a point keeps them until it has a
     * fast one (a spell ends within seconds). */
    if (dropped == 0 || dropped == pt->rounds)
        return 0;
    bool *slow = malloc(pt->rounds * sizeof *slow);
    if (slow == NULL)
        abort();
    for (size_t k = 0; k < pt->rounds; k++)
        slow[k] = pt->round_probe[k] > slow_ns;
    for (size_t i = 0; i < v->s->nlibs; i++) {
        result_row *r = &pt->lib[i].row;
        if (pt->lib[i].measured && r->nsample == pt->rounds)
            pt->blocks = (unsigned)drop_rounds(r, slow);
    }
    size_t kept = 0;
    for (size_t k = 0; k < pt->rounds; k++)
        if (!slow[k])
            pt->round_probe[kept++] = pt->round_probe[k];
    free(slow);
    pt->rounds = kept;
    if (v->s->trace != NULL)
        fprintf(v->s->trace, "slow rounds of %s %s %s %" PRIu64 ": %zu kept earlier are over "
                "%" PRIu64 " ns now, dropped\n", pt->def.ws->name, api_name(pt->def.api),
                pt->def.ws->w->ops[pt->def.op], pt->def.bytes, dropped, slow_ns);
    return dropped;
}
