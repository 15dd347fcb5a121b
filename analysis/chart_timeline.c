/* The release-history chart: one per workload, block size (or operation)
 * and worker count; x = the releases in the report's release order
 * (OpenSSL by version, then the forks) at equal steps, y = the rate, a
 * line with 95% CI whiskers per API path.  The forks stand apart on the
 * right, after a gap, each a point of its own (a line between two forks, or
 * from OpenSSL to a fork, would read as a history).
 *
 * The .dat file: a header "x release date <api> low high ...", then a row
 * per release: its x, its chart title and its date ("-": none), a triple
 * per API path.  A blank line before each fork breaks the lines there. */
#include "report_charts.h"

#include "release_info.h"
#include "../csv/units.h"

#include <inttypes.h>
#include <string.h>

size_t report_releases_measured(const report *r)
{
    size_t n = 0;
    for (size_t k = 0; k < r->nrel; k++)
        n += r->rel[k].ok_rows > 0;
    return n;
}

bool report_draws_timeline(const report *r)
{
    return report_releases_measured(r) >= REPORT_TIMELINE_MIN;
}

bool report_draws_release_bars(const report *r)
{
    return report_releases_measured(r) <= REPORT_BARS_MAX;
}

/* The same point but for its API path. */
static bool same_but_api(const report_point *a, const report_point *b)
{
    return a->bytes == b->bytes && strcmp(a->workload, b->workload) == 0 &&
           strcmp(a->op, b->op) == 0 && report_point_same_workers(a, b);
}

static const report_point *at_api(const report *r, const report_point *g, const char *api)
{
    for (size_t i = 0; i < r->npt; i++)
        if (same_but_api(&r->pt[i], g) && strcmp(r->pt[i].api, api) == 0)
            return &r->pt[i];
    return NULL;
}

static bool api_measured(const report *r, const report_point *p)
{
    for (size_t k = 0; p != NULL && k < r->nrel; k++)
        if (report_find(r, k, p) != NULL)
            return true;
    return false;
}

/* The chart of the points like pt[first] (any API path). */
static void chart_timeline_of(dat_ctx *c, const report_point *g)
{
    const report *r = c->r;
    bool ops = report_point_is_ops(g);
    char key[32], name[160], tag[48], slots[256] = "", size[32];
    if (ops)
        snprintf(key, sizeof key, "%s", g->op);
    else
        snprintf(key, sizeof key, "%" PRIu64, g->bytes);
    dat_chart_name(name, sizeof name, CHART_TIMELINE, g->workload, key);
    dat_workers_tag(g, name, sizeof name, tag, sizeof tag);
    const report_point *api[64];
    size_t napis = r->apis.n < 64 ? r->apis.n : 64, nshown = 0;
    for (size_t a = 0; a < napis; a++) {
        api[a] = at_api(r, g, r->apis.name[a]);
        if (!api_measured(r, api[a]))
            api[a] = NULL;
        else {
            dat_append_index(slots, sizeof slots, a);
            nshown++;
        }
    }
    if (nshown == 0)
        return;
    FILE *f = dat_open(&c->out, name);
    if (f == NULL)
        return;
    fputs("x release date", f);
    for (size_t a = 0; a < napis; a++)
        if (api[a] != NULL) {
            fputc(' ', f);
            dat_string(f, r->apis.name[a]);
            fputs(" low high", f);
        }
    fputc('\n', f);
    size_t x = 0;
    double gap = -1;
    for (size_t k = 0; k < r->nrel; k++) {
        const report_release *rel = &r->rel[k];
        if (rel->ok_rows == 0)
            continue;
        if (rel->flavor != FLAVOR_OPENSSL) {
            if (gap < 0 && x > 0)
                gap = (double)x++; /* the empty step between OpenSSL and the forks */
            fputc('\n', f);
        }
        char title[128];
        report_release_title(rel, title, sizeof title);
        fprintf(f, "%zu ", x++);
        dat_string(f, title);
        fputc(' ', f);
        dat_string(f, rel->date[0] ? rel->date : "-");
        for (size_t a = 0; a < napis; a++)
            if (api[a] != NULL)
                dat_row_values(f, report_find(r, k, api[a]), dat_scale(g));
        fputc('\n', f);
    }
    dat_close(&c->out, f);
    if (ops)
        snprintf(size, sizeof size, "%s", g->op);
    else
        report_size_name(g->bytes, size, sizeof size);
    dat_list_start(&c->out, CHART_TIMELINE, name, slots);
    fprintf(c->out.list, "%s %s%s: rate by release, a line per API path\t%s\t%g\n", g->workload,
            size, tag, unit_axis_label(ops ? UNIT_OPS : UNIT_BYTES, false), gap);
}

void chart_timelines(dat_ctx *c)
{
    const report *r = c->r;
    for (size_t i = 0; i < r->npt; i++) {
        bool first = true;
        for (size_t j = 0; j < i && first; j++)
            first = !same_but_api(&r->pt[j], &r->pt[i]);
        if (first)
            chart_timeline_of(c, &r->pt[i]);
    }
}
