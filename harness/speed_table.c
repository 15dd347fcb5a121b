#include "speed_table.h"

#include "../stats/summary.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool seen_before(const result_row *rows, size_t upto, size_t i,
                        bool (*same)(const result_row *, const result_row *))
{
    for (size_t j = 0; j < upto; j++)
        if (same(&rows[j], &rows[i]))
            return true;
    return false;
}

static bool same_label(const result_row *a, const result_row *b)
{
    return strcmp(a->label, b->label) == 0;
}

static bool same_group(const result_row *a, const result_row *b)
{
    return same_label(a, b) && strcmp(a->api, b->api) == 0;
}

static bool same_line(const result_row *a, const result_row *b)
{
    return same_group(a, b) && strcmp(a->workload, b->workload) == 0 &&
           strcmp(a->op, b->op) == 0;
}

static const char *cell_text(const result_row *r, char *buf, size_t n, double scale,
                             const char *suffix)
{
    if (r->status == ST_OK)
        snprintf(buf, n, "%.2f%s", r->rate / scale, suffix);
    else
        snprintf(buf, n, "%s", row_status_name(r->status));
    return buf;
}

static void print_symmetric(FILE *f, const result_row *rows, size_t n, const result_row *g)
{
    double sizes[64];
    size_t ns = 0;
    for (size_t i = 0; i < n && ns < 64; i++) {
        bool dup = false;
        if (!same_group(&rows[i], g) || strcmp(rows[i].unit, "B/s") != 0)
            continue;
        for (size_t k = 0; k < ns; k++)
            dup = dup || sizes[k] == (double)rows[i].bytes;
        if (!dup)
            sizes[ns++] = (double)rows[i].bytes;
    }
    if (ns == 0)
        return;
    qsort(sizes, ns, sizeof *sizes, compare_doubles);
    fprintf(f, "%-16s", "type");
    for (size_t k = 0; k < ns; k++)
        fprintf(f, " %10.0f bytes", sizes[k]);
    fputc('\n', f);
    for (size_t i = 0; i < n; i++) {
        if (!same_group(&rows[i], g) || strcmp(rows[i].unit, "B/s") != 0 ||
            seen_before(rows, i, i, same_line))
            continue;
        fprintf(f, "%-16s", rows[i].workload);
        for (size_t k = 0; k < ns; k++) {
            char buf[32] = "-";
            for (size_t j = i; j < n; j++)
                if (same_line(&rows[j], &rows[i]) && (double)rows[j].bytes == sizes[k])
                    cell_text(&rows[j], buf, sizeof buf, 1000.0, "k");
            fprintf(f, " %16s", buf);
        }
        fputc('\n', f);
    }
}

static void print_public_key(FILE *f, const result_row *rows, size_t n, const result_row *g)
{
    bool header = false;
    for (size_t i = 0; i < n; i++) {
        const result_row *r = &rows[i];
        if (!same_group(r, g) || strcmp(r->unit, "op/s") != 0 || strcmp(r->op, "sign") != 0)
            continue;
        if (!header) {
            fprintf(f, "%-16s %12s %12s %12s %12s\n", "", "sign", "verify", "sign/s",
                    "verify/s");
            header = true;
        }
        const result_row *v = NULL;
        for (size_t j = 0; j < n; j++)
            if (same_group(&rows[j], r) && strcmp(rows[j].workload, r->workload) == 0 &&
                strcmp(rows[j].op, "verify") == 0)
                v = &rows[j];
        char s_time[32] = "-", v_time[32] = "-", s_rate[32], v_rate[32] = "-";
        if (r->status == ST_OK)
            snprintf(s_time, sizeof s_time, "%.6fs", 1.0 / r->rate);
        if (v != NULL && v->status == ST_OK)
            snprintf(v_time, sizeof v_time, "%.6fs", 1.0 / v->rate);
        cell_text(r, s_rate, sizeof s_rate, 1.0, "");
        if (v != NULL)
            cell_text(v, v_rate, sizeof v_rate, 1.0, "");
        fprintf(f, "%-16s %12s %12s %12s %12s\n", r->workload, s_time, v_time, s_rate, v_rate);
    }
}

void speed_table_print(FILE *f, const result_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (seen_before(rows, i, i, same_group))
            continue;
        const result_row *g = &rows[i];
        bool any_ok = false;
        for (size_t j = i; j < n; j++)
            any_ok = any_ok || (same_group(&rows[j], g) && rows[j].status != ST_UNSUPPORTED &&
                                 rows[j].status != ST_LOAD_FAILED);
        if (!any_ok)
            continue;
        fprintf(f, "\n%s (%s) — %s API path — 1000s of bytes per second\n", g->label,
                g->version, g->api);
        print_symmetric(f, rows, n, g);
        print_public_key(f, rows, n, g);
    }
    size_t failed = 0;
    for (size_t i = 0; i < n; i++)
        failed += row_status_is_failure(rows[i].status);
    if (failed)
        fprintf(f, "\n%zu result(s) failed; see the status and note columns of the CSV\n",
                failed);
}
