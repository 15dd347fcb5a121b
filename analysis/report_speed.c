/* `openssl speed`-style tables of one release: per API path, symmetric
 * workloads in 1000s of bytes per second per block size, then the RSA
 * sign/verify times and rates. */
#include "report.h"

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
        if (report_is_pubkey(p->workload) || strcmp(p->api, api) != 0 ||
            report_find(r, rel, p) == NULL)
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

static bool has_ok(const report *r, size_t rel, const char *api, bool pubkey)
{
    for (size_t i = 0; i < r->npt; i++)
        if (strcmp(r->pt[i].api, api) == 0 && report_is_pubkey(r->pt[i].workload) == pubkey &&
            report_find(r, rel, &r->pt[i]) != NULL)
            return true;
    return false;
}

static void symmetric_table(const report *r, size_t rel, const char *api, FILE *f)
{
    uint64_t sizes[MAX_SIZES];
    size_t ns = sizes_of(r, rel, api, sizes);
    fputs("The 'numbers' are in 1000s of bytes per second processed.\n", f);
    fprintf(f, "%-16s", "type");
    for (size_t s = 0; s < ns; s++) {
        char head[32];
        snprintf(head, sizeof head, "%" PRIu64 " bytes", sizes[s]);
        fprintf(f, " %12s", head);
    }
    fputc('\n', f);
    for (size_t i = 0; i < r->npt;) {
        const report_point *g = &r->pt[i];
        size_t end = i;
        while (end < r->npt && strcmp(r->pt[end].workload, g->workload) == 0 &&
               strcmp(r->pt[end].api, g->api) == 0 && strcmp(r->pt[end].op, g->op) == 0)
            end++;
        bool measured = false;
        for (size_t j = i; j < end && !measured; j++)
            measured = report_find(r, rel, &r->pt[j]) != NULL;
        if (strcmp(g->api, api) != 0 || report_is_pubkey(g->workload) || !measured) {
            i = end;
            continue;
        }
        fprintf(f, "%-16s", g->workload);
        for (size_t s = 0; s < ns; s++) {
            const result_row *row = NULL;
            for (size_t j = i; j < end && row == NULL; j++)
                if (r->pt[j].bytes == sizes[s])
                    row = report_find(r, rel, &r->pt[j]);
            if (row != NULL)
                fprintf(f, " %11.2fk", row->rate / 1000.0);
            else
                fprintf(f, " %12s", "n/a");
        }
        fputc('\n', f);
        i = end;
    }
}

static const result_row *pubkey_row(const report *r, size_t rel, const report_point *g,
                                    const char *op)
{
    report_point p = *g;
    snprintf(p.op, sizeof p.op, "%s", op);
    return report_find(r, rel, &p);
}

static void pubkey_table(const report *r, size_t rel, const char *api, FILE *f)
{
    fprintf(f, "%-14s %10s %10s %10s %10s\n", "", "sign", "verify", "sign/s", "verify/s");
    const char *last = "";
    for (size_t i = 0; i < r->npt; i++) {
        const report_point *g = &r->pt[i];
        if (!report_is_pubkey(g->workload) || strcmp(g->api, api) != 0 ||
            strcmp(g->workload, last) == 0)
            continue;
        last = g->workload;
        const result_row *s = pubkey_row(r, rel, g, "sign");
        const result_row *v = pubkey_row(r, rel, g, "verify");
        if (s == NULL && v == NULL)
            continue;
        char name[32];
        snprintf(name, sizeof name, "rsa %s bits", g->workload + 3);
        fprintf(f, "%-14s", name);
        const result_row *both[2] = {s, v};
        for (int k = 0; k < 2; k++) {
            if (both[k] != NULL && both[k]->rate > 0.0)
                fprintf(f, " %9.6fs", 1.0 / both[k]->rate);
            else
                fprintf(f, " %10s", "n/a");
        }
        for (int k = 0; k < 2; k++) {
            if (both[k] != NULL)
                fprintf(f, " %10.1f", both[k]->rate);
            else
                fprintf(f, " %10s", "n/a");
        }
        fputc('\n', f);
    }
}

void report_write_speed(const report *r, size_t rel, FILE *f)
{
    static const char *const apis[] = {"legacy", "evp", "fetch"};
    const report_release *x = &r->rel[rel];
    bool any = false;
    for (size_t a = 0; a < sizeof apis / sizeof apis[0]; a++) {
        bool sym = has_ok(r, rel, apis[a], false), pk = has_ok(r, rel, apis[a], true);
        if (!sym && !pk)
            continue;
        fprintf(f, "%s%s (OpenSSL %s), %s API\n", any ? "\n" : "", x->label,
                x->version[0] ? x->version : "?", apis[a]);
        if (sym)
            symmetric_table(r, rel, apis[a], f);
        if (pk)
            pubkey_table(r, rel, apis[a], f);
        any = true;
    }
    if (!any)
        fprintf(f, "%s (OpenSSL %s): no successful result\n", x->label,
                x->version[0] ? x->version : "?");
}
