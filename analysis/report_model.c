/* The releases and points of a result set, in the orders reports use. */
#include "report.h"
#include "../csv/units.h"

#include "release_info.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool report_point_is_ops(const report_point *p)
{
    return unit_is_ops(p->unit);
}

/* Files written before the `kind` column had public-key op/s rows only. */
static const char *ops_group(const char *family, const char *kind)
{
    if (family[0] != '\0')
        return family;
    return kind[0] != '\0' ? kind : "public-key";
}

const char *report_ops_group(const report_point *p)
{
    return ops_group(p->family, p->kind);
}

const char *report_row_group(const result_row *row)
{
    return ops_group(row->family, row->kind);
}

static uint32_t count_of(uint32_t n)
{
    return n ? n : 1;
}

bool report_point_serial(const report_point *p)
{
    return count_of(p->threads) == 1 && count_of(p->procs) == 1;
}

bool report_point_same_workers(const report_point *a, const report_point *b)
{
    return count_of(a->threads) == count_of(b->threads) && count_of(a->procs) == count_of(b->procs);
}

bool report_point_same_op(const report_point *x, const report_point *y)
{
    return x->bytes == y->bytes && strcmp(x->workload, y->workload) == 0 &&
           strcmp(x->api, y->api) == 0 && strcmp(x->op, y->op) == 0;
}

void report_workers_name(const report_point *p, char *buf, size_t n)
{
    if (count_of(p->procs) > 1)
        snprintf(buf, n, "%u procs", p->procs);
    else if (count_of(p->threads) > 1)
        snprintf(buf, n, "%u threads", p->threads);
    else if (n > 0)
        buf[0] = '\0';
}

size_t report_rank(const report_order *order, const char *name)
{
    for (size_t i = 0; i < order->n; i++)
        if (strcmp(order->name[i], name) == 0)
            return i;
    return order->n;
}

static void die_oom(void)
{
    fputs("osslbench: out of memory\n", stderr);
    abort();
}

static void order_add(report_order *order, const char *name)
{
    if (report_rank(order, name) < order->n)
        return;
    if (order->n == order->cap) {
        order->cap = order->cap ? order->cap * 2 : 16;
        order->name = realloc(order->name, order->cap * sizeof *order->name);
        if (order->name == NULL)
            die_oom();
    }
    snprintf(order->name[order->n++], sizeof order->name[0], "%s", name);
}

/* qsort has no context argument: the report being sorted. */
static const report *sorting;

static int cmp_release(const void *a, const void *b)
{
    const report_release *x = a, *y = b;
    return release_order(x->flavor, x->version_num, x->label, y->flavor, y->version_num,
                         y->label);
}

static int cmp_rank(const report_order *order, const char *a, const char *b)
{
    size_t x = report_rank(order, a), y = report_rank(order, b);
    return x < y ? -1 : x > y;
}

/* Workload, API path, operation (each in order of first appearance), then
 * block size, then workers: threads before processes, fewer first. */
static int cmp_point(const void *a, const void *b)
{
    const report_point *x = a, *y = b;
    int d = cmp_rank(&sorting->workloads, x->workload, y->workload);
    if (d == 0)
        d = cmp_rank(&sorting->apis, x->api, y->api);
    if (d == 0)
        d = cmp_rank(&sorting->ops, x->op, y->op);
    if (d == 0 && x->bytes != y->bytes)
        d = x->bytes < y->bytes ? -1 : 1;
    if (d == 0 && count_of(x->procs) != count_of(y->procs))
        d = count_of(x->procs) < count_of(y->procs) ? -1 : 1;
    if (d == 0 && count_of(x->threads) != count_of(y->threads))
        d = count_of(x->threads) < count_of(y->threads) ? -1 : 1;
    return d;
}

static bool same_key(const report_point *x, const report_point *y)
{
    return report_point_same_op(x, y) && report_point_same_workers(x, y);
}

static bool same_point(const result_row *row, const report_point *p)
{
    return row->bytes == p->bytes && count_of(row->threads) == count_of(p->threads) &&
           count_of(row->procs) == count_of(p->procs) && strcmp(row->workload, p->workload) == 0 &&
           strcmp(row->api, p->api) == 0 && strcmp(row->op, p->op) == 0;
}

static bool is_token(const char *s)
{
    char tok[64];
    report_file_token(s, tok, sizeof tok);
    return strcmp(tok, s) == 0;
}

