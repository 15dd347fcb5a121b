/* Speed-up ratio = rate / baseline rate, with a 95% CI.  Two intervals,
 * the same `osslbench regress` decides by (stats/blocked.h):
 *
 * paired     both rows were written by this version's runner (rate_stat
 *            vp90 or vmedian, and sample_blocks: the visits) in the same
 *            run, over the same rounds: the mean of the visits' log ratios
 *            with Student's t over batch means of the visits.
 * welch      both rows of this version, not of the same rounds (two runs,
 *            two hosts, 1 and N workers): Welch's t over each side's
 *            batch means of visits.
 * no-ci      anything else -- rows of older files (median or p99 rates, no
 *            visits), or a side of a single sample: the ratio of the rates
 *            and no interval at all (docs/method.md). */
#include "report.h"
#include "../stats/blocked.h"

#include <math.h>
#include <string.h>

/* A row of this version's runner: its rate is its rate_stat of its samples,
 * which come in blocks. */
static bool blocked_row(const result_row *r, rate_stat *stat)
{
    return r->nblock > 0 && r->nsample > 0 && rate_stat_parse(r->rate_stat, stat);
}

static bool same_rounds(const result_row *a, const result_row *b)
{
    if (a->run_id[0] == '\0' || strcmp(a->run_id, b->run_id) != 0 || a->nsample != b->nsample ||
        a->nblock != b->nblock)
        return false;
    return memcmp(a->sample_blocks, b->sample_blocks, a->nblock * sizeof *a->sample_blocks) == 0;
}

static bool blocks(const result_row *row, const result_row *base, bool may_pair,
                   report_ratio *out)
{
    rate_stat sr, sb;
    if (!blocked_row(row, &sr) || !blocked_row(base, &sb) || sr != sb)
        return false;
    blocked_interval iv;
    bool paired_rounds = may_pair && same_rounds(row, base);
    bool ok = paired_rounds
                  ? blocked_ratio(base->sample_rates, row->sample_rates, row->nsample,
                                  row->sample_blocks, row->nblock, sr, 0.05, &iv)
                  : blocked_ratio_apart(base->sample_rates, base->nsample, base->sample_blocks,
                                        base->nblock, row->sample_rates, row->nsample,
                                        row->sample_blocks, row->nblock, sr, 0.05, &iv);
    if (!ok)
        return false;
    *out = (report_ratio){.ratio = iv.estimate, .lo = iv.low, .hi = iv.high,
                          .method = paired_rounds ? CI_PAIRED : CI_WELCH};
    return true;
}

bool report_row_disturbed(const result_row *r)
{
    uint64_t kept = r->samples > r->nsample ? r->samples : r->nsample;
    return r->disturbed > 0 &&
           ((uint64_t)r->disturbed * 100 >= kept ||
            ((uint64_t)r->disturbed + r->retaken) * 10 >= kept + r->retaken);
}

static report_ratio ratio_compute(const result_row *row, const result_row *base, bool may_pair)
{
    report_ratio out = {.ratio = NAN, .lo = NAN, .hi = NAN, .method = CI_NONE};
    if (row == NULL || base == NULL || row->status != ST_OK || base->status != ST_OK ||
        !(base->rate > 0.0) || !isfinite(row->rate))
        return out;
    if (blocks(row, base, may_pair, &out))
        return out;
    out.ratio = row->rate / base->rate;
    out.method = CI_NO_CI;
    return out;
}

static report_ratio ratio_of(const result_row *row, const result_row *base, bool may_pair)
{
    report_ratio q = ratio_compute(row, base, may_pair);
    q.disturbed = row != NULL && base != NULL &&
                  (report_row_disturbed(row) || report_row_disturbed(base));
    return q;
}

report_ratio report_speedup(const result_row *row, const result_row *base)
{
    return ratio_of(row, base, true);
}

report_ratio report_ratio_unpaired(const result_row *row, const result_row *base)
{
    return ratio_of(row, base, false);
}
