/* dash_ratios (dashboard.h): each point's reference library, every rate's
 * ratio to it in the same run, and the machine's drift from run to run.
 *
 * The reference of a point on a host is one library for all its runs, so
 * that two runs' ratios are ratios to the same thing: the label measured
 * beside another library in the most runs (make track's fixed reference
 * is in every run, a commit in one), ties going to the oldest release as
 * report's baseline does.  The drift of a run is the median, over the
 * points both runs measured, of the reference's rate in it over its rate
 * in the previous run on the host: what the machine did, whatever any
 * other library did. */
#define _GNU_SOURCE
#include "dashboard.h"
#include "../record/name_index.h"
#include "../stats/select.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_run_then_row(const void *a, const void *b, void *ctx)
{
    const dash_data *d = ctx;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    if (d->row[i].run != d->row[j].run)
        return d->row[i].run < d->row[j].run ? -1 : 1;
    return i < j ? -1 : i > j;
}

/* The end of the rows of idx[k..n) that belong to one run. */
static size_t run_block_end(const dash_data *d, const size_t *idx, size_t k, size_t n)
{
    size_t e = k + 1;
    while (e < n && d->row[idx[e]].run == d->row[idx[k]].run)
        e++;
    return e;
}

/* partnered[i - a]: row i has a rate and so has another row of its run. */
static void mark_partnered(const dash_data *d, size_t a, const size_t *idx, size_t n, bool *partnered)
{
    for (size_t k = 0; k < n;) {
        size_t e = run_block_end(d, idx, k, n), rated = 0;
        for (size_t m = k; m < e; m++)
            rated += d->row[idx[m]].has_rate;
        for (size_t m = k; m < e; m++)
            partnered[idx[m] - a] = d->row[idx[m]].has_rate && rated >= 2;
        k = e;
    }
}

/* A row of the reference label of rows [a, end), or end: rows of a label
 * are consecutive there. */
static size_t reference_of(const dash_data *d, size_t a, size_t end, const bool *partnered)
{
    size_t best = end, best_n = 0;
    for (size_t i = a; i < end;) {
        size_t j = i + 1, n = partnered[i - a];
        for (; j < end && strcmp(d->row[j].label, d->row[i].label) == 0; j++)
            n += partnered[j - a];
        const dash_row *r = &d->row[i], *b = best < end ? &d->row[best] : NULL;
        if (n > 0 && (n > best_n || (n == best_n && release_order(r->flavor, r->version_num, r->label, b->flavor,
                                                                   b->version_num, b->label) < 0))) {
            best = i;
            best_n = n;
        }
        i = j;
    }
    return best;
}

/* Each run's rows against its reference row, if the run has one. */
static void ratios_of_group(dash_data *d, size_t a, size_t end, const size_t *idx, const bool *partnered)
{
    size_t refrow = reference_of(d, a, end, partnered);
    if (refrow == end)
        return;
    const char *ref_label = d->row[refrow].label;
    size_t n = end - a;
    for (size_t k = 0; k < n;) {
        size_t e = run_block_end(d, idx, k, n), ref = d->nrow;
        for (size_t m = k; m < e && ref == d->nrow; m++)
            if (partnered[idx[m] - a] && strcmp(d->row[idx[m]].label, ref_label) == 0 && d->row[idx[m]].rate > 0)
                ref = idx[m];
        for (size_t m = k; m < e && ref < d->nrow; m++) {
            dash_row *r = &d->row[idx[m]];
            if (!r->has_rate)
                continue;
            r->ref = ref;
            r->has_ratio = true;
            r->ratio = r->rate / d->row[ref].rate;
            r->rlo = r->rhi = r->ratio;
            r->ratio_ci = idx[m] == ref; /* the reference's ratio is 1 exactly */
        }
        k = e;
    }
}

typedef struct {
    size_t run;
    double v;
} run_value;

static int by_run_value(const void *a, const void *b)
{
    const run_value *x = a, *y = b;
    return x->run < y->run ? -1 : x->run > y->run;
}

/* The previous run on each run's host (nrun: none), each host's last run
 * found by name (a database of 20000 hosts took 2.2 s by a scan). */
