#include "verdict.h"

#include "../stats/ranktest.h"
#include "../stats/blocked.h"
#include "../stats/signedrank.h"

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

const char *verdict_method_name(verdict_method m)
{
    switch (m) {
    case M_RANK_EXACT: return "mann-whitney exact";
    case M_RANK_NORMAL: return "mann-whitney normal";
    case M_CI_OVERLAP: return "ci-overlap";
    case M_SIGNED_RANK_EXACT: return "signed-rank exact";
    case M_SIGNED_RANK_NORMAL: return "signed-rank normal";
    case M_EXACT_COUNT: return "exact count";
    case M_BLOCKS: return "visit-bootstrap paired";
    case M_BLOCKS_APART: return "visit-bootstrap";
    case M_VISITS: return "visit-t paired";
    case M_VISITS_APART: return "visit-t welch";
    default: return "-";
    }
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

/* A rank test's answer (unpaired or paired): the ratio with its interval,
 * the p-value, significant below alpha. */
static void take_rank_test(verdict_result *out, verdict_method method, double ratio, double low,
                           double high, double p_value, const verdict_rule *rule)
{
    out->method = method;
    out->ratio = ratio;
    out->ratio_low = low;
    out->ratio_high = high;
    out->p_value = p_value;
    out->significant = p_value < rule->alpha;
}

void verdict_decide(const verdict_side *o, const verdict_side *n, const verdict_rule *rule,
                    verdict_result *out)
{
    *out = (verdict_result){.ratio = NAN, .ratio_low = NAN, .ratio_high = NAN, .p_value = NAN};
    if (!comparable(o, n, out))
        return;

    rank_test rt;
    ratio_estimate re;
    /* Two raw samples per side is the least a rank test can use (it may still
     * be unable to reach alpha: then it says so, and the verdict is "same"). */
    if (o->nsample >= 2 && n->nsample >= 2 &&
        mann_whitney(o->samples, o->nsample, n->samples, n->nsample, &rt) &&
        hodges_lehmann_ratio(o->samples, o->nsample, n->samples, n->nsample, rule->alpha, &re)) {
        take_rank_test(out, rt.exact ? M_RANK_EXACT : M_RANK_NORMAL, re.ratio, re.low, re.high,
                       rt.p_value, rule);
        if (!re.ci_reaches_level)
            snprintf(out->note, sizeof out->note,
                     "too few samples (%zu vs %zu) to ever reach significance", o->nsample,
                     n->nsample);
    } else {
        /* Summaries only: the ratio of medians, a conservative ratio interval
         * from the two CIs, and "significant" when the CIs do not overlap. */
        out->method = M_CI_OVERLAP;
        out->ratio = n->rate / o->rate;
        out->ratio_low = o->ci_high > 0.0 ? n->ci_low / o->ci_high : NAN;
        out->ratio_high = o->ci_low > 0.0 ? n->ci_high / o->ci_low : INFINITY;
        out->significant = n->ci_high < o->ci_low || n->ci_low > o->ci_high;
        snprintf(out->note, sizeof out->note, "no raw samples: CI overlap test");
    }
    classify(out, rule);
}

void verdict_decide_paired(const verdict_side *o, const verdict_side *n, const verdict_rule *rule,
                           verdict_result *out)
{
    *out = (verdict_result){.ratio = NAN, .ratio_low = NAN, .ratio_high = NAN, .p_value = NAN};
    if (!comparable(o, n, out))
        return;
    size_t rounds = o->nsample < n->nsample ? o->nsample : n->nsample;
    paired_ratio pr;
    if (rounds < 2 || !signed_rank_ratio(o->samples, n->samples, rounds, rule->alpha, &pr)) {
        verdict_decide(o, n, rule, out);
        return;
    }
    take_rank_test(out, pr.exact ? M_SIGNED_RANK_EXACT : M_SIGNED_RANK_NORMAL, pr.ratio, pr.low,
                   pr.high, pr.p_value, rule);
    if (!pr.ci_reaches_level)
        snprintf(out->note, sizeof out->note,
                 "too few rounds (%zu) to ever reach significance", rounds);
    classify(out, rule);
}

void verdict_decide_blocked(const verdict_side *o, const verdict_side *n, const verdict_rule *rule,
                            bool paired, verdict_result *out)
{
    *out = (verdict_result){.ratio = NAN, .ratio_low = NAN, .ratio_high = NAN, .p_value = NAN};
    if (!comparable(o, n, out))
        return;
    blocked_interval iv;
    bool ok = paired ? blocked_ratio(o->samples, n->samples, o->nsample, o->blocks, o->nblock,
                                     (rate_stat)o->stat, rule->alpha, &iv)
                     : blocked_ratio_apart(o->samples, o->nsample, o->blocks, o->nblock,
                                           n->samples, n->nsample, n->blocks, n->nblock,
                                           (rate_stat)o->stat, rule->alpha, &iv);
    if (!ok) {
        verdict_decide(o, n, rule, out);
        return;
    }
    rate_stat st = (rate_stat)o->stat;
    bool visits = iv.blocks >= 2 && (st == RATE_VISIT_UPPER || st == RATE_VISIT_MEDIAN);
    verdict_method m = visits ? (paired ? M_VISITS : M_VISITS_APART) : paired ? M_BLOCKS : M_BLOCKS_APART;
    take_rank_test(out, m, iv.estimate, iv.low, iv.high, iv.p_value, rule);
    classify(out, rule);
}

void verdict_decide_counts(const verdict_side *o, const verdict_side *n, const verdict_rule *rule,
                           verdict_result *out)
{
    *out = (verdict_result){.ratio = NAN, .ratio_low = NAN, .ratio_high = NAN, .p_value = NAN};
    if (!comparable(o, n, out))
        return;
    out->method = M_EXACT_COUNT;
    out->ratio = o->rate / n->rate;
    out->ratio_low = n->ci_high > 0.0 ? o->ci_low / n->ci_high : NAN;
    out->ratio_high = n->ci_low > 0.0 ? o->ci_high / n->ci_low : INFINITY;
    out->significant = true;
    snprintf(out->note, sizeof out->note, "exact counts: threshold alone");
    classify(out, rule);
}
