#include "derived_csv.h"

#include <inttypes.h>
#include <math.h>

typedef enum {
#define RATIO_COL(id, speedup, scaling) RATIO_COL_##id,
#include "ratio_columns.def"
#undef RATIO_COL
    RATIO_COL_COUNT
} ratio_column;

static const char *const ratio_names[2][RATIO_COL_COUNT] = {
#define RATIO_COL(id, speedup, scaling) [RATIO_COL_##id] = speedup,
    [RATIO_CSV_SPEEDUP] = {
#include "ratio_columns.def"
    },
#undef RATIO_COL
#define RATIO_COL(id, speedup, scaling) [RATIO_COL_##id] = scaling,
    [RATIO_CSV_SCALING] = {
#include "ratio_columns.def"
    },
#undef RATIO_COL
};

void derived_csv_number(FILE *f, double x)
{
    if (isfinite(x))
        fprintf(f, "%.6g", x);
}

void derived_csv_header(FILE *f, const char *const *names, size_t n)
{
    const char *sep = "";
    for (size_t i = 0; i < n; i++)
        if (names[i] != NULL) {
            fprintf(f, "%s%s", sep, names[i]);
            sep = ",";
        }
    fputc('\n', f);
}

void ratio_csv_header(FILE *f, ratio_csv_file file)
{
    derived_csv_header(f, ratio_names[file], RATIO_COL_COUNT);
}

static void put_cell(FILE *f, const report *r, ratio_column c, const ratio_csv_line *l)
{
    switch (c) {
    case RATIO_COL_LABEL:
        csv_put_text(f, r->rel[l->rel].label);
        break;
    case RATIO_COL_VERSION:
        csv_put_text(f, r->rel[l->rel].version);
        break;
    case RATIO_COL_BASELINE:
        csv_put_text(f, r->rel[r->baseline].label);
        break;
    case RATIO_COL_WORKLOAD:
        csv_put_text(f, l->p->workload);
        break;
    case RATIO_COL_API:
        csv_put_text(f, l->p->api);
        break;
    case RATIO_COL_OP:
        csv_put_text(f, l->p->op);
        break;
    case RATIO_COL_BYTES:
        fprintf(f, "%" PRIu64, l->p->bytes);
        break;
    case RATIO_COL_THREADS:
        fprintf(f, "%u", l->p->threads);
        break;
    case RATIO_COL_PROCS:
        fprintf(f, "%u", l->p->procs);
        break;
    case RATIO_COL_UNIT:
        csv_put_text(f, l->p->unit);
        break;
    case RATIO_COL_RATE:
        derived_csv_number(f, l->row ? l->row->rate : NAN);
        break;
    case RATIO_COL_REF_RATE:
        derived_csv_number(f, l->ref ? l->ref->rate : NAN);
        break;
    case RATIO_COL_RATIO:
        derived_csv_number(f, l->q.ratio);
        break;
    case RATIO_COL_RATIO_LOW:
        derived_csv_number(f, l->q.lo);
        break;
    case RATIO_COL_RATIO_HIGH:
        derived_csv_number(f, l->q.hi);
        break;
    case RATIO_COL_CI_METHOD:
        fputs(l->q.method == CI_NONE ? "" : ci_method_name(l->q.method), f);
        break;
    case RATIO_COL_DISTURBED:
        fputs(l->q.disturbed ? "yes" : "", f);
        break;
    case RATIO_COL_STATUS:
        fputs(l->any == NULL ? "missing" : row_status_name(l->any->status), f);
        break;
    case RATIO_COL_COUNT:
        break;
    }
}

void ratio_csv_row(FILE *f, const report *r, ratio_csv_file file, const ratio_csv_line *l)
{
    const char *sep = "";
    for (size_t c = 0; c < RATIO_COL_COUNT; c++)
        if (ratio_names[file][c] != NULL) {
            fputs(sep, f);
            put_cell(f, r, (ratio_column)c, l);
            sep = ",";
        }
    fputc('\n', f);
}
