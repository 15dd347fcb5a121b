/* `openssl speed`-style tables of one release: per API path, throughput
 * workloads in 1000s of bytes per second per block size, then a table per
 * op/s family in speed's layout (speed_ops.c).
 * The one writer of these tables: the report's speed-*.txt, the runner's
 * stdout and make compare's runner-stdout.txt. */
#include "speed_ops.h"
#include "../csv/units.h"
#include "../record/row.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_SIZES = 64 };

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Block sizes measured for this release and API path, ascending. */
static size_t sizes_of(const report *r, size_t rel, const char *api, uint64_t *out)
{
    size_t n = 0;
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *p = &r->pt[i];
        if (report_point_is_ops(p) || strcmp(p->api, api) != 0 || report_find(r, rel, p) == NULL)
            continue;
        size_t j = 0;
        while (j < n && out[j] != p->bytes)
            j++;
        if (j == n && n < MAX_SIZES)
            out[n++] = p->bytes;
    }
    qsort(out, n, sizeof *out, cmp_u64);
    return n;
}

static bool has_ok(const report *r, size_t rel, const char *api, bool ops)
{
    for (size_t i = 0; i < r->npt; i++)
        if (strcmp(r->pt[i].api, api) == 0 && report_point_is_ops(&r->pt[i]) == ops &&
            report_find(r, rel, &r->pt[i]) != NULL)
            return true;
    return false;
}

/* A throughput table line: one workload, operation and worker count over
 * the block sizes.  Its points are pt[i] and those after it with the same
 * workload, api and op (sorted by size, then workers); `at` collects them. */
static size_t line_points(const report *r, size_t i, size_t *at, size_t cap, size_t *end)
{
    const report_point *g = &r->pt[i];
    size_t n = 0, e = i;
    while (e < r->npt && strcmp(r->pt[e].workload, g->workload) == 0 &&
           strcmp(r->pt[e].api, g->api) == 0 && strcmp(r->pt[e].op, g->op) == 0) {
        if (report_point_same_workers(&r->pt[e], g) && n < cap)
            at[n++] = e;
        e++;
    }
    *end = e;
    return n;
}

/* First point of its line (no earlier point of the same op has its workers)? */
static bool line_start(const report *r, size_t i)
{
    for (size_t j = i; j-- > 0;) {
        const report_point *p = &r->pt[j], *q = &r->pt[i];
        if (strcmp(p->workload, q->workload) != 0 || strcmp(p->api, q->api) != 0 ||
            strcmp(p->op, q->op) != 0)
            return true;
        if (report_point_same_workers(p, q))
            return false;
    }
    return true;
}

static void throughput_table(const report *r, size_t rel, const char *api, FILE *f)
{
    uint64_t sizes[MAX_SIZES];
    size_t ns = sizes_of(r, rel, api, sizes);
    fputs("The 'numbers' are in 1000s of bytes per second processed.\n", f);
    fprintf(f, "%-20s", "type");
    for (size_t s = 0; s < ns; s++) {
        char head[32];
        snprintf(head, sizeof head, "%" PRIu64 " bytes", sizes[s]);
        fprintf(f, " %12s", head);
    }
    fputc('\n', f);
    size_t *at = malloc((r->npt ? r->npt : 1) * sizeof *at);
    if (at == NULL)
        return;
    for (size_t i = 0, end; i < r->npt; i++) {
        const report_point *g = &r->pt[i];
        if (!line_start(r, i))
            continue;
        size_t n = line_points(r, i, at, r->npt, &end);
        bool measured = false;
        for (size_t j = 0; j < n && !measured; j++)
            measured = report_find(r, rel, &r->pt[at[j]]) != NULL;
        if (strcmp(g->api, api) != 0 || report_point_is_ops(g) || !measured)
            continue;
        char name[96];
        speed_line_name(g, name, sizeof name);
        fprintf(f, "%-20s", name);
        for (size_t s = 0; s < ns; s++) {
            const result_row *row = NULL;
            for (size_t j = 0; j < n && row == NULL; j++)
                if (r->pt[at[j]].bytes == sizes[s])
                    row = report_find(r, rel, &r->pt[at[j]]);
            if (row != NULL)
                fprintf(f, " %11.2fk", row->rate / 1000.0);
            else
                fprintf(f, " %12s", "n/a");
        }
        fputc('\n', f);
    }
    free(at);
}

void report_write_speed(const report *r, size_t rel, FILE *f)
{
    const report_release *x = &r->rel[rel];
    bool any = false;
    for (size_t a = 0; a < r->apis.n; a++) {
        const char *api = r->apis.name[a];
        bool sym = has_ok(r, rel, api, false), ops = has_ok(r, rel, api, true);
        if (!sym && !ops)
            continue;
        fprintf(f, "%s%s (%s), %s API\n", any ? "\n" : "", x->label,
                x->version[0] ? x->version : "?", api);
        if (sym)
            throughput_table(r, rel, api, f);
        if (sym && ops)
            fputc('\n', f);
        if (ops)
            speed_ops_tables(r, rel, api, f);
        any = true;
    }
    if (!any)
        fprintf(f, "%s (%s): no successful result\n", x->label, x->version[0] ? x->version : "?");
}

/* Instruction counts are no speeds: one line per row, per operation and,
 * for a block size, per byte. */
static void write_counts(const result_set *rows, FILE *f)
{
    fprintf(f, "\n%-16s %-20s %-6s %8s %16s %12s\n", "label", "workload", "api", "bytes",
            "instr/op", "instr/byte");
    for (size_t i = 0; i < rows->count; i++) {
        const result_row *r = &rows->rows[i];
        if (r->status != ST_OK || !unit_is_count(r->unit))
            continue;
        fprintf(f, "%-16s %-20s %-6s %8llu %16.1f ", r->label, r->workload, r->api,
                (unsigned long long)r->bytes, r->rate);
        if (r->bytes > 0)
            fprintf(f, "%12.2f\n", r->rate / (double)r->bytes);
        else
            fprintf(f, "%12s\n", "-");
    }
}

void report_write_run_tables(const result_set *rows, const report *r, const char *why, FILE *f)
{
    size_t n = rows->count;
    if (n > 0 && unit_is_count(rows->rows[n - 1].unit))
        write_counts(rows, f);
    else if (r != NULL)
        for (size_t rel = 0; rel < r->nrel; rel++) {
            fputc('\n', f);
            report_write_speed(r, rel, f);
        }
    else if (why != NULL && n > 0)
        fprintf(f, "\nno speed tables: %s\n", why);
    size_t failed = 0;
    for (size_t i = 0; i < n; i++)
        failed += row_status_is_failure(rows->rows[i].status);
    if (failed)
        fprintf(f, "\n%zu result(s) failed; see the status and note columns of the CSV\n",
                failed);
}
