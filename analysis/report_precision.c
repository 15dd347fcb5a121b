#include "report_precision.h"

#include "../stats/select.h"

#include <math.h>
#include <stdlib.h>

/* The half-width on the log scale the intervals are built on, as
 * --precision and metadata.txt's precision_reached measure it. */
static bool half_width(report_ratio q, double *half)
{
    if (q.method != CI_PAIRED && q.method != CI_WELCH)
        return false;
    *half = blocked_rel_halfwidth(&(blocked_interval){.low = q.lo, .high = q.hi});
    return isfinite(*half);
}

bool report_precision_of(const report *r, report_precision *out)
{
    *out = (report_precision){0};
    double *halves = malloc((r->npt * r->nrel + 1) * sizeof *halves);
    if (halves == NULL)
        return false;
    size_t n = 0, in1 = 0, in2 = 0;
    for (size_t p = 0; p < r->npt; p++) {
        const result_row *base = report_find(r, r->baseline, &r->pt[p]);
        for (size_t rel = 0; base != NULL && rel < r->nrel; rel++) {
            const result_row *row = rel == r->baseline ? NULL : report_find(r, rel, &r->pt[p]);
            double h;
            if (row == NULL || !half_width(report_speedup(row, base), &h))
                continue;
            in1 += h <= 0.01;
            in2 += h <= 0.02;
            halves[n++] = h;
        }
    }
    if (n > 0)
        *out = (report_precision){.intervals = n, .median_half = median_in_place(halves, n),
                                  .within_1 = (double)in1 / (double)n,
                                  .within_2 = (double)in2 / (double)n};
    free(halves);
    return n > 0;
}
