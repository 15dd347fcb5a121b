#define _GNU_SOURCE
#include "explain_point.h"

#include "../analysis/report.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct {
    const char *name, *functions, *what;
} counters[] = {
#define COUNTER(name, functions, what) {#name, functions, what},
#include "counters.def"
#undef COUNTER
};

const char *counter_name(counter_id c)
{
    return counters[c].name;
}

const char *counter_what(counter_id c)
{
    return counters[c].what;
}

bool counter_matches(counter_id c, const char *function)
{
    char name[256], pat[128];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(function, "@"), function);
    for (const char *s = counters[c].functions; *s;) {
        s += strspn(s, " ");
        size_t len = strcspn(s, " ");
        if (len == 0)
            break;
        snprintf(pat, sizeof pat, "%.*s", (int)len, s);
        if (fnmatch(pat, name, 0) == 0)
            return true;
        s += len;
    }
    return false;
}

double fn_self_per_op(const explained_lib *l, size_t f)
{
    return f == SIZE_MAX ? 0 : (double)l->prof.fn[f].self * l->per_op;
}

double fn_incl_per_op(const explained_lib *l, size_t f)
{
    return f == SIZE_MAX ? 0 : (double)l->prof.fn[f].inclusive * l->per_op;
}

double fn_calls_per_op(const explained_lib *l, size_t f)
{
    return f == SIZE_MAX ? 0 : (double)l->prof.fn[f].calls * l->per_op;
}

bool fn_counted(const explained_lib *l, size_t f)
{
    return l->prof.fn[f].self > 0 || l->prof.fn[f].calls > 0;
}

double lib_total_per_op(const explained_lib *l)
{
    return (double)l->prof.total * l->per_op;
}

/* Calls into each family from outside it, and what they cost. */
static void count_families(explained_lib *l)
{
    const cg_profile *p = &l->prof;
    unsigned *member = calloc(p->nfn ? p->nfn : 1, sizeof *member);
    if (member == NULL)
        abort();
    for (size_t f = 0; f < p->nfn; f++)
        for (int c = 0; c < COUNTER_COUNT; c++)
            if (counter_matches((counter_id)c, p->fn[f].name))
                member[f] |= 1u << c;
    for (size_t k = 0; k < p->ncall; k++) {
        const cg_call *call = &p->call[k];
        unsigned entering = member[call->callee] & ~member[call->caller];
        for (int c = 0; c < COUNTER_COUNT; c++)
            if (entering & (1u << c)) {
                l->counter_calls[c] += (double)call->calls * l->per_op;
                l->counter_cost[c] += (double)call->cost * l->per_op;
            }
    }
    free(member);
}

bool explained_point_add(explained_point *p, const result_row *row, const char *dir, char *why,
                         size_t n)
{
    if (p->nlib == 0) {
        snprintf(p->workload, sizeof p->workload, "%s", row->workload);
        snprintf(p->api, sizeof p->api, "%s", row->api);
        snprintf(p->op, sizeof p->op, "%s", row->op);
        p->bytes = row->bytes;
        p->baseline = SIZE_MAX;
    }
    explained_lib *more = realloc(p->lib, (p->nlib + 1) * sizeof *more);
    if (more == NULL)
        abort();
    p->lib = more;
    explained_lib *l = &p->lib[p->nlib++];
    *l = (explained_lib){.row = *row};
    l->row.sample_rates = NULL, l->row.nsample = 0; /* not kept: the rate is enough */
    l->row.sample_blocks = NULL, l->row.nblock = 0;
    if (row->status != ST_OK)
        return true;
    if (row->profile[0] == '\0' || row->iterations == 0) {
        snprintf(why, n, "%s: no profile came back for %s %s %s", row->label, row->workload,
                 row->api, row->op);
        return false;
    }
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, row->profile);
    bool ok = cg_profile_read(path, &l->prof, why, n);
    unlink(path);
    if (!ok)
        return false;
    l->profiled = true;
    l->per_op = 1.0 / (double)row->iterations;
    count_families(l);
    return true;
}

const function_change *diff_nth(const point_diff *d, size_t k, bool increases, double least)
{
    if (k >= d->nfn)
        return NULL;
    const function_change *c = &d->fn[increases ? k : d->nfn - 1 - k];
    return (increases ? c->delta > least : c->delta < -least) ? c : NULL;
}