void report_unknown_label(char *why, size_t n, const char *what, const char *name,
                          const char *kind, const char *(*label_at)(const void *set, size_t i),
                          const void *set, size_t count)
{
    int len = snprintf(why, n, "unknown %s '%s' (%s:", what, name, kind);
    for (size_t i = 0; i < count && len >= 0 && (size_t)len < n; i++)
        len += snprintf(why + len, n - (size_t)len, " %s", label_at(set, i));
    if (len >= 0 && (size_t)len < n)
        snprintf(why + len, n - (size_t)len, ")");
}

static const char *release_label(const void *set, size_t i)
{
    return ((const report *)set)->rel[i].label;
}

/* The release of row, added the first time its label is seen. */
static void add_release(report *r, const result_row *row)
{
    size_t k = 0;
    while (k < r->nrel && strcmp(r->rel[k].label, row->label) != 0)
        k++;
    if (k == r->nrel) {
        report_release *rel = &r->rel[r->nrel++];
        memcpy(rel->label, row->label, sizeof rel->label);
    }
    report_release *rel = &r->rel[k];
    if (rel->version_num == 0 && row->version_num != 0) {
        rel->version_num = row->version_num;
        memcpy(rel->version, row->version, sizeof rel->version);
        release_date_parse(row->version_text, rel->date, sizeof rel->date);
        if (!flavor_parse(row->flavor, &rel->flavor))
            rel->flavor = FLAVOR_OTHER; /* a fork this version does not know */
    }
    if (row->status == ST_OK)
        rel->ok_rows++;
}

/* The point of row (line `line` of the file), added the first time it is
 * seen; false with why when its names are not names. */
static bool add_point(report *r, const result_row *row, size_t line, char *why, size_t n)
{
    if (row->workload[0] == '\0' || row->api[0] == '\0')
        return true; /* e.g. a load_failed row for the whole library */
    if (!row_workload_valid(row->workload) || !is_token(row->api) || !is_token(row->op)) {
        snprintf(why, n,
                 "line %zu: workload, api and op must be names ([A-Za-z0-9._-]; "
                 "workload: one ':' may join two)",
                 line);
        return false;
    }
    report_point p = {.bytes = row->bytes, .threads = count_of(row->threads),
                      .procs = count_of(row->procs)};
    memcpy(p.workload, row->workload, sizeof p.workload);
    memcpy(p.api, row->api, sizeof p.api);
    memcpy(p.op, row->op, sizeof p.op);
    memcpy(p.unit, row->unit, sizeof p.unit);
    memcpy(p.kind, row->kind, sizeof p.kind);
    memcpy(p.family, row->family, sizeof p.family);
    order_add(&r->workloads, p.workload);
    order_add(&r->apis, p.api);
    order_add(&r->ops, p.op);
    size_t j = 0;
    while (j < r->npt && !same_key(&r->pt[j], &p))
        j++;
    if (j == r->npt)
        r->pt[r->npt++] = p;
    return true;
}

/* r->baseline: the release asked for, else the oldest with an ok row;
 * false with why. */
static bool pick_baseline(report *r, const char *baseline, char *why, size_t n)
{
    if (baseline != NULL) {
        for (r->baseline = 0; r->baseline < r->nrel; r->baseline++)
            if (strcmp(r->rel[r->baseline].label, baseline) == 0)
                break;
        if (r->baseline == r->nrel) {
            report_unknown_label(why, n, "baseline", baseline, "releases", release_label, r,
                                 r->nrel);
            return false;
        }
        if (r->rel[r->baseline].ok_rows == 0) {
            snprintf(why, n, "baseline '%s' has no successful result", baseline);
            return false;
        }
        return true;
    }
    char oldest[LABEL_SIZE];
    if (report_oldest_release(r->set, oldest))
        for (r->baseline = 0; r->baseline < r->nrel; r->baseline++)
            if (strcmp(r->rel[r->baseline].label, oldest) == 0)
                return true;
    snprintf(why, n, "no release has a successful result");
    return false;
}

