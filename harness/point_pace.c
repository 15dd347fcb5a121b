/* A point's visits spread over the run (sampling.span_s, docs/method.md):
 * the host drifts over minutes, and a point whose visits all fall within
 * one minute carries that minute's state in its ratio, which no interval
 * built from those visits can see (issue 54: another run's ratio landed in
 * a short run's 95% interval 72-80% of the time on a two-library plan, in
 * runs of two such minutes joined 93-95%).  So what a point may spend, its
 * sample time (time_s) and its rounds (max_samples), is let out in step
 * with the clock, and the precision does not stop it before the span. */
#include "point_state.h"

#include <math.h>

/* The larger of its shares of what it may spend, 0 to 1. */
static double spent_share(const schedule *s, const point_state *pt)
{
    const sampling_rule *r = &s->plan->sampling;
    uint64_t slowest = point_slowest_spent_ns(s, pt, NULL);
    double by_time = r->time_s > 0 ? (double)slowest / (r->time_s * 1e9) : 0.0;
    double by_rounds = r->max_samples > 0 ? (double)pt->rounds / r->max_samples : 0.0;
    return fmin(1.0, fmax(by_time, by_rounds));
}

uint64_t point_due_ns(const schedule *s, const point_state *pt)
{
    double span = s->plan->sampling.span_s;
    if (span <= 0 || pt->visits == 0)
        return 0;
    return pt->first_ns + (uint64_t)(spent_share(s, pt) * span * 1e9);
}

bool point_spanned(const schedule *s, const point_state *pt, uint64_t now_ns)
{
    double span = s->plan->sampling.span_s;
    return span <= 0 || (pt->visits > 0 && (double)(now_ns - pt->first_ns) >= span * 1e9);
}