static int by_delta(const void *a, const void *b)
{
    const function_change *x = a, *y = b;
    if (x->delta != y->delta)
        return x->delta < y->delta ? 1 : -1;
    return strcmp(x->name, y->name);
}

static function_change change_of(const explained_lib *b, const explained_lib *l, size_t bf,
                                  size_t lf)
{
    function_change c = {.name = lf != SIZE_MAX ? l->prof.fn[lf].name : b->prof.fn[bf].name,
                         .base_fn = bf, .lib_fn = lf};
    c.base_self = fn_self_per_op(b, bf), c.lib_self = fn_self_per_op(l, lf);
    c.base_incl = fn_incl_per_op(b, bf), c.lib_incl = fn_incl_per_op(l, lf);
    c.base_calls = fn_calls_per_op(b, bf), c.lib_calls = fn_calls_per_op(l, lf);
    c.delta = c.lib_self - c.base_self;
    return c;
}

/* Every function of either side, largest increase first. */
static void diff_of(const explained_lib *b, const explained_lib *l, point_diff *d)
{
    size_t cap = b->prof.nfn + l->prof.nfn;
    d->fn = malloc((cap ? cap : 1) * sizeof *d->fn);
    if (d->fn == NULL)
        abort();
    for (size_t f = 0; f < l->prof.nfn; f++) {
        size_t bf = cg_profile_find(&b->prof, l->prof.fn[f].name);
        bool in_b = bf != SIZE_MAX && fn_counted(b, bf);
        if (fn_counted(l, f) || in_b)
            d->fn[d->nfn++] = change_of(b, l, in_b ? bf : SIZE_MAX, fn_counted(l, f) ? f : SIZE_MAX);
    }
    for (size_t f = 0; f < b->prof.nfn; f++) {
        size_t lf = cg_profile_find(&l->prof, b->prof.fn[f].name);
        if (fn_counted(b, f) && lf == SIZE_MAX)
            d->fn[d->nfn++] = change_of(b, l, f, SIZE_MAX);
    }
    qsort(d->fn, d->nfn, sizeof *d->fn, by_delta);
    d->delta = lib_total_per_op(l) - lib_total_per_op(b);
}

static size_t pick_baseline(const explained_point *p, const char *want)
{
    result_set set = {.rows = malloc((p->nlib ? p->nlib : 1) * sizeof(result_row)), .count = 0};
    if (set.rows == NULL)
        abort();
    for (size_t i = 0; i < p->nlib; i++)
        if (p->lib[i].profiled)
            set.rows[set.count++] = p->lib[i].row;
    char oldest[LABEL_SIZE] = "";
    if (want == NULL && !report_oldest_release(&set, oldest)) {
        free(set.rows);
        return SIZE_MAX;
    }
    free(set.rows);
    for (size_t i = 0; i < p->nlib; i++)
        if (p->lib[i].profiled && strcmp(p->lib[i].row.label, want ? want : oldest) == 0)
            return i;
    return SIZE_MAX;
}

bool explained_point_finish(explained_point *p, const char *want, char *why, size_t n)
{
    p->baseline = pick_baseline(p, want);
    if (p->baseline == SIZE_MAX) {
        if (want != NULL)
            snprintf(why, n, "%s %s %s: the baseline %s has no profile of this point", p->workload,
                     p->api, p->op, want);
        return want == NULL; /* nothing profiled: nothing to explain, no error */
    }
    p->diff = calloc(p->nlib, sizeof *p->diff);
    if (p->diff == NULL)
        abort();
    for (size_t i = 0; i < p->nlib; i++)
        if (i != p->baseline && p->lib[i].profiled) {
            p->diff[p->ndiff].lib = i;
            diff_of(&p->lib[p->baseline], &p->lib[i], &p->diff[p->ndiff++]);
        }
    return true;
}

void explained_point_free(explained_point *p)
{
    for (size_t i = 0; i < p->ndiff; i++)
        free(p->diff[i].fn);
    free(p->diff);
    for (size_t i = 0; i < p->nlib; i++)
        cg_profile_free(&p->lib[i].prof);
    free(p->lib);
    *p = (explained_point){0};
}
