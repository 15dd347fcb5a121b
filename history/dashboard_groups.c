/* The groups of the dashboard's rows (dashboard.h): a point's rows, and in
 * them the libraries measured once (make track's commits).  Below the
 * steps that read (dashboard_data.c), relate (dashboard_ratio.c) and judge
 * (dashboard_judge.c) them, which all walk the rows this way. */
#define _GNU_SOURCE
#include "dashboard.h"

#include <stdlib.h>
#include <string.h>

static int by_run(const void *a, const void *b, void *ctx)
{
    const dash_data *d = ctx;
    size_t x = d->row[*(const size_t *)a].run, y = d->row[*(const size_t *)b].run;
    return x < y ? -1 : x > y;
}

bool dash_alone(const dash_data *d, size_t first, size_t end, size_t i)
{
    return end - first > 2 && (i == first || strcmp(d->row[i - 1].label, d->row[i].label) != 0) &&
           (i + 1 == end || strcmp(d->row[i + 1].label, d->row[i].label) != 0);
}

size_t dash_singles(const dash_data *d, size_t first, size_t end, size_t *out)
{
    size_t n = 0;
    for (size_t a = first; a < end; a++)
        if (dash_alone(d, first, end, a))
            out[n++] = a;
    qsort_r(out, n, sizeof *out, by_run, (void *)d);
    return n;
}

size_t dash_group_end(const dash_data *d, size_t a, bool by_host)
{
    size_t b = a + 1;
    while (b < d->nrow && strcmp(d->row[b].point, d->row[a].point) == 0 &&
           (!by_host || strcmp(d->row[b].host, d->row[a].host) == 0))
        b++;
    return b;
}
