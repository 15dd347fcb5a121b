/* When a point has been sampled enough: on what a reader of the results
 * reads -- each library's ratio to the baseline, with its interval (the
 * very one reports print: stats/blocked.h) -- not on each library's rate
 * alone; a point measured by one library only goes by its rate's interval. */
#include "point_state.h"

#include "../csv/units.h"
#include "../stats/blocked.h"
#include "../stats/summary.h"
#include "count_spread.h"
#include "timing.h"

#include <math.h>

/* The first measured library in the baseline order, or nlibs. */
static size_t base_of(const schedule *s, const point_state *pt, const size_t *baseline)
{
    for (size_t k = 0; k < s->nlibs; k++)
        if (pt->lib[baseline[k]].measured)
            return baseline[k];
    return s->nlibs;
}

static const uint32_t *blocks_of(const result_row *r)
{
    return r->nblock > 0 ? r->sample_blocks : NULL;
}

static rate_stat stat_of(const result_row *r)
{
    rate_stat s = RATE_MEDIAN;
    return rate_stat_parse(r->rate_stat, &s) ? s : RATE_MEDIAN;
}

/* The widest relative half-width of the point's intervals (INFINITY while
 * there is none yet). */
static double widest(const schedule *s, const point_state *pt, const size_t *baseline)
{
    size_t b = base_of(s, pt, baseline), others = 0;
    if (b == s->nlibs || pt->rounds < 2)
        return INFINITY;
    const result_row *base = &pt->lib[b].row;
    double w = 0.0;
    for (size_t i = 0; i < s->nlibs; i++) {
        const result_row *r = &pt->lib[i].row;
        if (i == b || !pt->lib[i].measured)
            continue;
        others++;
        blocked_interval iv;
        if (!blocked_ratio(base->sample_rates, r->sample_rates, pt->rounds, blocks_of(r),
                           r->nblock, stat_of(r), 0.05, &iv))
            return INFINITY;
        w = fmax(w, blocked_rel_halfwidth(&iv));
    }
    if (others == 0) {
        blocked_interval iv;
        if (!blocked_rate(base->sample_rates, pt->rounds, blocks_of(base), base->nblock,
                          stat_of(base), &iv))
            return INFINITY;
        w = blocked_rel_halfwidth(&iv);
    }
    return w;
}

uint64_t point_slowest_spent_ns(const schedule *s, const point_state *pt, bool *any)
{
    uint64_t slowest = 0;
    bool measured = false;
    for (size_t i = 0; i < s->nlibs; i++)
        if (pt->lib[i].measured) {
            measured = true;
            slowest = pt->lib[i].spent_ns > slowest ? pt->lib[i].spent_ns : slowest;
        }
    if (any != NULL)
        *any = measured;
    return slowest;
}

void point_judge(const schedule *s, point_state *pt, const size_t *baseline)
{
    const sampling_rule *r = &s->plan->sampling;
    pt->width = widest(s, pt, baseline);
    bool any;
    uint64_t slowest = point_slowest_spent_ns(s, pt, &any);
    pt->finished = true;
    if (!any)
        pt->why = END_FAILED;
    else if (pt->rounds >= r->max_samples)
        pt->why = END_SAMPLES;
    else if (pt->blocks >= r->min_blocks && pt->rounds >= r->min_samples &&
             pt->width <= r->precision && point_spanned(s, pt, clock_ns()))
        pt->why = END_PRECISION;
    /* A slow point (rsa15360 sign: a second each) spends time_s before
     * min_samples: it stops at MEDIAN_CI_MIN_SAMPLES, the fewest that give
     * a 95% interval of the median, rather than at min_samples. */
    else if ((double)slowest >= r->time_s * 1e9 && pt->rounds >= MEDIAN_CI_MIN_SAMPLES)
        pt->why = END_TIME;
    else
        pt->finished = false;
}

void point_finalize_row(result_row *r)
{
    if (r->status != ST_OK || r->nsample == 0) {
        if (r->status == ST_OK) { /* prepared, never sampled (an interrupted run) */
            r->status = ST_ERROR;
            snprintf(r->note, sizeof r->note, "no sample was taken");
        }
        return;
    }
    blocked_interval iv;
    r->samples = (uint32_t)r->nsample;
    if (blocked_rate(r->sample_rates, r->nsample, blocks_of(r), r->nblock, stat_of(r), &iv)) {
        r->rate = iv.estimate;
        r->ci_low = iv.low;
        r->ci_high = iv.high;
    } else {
        /* No interval applies (a count, or a single sample): the range,
         * which count_spread refines for counts. */
        r->rate = r->ci_low = r->ci_high = rate_estimate(r->sample_rates, r->nsample, stat_of(r));
    }
    if (unit_is_count(r->unit))
        count_spread(r);
}