static size_t *previous_on_host(const dash_data *d)
{
    size_t *prev = malloc((d->nrun + 1) * sizeof *prev);
    if (prev == NULL)
        abort();
    name_index last = {0};
    for (size_t i = 0; i < d->nrun; i++) {
        size_t h = name_index_get(&last, d->run[i].host);
        prev[i] = h != NAME_INDEX_NONE ? h : d->nrun;
        name_index_set(&last, d->run[i].host, i);
    }
    name_index_free(&last);
    return prev;
}

/* The reference's rate over its rate in the previous run on the host, at
 * every point where both runs had it as the reference. */
static run_value *reference_moves(const dash_data *d, const size_t *prev, size_t *count)
{
    run_value *v = malloc((d->nrow + 1) * sizeof *v);
    if (v == NULL)
        abort();
    size_t n = 0;
    for (size_t i = 1; i < d->nrow; i++) {
        const dash_row *r = &d->row[i], *p = &d->row[i - 1];
        if (r->ref == i && p->ref == i - 1 && r->run < d->nrun && prev[r->run] == p->run &&
            strcmp(r->point, p->point) == 0 && strcmp(r->host, p->host) == 0 && strcmp(r->label, p->label) == 0)
            v[n++] = (run_value){.run = r->run, .v = r->rate / p->rate};
    }
    *count = n;
    return v;
}

static void machine_drift(dash_data *d)
{
    size_t *prev = previous_on_host(d), n;
    run_value *v = reference_moves(d, prev, &n);
    qsort(v, n, sizeof *v, by_run_value);
    double *tmp = malloc((n + 1) * sizeof *tmp);
    if (tmp == NULL)
        abort();
    for (size_t i = 0; i < d->nrun; i++)
        d->run[i].drift = NAN, d->run[i].drift_prev = prev[i], d->run[i].drift_points = 0;
    for (size_t k = 0; k < n;) {
        size_t e = k, m = 0;
        for (; e < n && v[e].run == v[k].run; e++)
            if (isfinite(v[e].v) && v[e].v > 0)
                tmp[m++] = v[e].v;
        if (m > 0) {
            d->run[v[k].run].drift = median_in_place(tmp, m);
            d->run[v[k].run].drift_points = m;
        }
        k = e;
    }
    for (size_t i = 0; i < d->nrun; i++) {
        dash_run *r = &d->run[i];
        bool linked = r->drift_prev < d->nrun && isfinite(r->drift);
        r->level = linked ? d->run[r->drift_prev].level * r->drift : 1;
        r->chain = linked ? d->run[r->drift_prev].chain : i;
    }
    free(tmp);
    free(v);
    free(prev);
}

double dash_drift_between(const dash_data *d, size_t a, size_t b)
{
    if (a >= d->nrun || b >= d->nrun || d->run[a].chain != d->run[b].chain)
        return NAN;
    double x = d->run[b].level / d->run[a].level;
    return isfinite(x) && x > 0 ? x : NAN;
}

const char *dash_reference(const dash_data *d, size_t first, size_t end)
{
    for (size_t i = first; i < end; i++)
        if (d->row[i].ref < d->nrow)
            return d->row[d->row[i].ref].label;
    return NULL;
}

void dash_ratios(dash_data *d)
{
    size_t *idx = malloc((d->nrow + 1) * sizeof *idx);
    bool *partnered = malloc((d->nrow + 1) * sizeof *partnered);
    if (idx == NULL || partnered == NULL)
        abort();
    for (size_t i = 0; i < d->nrow; i++)
        d->row[i].ref = d->row[i].prev = d->nrow;
    for (size_t a = 0; a < d->nrow; a = dash_group_end(d, a, true)) {
        size_t end = dash_group_end(d, a, true);
        for (size_t i = a; i < end; i++)
            idx[i - a] = i;
        qsort_r(idx, end - a, sizeof *idx, by_run_then_row, d);
        mark_partnered(d, a, idx, end - a, partnered);
        ratios_of_group(d, a, end, idx, partnered);
    }
    free(idx);
    free(partnered);
    machine_drift(d);
}
