#include "verdict.h"

#include "../stats/blocked.h"

#include <math.h>
#include <stdio.h>

static const char *const verdict_names[V_COUNT] = {
    "slower", "faster", "same", "failed", "n/a", "only-old", "only-new",
};

const char *verdict_name(verdict_kind v)
{
    return v < V_COUNT ? verdict_names[v] : "?";
}

bool verdict_is_regression(verdict_kind v)
{
    /* A point that NEW can no longer measure is as much a regression for a
     * CI job as a slowdown: it must not pass silently. */
    return v == V_SLOWER || v == V_FAILED;
}

static void set_note(verdict_result *out, const char *what, const verdict_side *s)
{
    snprintf(out->note, sizeof out->note, "%s %s%s%s", what, row_status_name(s->status),
             s->note && *s->note ? ": " : "", s->note ? s->note : "");
}

/* Comparability first: a verdict on speed needs a rate on both sides. */
static bool comparable(const verdict_side *o, const verdict_side *n, verdict_result *out)
{
    if (!o->present || !n->present) {
        out->verdict = o->present ? V_ONLY_OLD : V_ONLY_NEW;
        return false;
    }
    if (o->status != ST_OK) {
        out->verdict = V_NOT_COMPARABLE;
        set_note(out, "old", o);
        return false;
    }
    if (n->status != ST_OK) {
        /* Unsupported in NEW is a removed API path, reported, not a failure. */
        out->verdict = row_status_is_failure(n->status) ? V_FAILED : V_NOT_COMPARABLE;
        set_note(out, "new", n);
        return false;
    }
    if (!(o->rate > 0.0) || !(n->rate > 0.0)) {
        out->verdict = V_NOT_COMPARABLE;
        snprintf(out->note, sizeof out->note, "zero rate");
        return false;
    }
    return true;
}

/* Both conditions: a change larger than the threshold, and significant. */
static void classify(verdict_result *out, const verdict_rule *rule)
{
    if (out->significant && out->ratio < 1.0 - rule->threshold)
        out->verdict = V_SLOWER;
    else if (out->significant && out->ratio > 1.0 + rule->threshold)
        out->verdict = V_FASTER;
    else
        out->verdict = V_SAME;
}

void verdict_decide(const verdict_side *o, const verdict_side *n, const verdict_rule *rule,
                    bool paired, verdict_result *out)
{
    *out = (verdict_result){.ratio = NAN, .ratio_low = NAN, .ratio_high = NAN, .p_value = NAN};
    if (!comparable(o, n, out))
        return;
    blocked_interval iv;
    bool visits = o->stat >= 0 && o->stat == n->stat;
    if (visits)
        visits = paired ? blocked_ratio(o->samples, n->samples, o->nsample, o->blocks, o->nblock,
                                        (rate_stat)o->stat, rule->alpha, &iv)
                        : blocked_ratio_apart(o->samples, o->nsample, o->blocks, o->nblock,
                                              n->samples, n->nsample, n->blocks, n->nblock,
                                              (rate_stat)o->stat, rule->alpha, &iv);
    if (!visits) {
        /* No interval, so no claim either way (docs/method.md). */
        out->method = CI_NO_CI;
        out->ratio = n->rate / o->rate;
        out->verdict = V_NOT_COMPARABLE;
        snprintf(out->note, sizeof out->note,
                 "no interval: a side has no visits (an older file) or one sample");
        return;
    }
    out->method = paired ? CI_PAIRED : CI_WELCH;
    out->ratio = iv.estimate;
    out->ratio_low = iv.low;
    out->ratio_high = iv.high;
    out->p_value = iv.p_value;
    out->significant = iv.p_value < rule->alpha;
    classify(out, rule);
}

void verdict_decide_counts(const verdict_side *o, const verdict_side *n, const verdict_rule *rule,
                           verdict_result *out)
{
    *out = (verdict_result){.ratio = NAN, .ratio_low = NAN, .ratio_high = NAN, .p_value = NAN};
    if (!comparable(o, n, out))
        return;
    out->method = CI_EXACT_COUNT;
    out->ratio = o->rate / n->rate;
    out->ratio_low = n->ci_high > 0.0 ? o->ci_low / n->ci_high : NAN;
    out->ratio_high = n->ci_low > 0.0 ? o->ci_high / n->ci_low : INFINITY;
    out->significant = true;
    snprintf(out->note, sizeof out->note, "exact counts: threshold alone");
    classify(out, rule);
}

double verdict_change_size(const verdict_result *v)
{
    if (v->verdict == V_FAILED)
        return INFINITY;
    return isfinite(v->ratio) && v->ratio > 0 ? fabs(log(v->ratio)) : 0;
}
