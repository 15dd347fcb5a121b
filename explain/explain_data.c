/* explain's CSV and JSON: every function of every profiled library, not
 * only the largest changes, so that a script can sum, sort or join them. */
#include "explain_write.h"

#include "../csv/csv.h"
#include "../csv/json_write.h"

#include <inttypes.h>
#include <math.h>

static const char *const columns[] = {
#define ECOL(name, what) #name,
#include "explain_columns.def"
#undef ECOL
};

void explain_csv_header(FILE *f)
{
    for (size_t c = 0; c < sizeof columns / sizeof *columns; c++)
        fprintf(f, "%s%s", c ? "," : "", columns[c]);
    fputc('\n', f);
}

typedef struct {
    const char *kind, *name, *side;
    double self, incl, calls, change, share; /* NAN: an empty cell */
} csv_cells;

static void put_number(FILE *f, double v)
{
    if (!isnan(v))
        fprintf(f, "%.10g", v);
}

static void csv_line(FILE *f, const explained_point *p, const explained_lib *l, const csv_cells *c)
{
    csv_put_text(f, p->workload), fputc(',', f);
    csv_put_text(f, p->api), fputc(',', f);
    csv_put_text(f, p->op), fprintf(f, ",%" PRIu64 ",", p->bytes);
    csv_put_text(f, l->row.label), fputc(',', f);
    csv_put_text(f, p->lib[p->baseline].row.label), fputc(',', f);
    csv_put_text(f, c->kind), fputc(',', f);
    csv_put_text(f, c->name), fputc(',', f);
    const double v[] = {c->self, c->incl, c->calls, c->change, c->share};
    for (size_t k = 0; k < sizeof v / sizeof *v; k++)
        put_number(f, v[k]), fputc(',', f);
    csv_put_text(f, c->side);
    fputc('\n', f);
}

static const point_diff *diff_for(const explained_point *p, size_t lib)
{
    for (size_t i = 0; i < p->ndiff; i++)
        if (p->diff[i].lib == lib)
            return &p->diff[i];
    return NULL;
}

static void csv_counters(FILE *f, const explained_point *p, const explained_lib *l, bool base)
{
    const explained_lib *b = &p->lib[p->baseline];
    for (int c = 0; c < COUNTER_COUNT; c++)
        csv_line(f, p, l,
                 &(csv_cells){"counter", counter_name((counter_id)c), base ? "baseline" : "both",
                              l->counter_calls[c], l->counter_cost[c], l->counter_calls[c],
                              base ? NAN : l->counter_calls[c] - b->counter_calls[c], NAN});
}

void explain_csv_point(FILE *f, const explained_point *p)
{
    if (p->baseline == SIZE_MAX)
        return;
    for (size_t i = 0; i < p->nlib; i++) {
        const explained_lib *l = &p->lib[i];
        if (!l->profiled)
            continue;
        bool base = i == p->baseline;
        csv_counters(f, p, l, base);
        const point_diff *d = diff_for(p, i);
        if (base)
            for (size_t k = 0; k < l->prof.nfn; k++)
                if (fn_counted(l, k))
                    csv_line(f, p, l,
                         &(csv_cells){"function", l->prof.fn[k].name, "baseline",
                                      fn_self_per_op(l, k), fn_incl_per_op(l, k),
                                      fn_calls_per_op(l, k), NAN, NAN});
        for (size_t k = 0; d != NULL && k < d->nfn; k++) {
            const function_change *c = &d->fn[k];
            csv_line(f, p, l,
                     &(csv_cells){"function", c->name, diff_side(d, c), c->lib_self, c->lib_incl,
                                  c->lib_calls, c->delta,
                                  d->delta != 0 ? c->delta / d->delta : NAN});
        }
    }
}

static void json_num(FILE *f, const char *key, double v, bool comma)
{
    fprintf(f, "\"%s\": ", key);
    if (isnan(v) || isinf(v))
        fputs("null", f);
    else
        fprintf(f, "%.10g", v);
    if (comma)
        fputs(", ", f);
}

