#include "csv.h"
#include "text_visible.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *const result_columns[] = {
#define COL(name, type, required) #name,
#include "columns.def"
#undef COL
};
const size_t result_column_count = sizeof result_columns / sizeof result_columns[0];

/* Quotes doubled; a line break inside a field would make a row span lines,
 * which line-oriented tools (gnuplot, grep) mishandle, so it is written as a
 * space.  `lead` goes inside the opening quote. */
static void put_quoted(FILE *f, const char *lead, const char *s)
{
    fputc('"', f);
    fputs(lead, f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
    fputc('"', f);
}

/* Quote only when needed. */
void csv_put_field(FILE *f, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
        return;
    }
    put_quoted(f, "", s);
}

/* A plain number: what a spreadsheet reads as a number, never a formula. */
static bool plain_number(const char *s)
{
    const char *p = s + (*s == '-' || *s == '+');
    size_t digits = 0;
    for (; *p >= '0' && *p <= '9'; p++)
        digits++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            digits++;
    if (digits == 0)
        return false;
    if (*p == 'e' || *p == 'E') {
        p += 1 + (p[1] == '-' || p[1] == '+');
        if (*p < '0' || *p > '9')
            return false;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    return *p == '\0';
}

/* A spreadsheet runs a cell that begins with = + - @ (or TAB, CR) as a
 * formula ("CSV injection").  Such a cell gets a leading ' and quotes; so
 * does one that already begins with ', so that dropping one leading ' reads
 * any guarded cell back exactly (`osslbench columns` does).  results.csv keeps its
 * values as measured (csv_put_field): osslbench reads it back. */
void csv_put_text(FILE *f, const char *s)
{
    char *shown = text_visible_dup(s, true);
    if (strchr("=+-@\t\r'", *s) == NULL || *s == '\0' || plain_number(s))
        csv_put_field(f, shown != NULL ? shown : s);
    else
        put_quoted(f, "'", shown != NULL ? shown : s);
    free(shown);
}

bool csv_write_header(FILE *f)
{
    for (size_t i = 0; i < result_column_count; i++)
        fprintf(f, "%s%s", i ? "," : "", result_columns[i]);
    fputc('\n', f);
    return fflush(f) == 0 && !ferror(f);
}

/* One writer per column type of columns.def. */
static void put_TEXT(FILE *f, const result_row *r, const char *v)
{
    (void)r;
    csv_put_field(f, v);
}

static void put_HEX(FILE *f, const result_row *r, unsigned long v)
{
    (void)r;
    fprintf(f, "0x%lx", v);
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

/* Rates only on ok rows: an empty field means "no value".  Nine
 * significant digits: a median over samples of >= 2 ms timed to the
 * nanosecond has no more. */
static void put_RATE(FILE *f, const result_row *r, double v)
{
    if (r->status == ST_OK)
        fprintf(f, "%.9g", v);
}

static void put_STATUS(FILE *f, const result_row *r, row_status v)
{
    (void)r;
    fputs(row_status_name(v), f);
}

/* The raw data of the intervals, written exactly (17 significant digits
 * round-trip a double): rounding must not turn two samples into a tie, and
 * a summary recomputed from them equals the runner's. */
void csv_put_samples(FILE *f, const result_row *r)
{
    for (size_t i = 0; i < r->nsample; i++)
        fprintf(f, "%s%.17g", i ? " " : "", r->sample_rates[i]);
}

void csv_put_blocks(FILE *f, const result_row *r)
{
    for (size_t i = 0; i < r->nblock; i++)
        fprintf(f, "%s%" PRIu32, i ? " " : "", r->sample_blocks[i]);
}

static void put_SAMPLES(FILE *f, const result_row *r, const double *v)
{
    (void)v;
    csv_put_samples(f, r);
}

static void put_BLOCKS(FILE *f, const result_row *r, const uint32_t *v)
{
    (void)v;
    csv_put_blocks(f, r);
}

bool csv_write_row(FILE *f, const result_row *r)
{
    size_t column = 0;
#define COL(name, type, required)                                                             \
    if (column++ > 0)                                                                         \
        fputc(',', f);                                                                        \
    put_##type(f, r, r->name);
#include "columns.def"
#undef COL
    fputc('\n', f);
    return fflush(f) == 0 && !ferror(f);
}