bool report_init(report *r, const result_set *s, const char *baseline, char *why, size_t n)
{
    *r = (report){.set = s};
    if (s->count == 0) {
        snprintf(why, n, "no result rows to report on");
        return false;
    }
    /* Speed-ups, charts and speed tables are of rates: a count is no rate. */
    for (size_t i = 0; i < s->count; i++)
        if (unit_is_count(s->rows[i].unit)) {
            snprintf(why, n, "the rows are instruction counts (unit %s), not rates: the report "
                             "charts rates; compare counts with osslbench regress",
                     s->rows[i].unit);
            return false;
        }
    r->rel = calloc(s->count, sizeof *r->rel);
    r->pt = calloc(s->count, sizeof *r->pt);
    if (r->rel == NULL || r->pt == NULL)
        die_oom();
    for (size_t i = 0; i < s->count; i++) {
        add_release(r, &s->rows[i]);
        if (!add_point(r, &s->rows[i], i + 2, why, n)) {
            report_free(r);
            return false;
        }
    }
    qsort(r->rel, r->nrel, sizeof *r->rel, cmp_release);
    sorting = r;
    qsort(r->pt, r->npt, sizeof *r->pt, cmp_point);
    sorting = NULL;
    if (pick_baseline(r, baseline, why, n))
        return true;
    report_free(r);
    return false;
}

bool report_oldest_release(const result_set *s, char label[LABEL_SIZE])
{
    const result_row *oldest = NULL;
    for (size_t i = 0; i < s->count; i++) {
        const result_row *row = &s->rows[i];
        lib_flavor a, b;
        if (row->status != ST_OK)
            continue;
        if (!flavor_parse(row->flavor, &a))
            a = FLAVOR_OTHER;
        if (oldest != NULL && !flavor_parse(oldest->flavor, &b))
            b = FLAVOR_OTHER;
        if (oldest == NULL || release_order(a, row->version_num, row->label, b,
                                            oldest->version_num, oldest->label) < 0)
            oldest = row;
    }
    if (oldest != NULL)
        snprintf(label, LABEL_SIZE, "%s", oldest->label);
    return oldest != NULL;
}

void report_free(report *r)
{
    free(r->rel);
    free(r->pt);
    free(r->workloads.name);
    free(r->apis.name);
    free(r->ops.name);
    *r = (report){0};
}

const result_row *report_find_any(const report *r, size_t rel, const report_point *p)
{
    const result_row *any = NULL;
    for (size_t i = 0; i < r->set->count; i++) {
        const result_row *row = &r->set->rows[i];
        if (strcmp(row->label, r->rel[rel].label) != 0 || !same_point(row, p))
            continue;
        if (row->status == ST_OK)
            return row;
        if (any == NULL)
            any = row;
    }
    if (any != NULL)
        return any;
    /* No row at this point: a row for the whole library (one that did not
     * load) says why. */
    for (size_t i = 0; i < r->set->count; i++) {
        const result_row *row = &r->set->rows[i];
        if (row->workload[0] == '\0' && strcmp(row->label, r->rel[rel].label) == 0)
            return row;
    }
    return NULL;
}

const result_row *report_find(const report *r, size_t rel, const report_point *p)
{
    const result_row *row = report_find_any(r, rel, p);
    return row != NULL && row->status == ST_OK ? row : NULL;
}

void report_release_title(const report_release *rel, char *buf, size_t n)
{
    if (rel->flavor == FLAVOR_OPENSSL) {
        snprintf(buf, n, "%s", rel->label);
        return;
    }
    const char *flavor = flavor_name(rel->flavor);
    bool named = rel->flavor == FLAVOR_OTHER;
    for (const char *p = rel->label; *p && !named; p++)
        named = strncasecmp(p, flavor, strlen(flavor)) == 0;
    if (named)
        snprintf(buf, n, "%s (fork)", rel->label);
    else
        snprintf(buf, n, "%s (%s fork)", rel->label, flavor_title(rel->flavor));
}

void report_size_name(uint64_t bytes, char *buf, size_t n)
{
    if (bytes >= 1024 && bytes % 1024 == 0)
        snprintf(buf, n, "%llu KiB", (unsigned long long)(bytes / 1024));
    else
        snprintf(buf, n, "%llu B", (unsigned long long)bytes);
}

void report_file_token(const char *in, char *out, size_t n)
{
    size_t i = 0;
    for (; in[i] != '\0' && i + 1 < n; i++) {
        char c = in[i];
        bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
        out[i] = safe && !(i == 0 && c == '.') ? c : '_';
    }
    if (n > 0)
        out[i] = '\0';
}
