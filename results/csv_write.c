#include "csv.h"

#include <inttypes.h>
#include <string.h>

const char *const result_columns[] = {
    "label", "version", "version_num", "lib", "api", "workload", "op", "bytes", "rate",
    "unit", "ci_low", "ci_high", "samples", "iterations", "status", "note", "host", "cpu",
    "timestamp", "sample_rates",
};
const size_t result_column_count = sizeof result_columns / sizeof result_columns[0];

/* Quote only when needed; a line break inside a field would make a row
 * span lines, which line-oriented tools (gnuplot, grep) mishandle, so it is
 * written as a space. */
void csv_put_field(FILE *f, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
    fputc('"', f);
}

bool csv_write_header(FILE *f)
{
    for (size_t i = 0; i < result_column_count; i++)
        fprintf(f, "%s%s", i ? "," : "", result_columns[i]);
    fputc('\n', f);
    return fflush(f) == 0 && !ferror(f);
}

static void put_number(FILE *f, double x, bool present)
{
    if (present)
        fprintf(f, "%.6g", x);
}

bool csv_write_row(FILE *f, const result_row *r)
{
    bool has_rate = r->status == ST_OK;
    csv_put_field(f, r->label);
    fputc(',', f);
    csv_put_field(f, r->version);
    fprintf(f, ",0x%lx,", r->version_num);
    csv_put_field(f, r->lib);
    fputc(',', f);
    csv_put_field(f, r->api);
    fputc(',', f);
    csv_put_field(f, r->workload);
    fputc(',', f);
    csv_put_field(f, r->op);
    fprintf(f, ",%" PRIu64 ",", r->bytes);
    put_number(f, r->rate, has_rate);
    fprintf(f, ",%s,", r->unit);
    put_number(f, r->ci_low, has_rate);
    fputc(',', f);
    put_number(f, r->ci_high, has_rate);
    fprintf(f, ",%" PRIu32 ",%" PRIu64 ",%s,", r->samples, r->iterations,
            row_status_name(r->status));
    csv_put_field(f, r->note);
    fputc(',', f);
    csv_put_field(f, r->host);
    fputc(',', f);
    csv_put_field(f, r->cpu);
    fputc(',', f);
    csv_put_field(f, r->timestamp);
    fputc(',', f);
    for (size_t i = 0; i < r->nsample; i++)
        fprintf(f, "%s%.6g", i ? " " : "", r->sample_rates[i]);
    fputc('\n', f);
    return fflush(f) == 0 && !ferror(f);
}
