/* Speed-up ratio = rate / baseline rate, with a 95% CI.  The first method
 * that applies:
 *
 * blocks     both rows were written by this version's runner (a rate_stat
 *            and sample_blocks: stats/blocked.h) in the same run, over the
 *            same rounds: the ratio of their rates (the 99th percentile of
 *            the samples, or the median where an operation's cost varies)
 *            and a bootstrap interval that resamples whole visits of the
 *            point, the same ones on both sides.
 * apart      both rows of this version, not of the same rounds (two runs,
 *            two hosts, 1 and N workers): each side resampled on its own.
 *
 * Rows of older files (median rates, no blocks):
 *
 * paired     both rows come from the same run (same run_id) and have at
 *            least REPORT_PAIRED_MIN samples each.  The runner samples the
 *            libraries round by round, so sample k of one and sample k of
 *            the other were taken side by side; the ratio is exp of the
 *            Hodges-Lehmann estimate of the per-round log ratios
 *            log(a_k / b_k) and its CI Tukey's, the inversion of the
 *            signed-rank test (stats/signedrank.h) -- the very ratio, CI and
 *            test `osslbench regress` decides a one-run comparison by.
 *            Load that comes and goes during a run hits both sides of a
 *            pair alike and cancels out.
 * bootstrap  otherwise, with at least REPORT_BOOTSTRAP_MIN samples on both
 *            sides (e.g. rows of two different runs): ratio of the medians,
 *            CI a percentile bootstrap of it (REPORT_BOOTSTRAP_ROUNDS rounds
 *            resampling both sides; seeded from the data, so reproducible).
 * ci-bounds  6 or 7 samples on a side (rows of different runs): ratio of
 *            the medians, CI from the two medians' 95% CIs, [ci_low / base
 *            ci_high, ci_high / base ci_low].  It covers whenever both CIs
 *            do, so at least 90% (union bound, whatever their dependence),
 *            usually far more -- not a 95% interval: tables mark it.
 * no-ci      fewer than 6 samples on a side (files of older versions): the
 *            medians' intervals are the sample ranges, whose coverage falls
 *            to 75% at 3 samples, so no interval is claimed at all; the
 *            ratio of the medians only. */
#include "report.h"
#include "../stats/blocked.h"
#include "../stats/resample.h"
#include "../stats/signedrank.h"
#include "../stats/summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *ratio_method_name(ratio_method m)
{
    switch (m) {
    case RATIO_BLOCKS:
        return "blocks";
    case RATIO_APART:
        return "apart";
    case RATIO_PAIRED:
        return "paired";
    case RATIO_BOOTSTRAP:
        return "bootstrap";
    case RATIO_BOUNDS:
        return "ci-bounds";
    case RATIO_NO_CI:
        return "no-ci";
    case RATIO_NONE:
        break;
    }
    return "none";
}

static uint64_t seed_from(const double *a, size_t na, const double *b, size_t nb)
{
    const double *parts[2] = {a, b};
    size_t lens[2] = {na, nb};
    return resample_seed(parts, lens, 2);
}

static double resampled_median(const double *xs, size_t n, double *tmp, uint64_t *rng)
{
    for (size_t i = 0; i < n; i++)
        tmp[i] = xs[resample_next(rng) % n];
    return median_in_place(tmp, n);
}

static bool bootstrap(const result_row *row, const result_row *base, report_ratio *out)
{
    size_t n = row->nsample, m = base->nsample;
    double *tmp = malloc((n > m ? n : m) * sizeof *tmp);
    double *ratios = malloc(REPORT_BOOTSTRAP_ROUNDS * sizeof *ratios);
    if (tmp == NULL || ratios == NULL) {
        free(tmp);
        free(ratios);
        return false;
    }
    uint64_t rng = seed_from(row->sample_rates, n, base->sample_rates, m);
    size_t kept = 0;
    for (int b = 0; b < REPORT_BOOTSTRAP_ROUNDS; b++) {
        double num = resampled_median(row->sample_rates, n, tmp, &rng);
        double den = resampled_median(base->sample_rates, m, tmp, &rng);
        if (den > 0.0)
            ratios[kept++] = num / den;
    }
    bool ok = kept >= REPORT_BOOTSTRAP_ROUNDS / 2;
    if (ok) {
        qsort(ratios, kept, sizeof *ratios, compare_doubles);
        out->lo = ratios[(size_t)floor(0.025 * (double)(kept - 1))];
        out->hi = ratios[(size_t)ceil(0.975 * (double)(kept - 1))];
        /* The point estimate (rate/rate) lies inside in all but freak cases;
         * never report an interval that excludes it. */
        out->lo = fmin(out->lo, out->ratio);
        out->hi = fmax(out->hi, out->ratio);
        out->method = RATIO_BOOTSTRAP;
    }
    free(tmp);
    free(ratios);
    return ok;
}

static bool paired(const result_row *row, const result_row *base, report_ratio *out)
{
    if (row->run_id[0] == '\0' || strcmp(row->run_id, base->run_id) != 0)
        return false;
    size_t n = row->nsample < base->nsample ? row->nsample : base->nsample;
    paired_ratio pr;
    if (n < REPORT_PAIRED_MIN ||
        !signed_rank_ratio(base->sample_rates, row->sample_rates, n, 0.05, &pr))
        return false;
    *out = (report_ratio){.ratio = pr.ratio, .lo = pr.low, .hi = pr.high, .method = RATIO_PAIRED};
    return true;
}

/* The samples behind a row's median: its samples column, or its raw rates. */
static size_t samples_of(const result_row *r)
{
    return r->samples > r->nsample ? r->samples : r->nsample;
}

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
                          .method = paired_rounds ? RATIO_BLOCKS : RATIO_APART};
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
    report_ratio out = {.ratio = NAN, .lo = NAN, .hi = NAN, .method = RATIO_NONE};
    if (row == NULL || base == NULL || row->status != ST_OK || base->status != ST_OK ||
        !(base->rate > 0.0) || !isfinite(row->rate))
        return out;
    if (blocks(row, base, may_pair, &out))
        return out;
    if (may_pair && paired(row, base, &out))
        return out;
    out.ratio = row->rate / base->rate;
    if (row->nsample >= REPORT_BOOTSTRAP_MIN && base->nsample >= REPORT_BOOTSTRAP_MIN &&
        bootstrap(row, base, &out))
        return out;
    if (samples_of(row) < MEDIAN_CI_MIN_SAMPLES || samples_of(base) < MEDIAN_CI_MIN_SAMPLES) {
        out.method = RATIO_NO_CI;
        return out;
    }
    out.method = RATIO_BOUNDS;
    out.lo = base->ci_high > 0.0 ? row->ci_low / base->ci_high : NAN;
    out.hi = base->ci_low > 0.0 ? row->ci_high / base->ci_low : INFINITY;
    if (isnan(out.lo) || out.lo > out.ratio)
        out.lo = fmin(out.ratio, isnan(out.lo) ? out.ratio : out.lo);
    if (out.hi < out.ratio)
        out.hi = out.ratio;
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