static void json_key_string(FILE *f, const char *key, const char *v)
{
    fprintf(f, "\"%s\": ", key);
    json_put_string(f, v);
    fputs(", ", f);
}

static void json_lib(FILE *f, const explained_point *p, size_t i)
{
    const explained_lib *l = &p->lib[i];
    fputs("{", f);
    json_key_string(f, "label", l->row.label);
    json_key_string(f, "version", l->row.version);
    json_key_string(f, "status", row_status_name(l->row.status));
    json_key_string(f, "note", l->row.note);
    fprintf(f, "\"baseline\": %s, ", i == p->baseline ? "true" : "false");
    if (!l->profiled) {
        fputs("\"functions\": []}", f);
        return;
    }
    fprintf(f, "\"iterations\": %" PRIu64 ", ", l->row.iterations);
    json_num(f, "instructions_per_op", lib_total_per_op(l), true);
    fputs("\"counters\": {", f);
    for (int c = 0; c < COUNTER_COUNT; c++) {
        fprintf(f, "%s\"%s\": {", c ? ", " : "", counter_name((counter_id)c));
        json_num(f, "calls_per_op", l->counter_calls[c], true);
        json_num(f, "instructions_per_op", l->counter_cost[c], false);
        fputs("}", f);
    }
    fputs("}, \"functions\": [", f);
    for (size_t k = 0, shown = 0; k < l->prof.nfn; k++) {
        if (!fn_counted(l, k))
            continue;
        fputs(shown++ ? ",\n  {" : "\n  {", f);
        json_key_string(f, "name", l->prof.fn[k].name);
        json_num(f, "self_per_op", fn_self_per_op(l, k), true);
        json_num(f, "inclusive_per_op", fn_incl_per_op(l, k), true);
        json_num(f, "calls_per_op", fn_calls_per_op(l, k), false);
        fputs("}", f);
    }
    fputs("]}", f);
}

static void json_diff(FILE *f, const explained_point *p, const point_diff *d)
{
    fputs("{", f);
    json_key_string(f, "label", p->lib[d->lib].row.label);
    json_key_string(f, "baseline", p->lib[p->baseline].row.label);
    json_num(f, "change_per_op", d->delta, true);
    fputs("\"functions\": [", f);
    for (size_t k = 0; k < d->nfn; k++) {
        const function_change *c = &d->fn[k];
        fputs(k ? ",\n  {" : "\n  {", f);
        json_key_string(f, "name", c->name);
        json_key_string(f, "side", diff_side(d, c));
        json_num(f, "baseline_self_per_op", c->base_self, true);
        json_num(f, "self_per_op", c->lib_self, true);
        json_num(f, "change_per_op", c->delta, true);
        json_num(f, "share_of_change", d->delta != 0 ? c->delta / d->delta : NAN, true);
        json_num(f, "baseline_calls_per_op", c->base_calls, true);
        json_num(f, "calls_per_op", c->lib_calls, false);
        fputs("}", f);
    }
    fputs("]}", f);
}

void explain_json_point(FILE *f, const explained_point *p, bool first)
{
    fputs(first ? "\n{" : ",\n{", f);
    json_key_string(f, "workload", p->workload);
    json_key_string(f, "api", p->api);
    json_key_string(f, "op", p->op);
    fprintf(f, "\"bytes\": %" PRIu64 ", \"baseline\": ", p->bytes);
    if (p->baseline == SIZE_MAX)
        fputs("null", f);
    else
        json_put_string(f, p->lib[p->baseline].row.label);
    fputs(",\n\"libraries\": [", f);
    for (size_t i = 0; i < p->nlib; i++) {
        fputs(i ? ",\n" : "\n", f);
        json_lib(f, p, i);
    }
    fputs("],\n\"changes\": [", f);
    for (size_t i = 0; i < p->ndiff; i++) {
        fputs(i ? ",\n" : "\n", f);
        json_diff(f, p, &p->diff[i]);
    }
    fputs("]}", f);
}
