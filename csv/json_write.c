#include "json_write.h"
#include "csv.h"
#include "text_visible.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void json_put_string(FILE *f, const char *s)
{
    fputc('"', f);
    while (*s != '\0') {
        uint32_t c = 0;
        size_t len = text_utf8_char(s, &c);
        if (len == 0)
            fputs("\\ufffd", f);
        else if (c == '"' || c == '\\')
            fprintf(f, "\\%c", (int)c);
        else if (text_char_is_control(c) || c == '<' || c == '>' || c == '&')
            fprintf(f, "\\u%04x", (unsigned)c); /* C1 and bidi controls too: a terminal acts on them */
        else
            fwrite(s, 1, len, f);
        s += len ? len : 1;
    }
    fputc('"', f);
}

/* A number JSON can hold (no NaN or infinity: null instead). */
static void put_number(FILE *f, double v, int digits)
{
    if (isfinite(v))
        fprintf(f, "%.*g", digits, v);
    else
        fputs("null", f);
}

/* One writer per column type of columns.def, as csv_write.c has. */
static void put_TEXT(FILE *f, const result_row *r, const char *v)
{
    (void)r;
    json_put_string(f, v);
}

static void put_HEX(FILE *f, const result_row *r, unsigned long v)
{
    (void)r;
    fprintf(f, "\"0x%lx\"", v);
}

static void put_U64(FILE *f, const result_row *r, uint64_t v)
{
    (void)r;
    fprintf(f, "%" PRIu64, v);
}

static void put_U32(FILE *f, const result_row *r, uint32_t v)
{
    (void)r;
    fprintf(f, "%" PRIu32, v);
}

static void put_COUNT(FILE *f, const result_row *r, uint32_t v)
{
    put_U32(f, r, v ? v : 1);
}

/* As in the CSV: a rate only on an ok row (null otherwise). */
static void put_RATE(FILE *f, const result_row *r, double v)
{
    if (r->status == ST_OK)
        put_number(f, v, 9);
    else
        fputs("null", f);
}

static void put_STATUS(FILE *f, const result_row *r, row_status v)
{
    (void)r;
    json_put_string(f, row_status_name(v));
}

static void put_SAMPLES(FILE *f, const result_row *r, const double *v)
{
    fputc('[', f);
    for (size_t i = 0; i < r->nsample; i++) {
        if (i)
            fputc(',', f);
        put_number(f, v[i], 17);
    }
    fputc(']', f);
}

static void put_BLOCKS(FILE *f, const result_row *r, const uint32_t *v)
{
    fputc('[', f);
    for (size_t i = 0; i < r->nblock; i++)
        fprintf(f, "%s%" PRIu32, i ? "," : "", v[i]);
    fputc(']', f);
}

static void put_row(FILE *f, const result_row *r)
{
    const char *sep = "{";
#define COL(name, type, required)                                                             \
    fprintf(f, "%s\"" #name "\": ", sep);                                                     \
    put_##type(f, r, r->name);                                                                \
    sep = ", ";
#include "columns.def"
#undef COL
    fputc('}', f);
}

static void put_context(FILE *f, const metadata_entry *ctx, size_t n)
{
    fputs("{", f);
    for (size_t k = 0; k < n; k++) {
        fputs(k ? ",\n    " : "\n    ", f);
        json_put_string(f, ctx[k].key ? ctx[k].key : "");
        fputs(": ", f);
        if (ctx[k].n > 1)
            fputc('[', f);
        for (size_t i = 0; i < ctx[k].n; i++) {
            if (i)
                fputs(", ", f);
            json_put_string(f, ctx[k].values[i] ? ctx[k].values[i] : "");
        }
        if (ctx[k].n > 1)
            fputc(']', f);
    }
    fputs(n ? "\n  }" : "}", f);
}

bool json_write_results(FILE *f, const result_row *rows, size_t n, const metadata_entry *ctx,
                        size_t nctx)
{
    fputs("{\n  \"schema\": ", f);
    json_put_string(f, RESULTS_JSON_SCHEMA);
    fputs(",\n  \"context\": ", f);
    put_context(f, ctx, nctx);
    fputs(",\n  \"results\": [", f);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        put_row(f, &rows[i]);
    }
    fputs(n ? "\n  ]\n}\n" : "]\n}\n", f);
    return fflush(f) == 0 && !ferror(f);
}
