#include "csv_fields.h"
#include "units.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool copy_text(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src);
    if (len >= n)
        return false;
    memcpy(dst, src, len + 1);
    return true;
}

/* Decimal as the writer prints it: digits only, no sign, no space, no
 * leading zero ("016" is not 16, and base-0 parsing once read it as 14),
 * at most max. */
static bool parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    if (!isdigit((unsigned char)*s) || (s[0] == '0' && s[1] != '\0'))
        return false;
    for (const char *p = s; *p; p++)
        if (!isdigit((unsigned char)*p))
            return false;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno != 0 || v > max)
        return false;
    *out = v;
    return true;
}

/* version_num: "0x" and hex digits as written; plain decimal from hand-made files. */
static bool get_ulong(const char *s, unsigned long *out)
{
    if (*s == '\0') {
        *out = 0;
        return true;
    }
    uint64_t u = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        size_t len = strlen(s + 2);
        if (len == 0 || len > 16 || strspn(s + 2, "0123456789abcdefABCDEF") != len)
            return false;
        u = strtoull(s + 2, NULL, 16);
    } else if (!parse_u64(s, ULONG_MAX, &u)) {
        return false;
    }
    if (u > ULONG_MAX)
        return false;
    *out = (unsigned long)u;
    return true;
}

static bool get_u32(const char *s, uint32_t *out)
{
    uint64_t u;
    if (!parse_u64(s, UINT32_MAX, &u))
        return false;
    *out = (uint32_t)u;
    return true;
}

/* The end of a decimal number as %g prints one: digits, a point and
 * digits, an exponent; NULL when s does not start with one.  strtod takes
 * more ("0x10" is 16 to it, "inf", "nan"), which no writer prints. */
static const char *decimal_end(const char *s)
{
    size_t digits = strspn(s, "0123456789");
    const char *p = s + digits;
    if (*p == '.') {
        size_t after = strspn(p + 1, "0123456789");
        digits += after;
        p += 1 + after;
    }
    if (digits == 0)
        return NULL;
    if (*p == 'e' || *p == 'E') {
        const char *q = p + 1 + (p[1] == '+' || p[1] == '-');
        size_t exp = strspn(q, "0123456789");
        p = exp > 0 ? q + exp : NULL;
    }
    return p;
}

/* A rate: a decimal number in [0, ROW_RATE_MAX] with no sign ("-0" and
 * "+1" are not what the writer prints, nor are "nan", "inf", hexadecimal
 * or leading spaces). */
static bool parse_number(const char *s, const char **end, double *out)
{
    if ((*end = decimal_end(s)) == NULL)
        return false;
    errno = 0;
    char *e;
    *out = strtod(s, &e);
    return e == *end && errno == 0 && row_rate_in_range(*out);
}

/* Empty means "no value" (rows that are not ok carry no rate). */
bool csv_parse_rate(const char *s, double *out)
{
    if (*s == '\0') {
        *out = NAN;
        return true;
    }
    const char *end;
    return parse_number(s, &end, out) && *end == '\0';
}

/* Space-separated numbers, each handed to take (false: the value is refused). */
static bool each_number(const char *s, result_row *r, bool (*take)(result_row *r, double v))
{
    for (const char *p = s; *p;) {
        while (*p == ' ')
            p++;
        if (*p == '\0')
            break;
        const char *end;
        double v;
        if (!parse_number(p, &end, &v) || (*end != ' ' && *end != '\0') || !take(r, v))
            return false;
        p = end;
    }
    return true;
}

/* Room for one more of n items: the array doubles at every power of two
 * (NULL when it cannot; items is then as it was). */
static void *room_for_one_more(void *items, size_t n, size_t size)
{
    if (n != 0 && (n & (n - 1)) != 0)
        return items;
    return realloc(items, (n ? 2 * n : 16) * size);
}

/* Each sample is a measured rate: above zero (a zero would be a sample that
 * did nothing, and makes every ratio over it infinite). */
static bool take_rate(result_row *r, double v)
{
    bool room = v > 0.0 && r->nsample < ROW_SAMPLES_MAX;
    double *rates = room ? room_for_one_more(r->sample_rates, r->nsample, sizeof *rates) : NULL;
    if (rates == NULL)
        return false;
    r->sample_rates = rates;
    r->sample_rates[r->nsample++] = v;
    return true;
}

/* Rounds per visit: whole numbers above 0; that they add up to the samples
 * is checked once the whole row is read. */
static bool take_block(result_row *r, double v)
{
    bool whole = v >= 1 && v <= UINT32_MAX && v == floor(v) && r->nblock < ROW_SAMPLES_MAX;
    uint32_t *blocks = whole ? room_for_one_more(r->sample_blocks, r->nblock, sizeof *blocks) : NULL;
    if (blocks == NULL)
        return false;
    r->sample_blocks = blocks;
    r->sample_blocks[r->nblock++] = (uint32_t)v;
    return true;
}

/* One parser per column type of columns.def; each returns false on a
 * malformed value. */
#define GET_TEXT(s, r, field) copy_text((r)->field, sizeof (r)->field, s)
#define GET_HEX(s, r, field) get_ulong(s, &(r)->field)
#define GET_U64(s, r, field) (*(s) == '\0' || parse_u64(s, ROW_COUNT_MAX, &(r)->field))
#define GET_U32(s, r, field) get_u32(s, &(r)->field)
#define GET_RATE(s, r, field) csv_parse_rate(s, &(r)->field)
#define GET_STATUS(s, r, field) row_status_parse(s, &(r)->field)
#define GET_SAMPLES(s, r, field) each_number(s, r, take_rate)
#define GET_BLOCKS(s, r, field) each_number(s, r, take_block)
#define GET_COUNT(s, r, field) (get_u32(s, &(r)->field) && (r)->field >= 1)

/* What each type wants, for the message. */
#define WANT_TEXT "too long"
#define WANT_HEX "0x and hex digits"
#define WANT_U64 "a decimal whole number: no sign, no leading zero"
#define WANT_U32 WANT_U64
#define WANT_RATE "a decimal number from 0 to 1e18 without a sign, or empty"
#define WANT_STATUS "ok, unsupported, kat_failed, crashed, timeout, load_failed or error"
#define WANT_SAMPLES "at most 65536 decimal numbers above 0 up to 1e18, separated by spaces"
#define WANT_BLOCKS "at most 65536 whole numbers above 0, separated by spaces"
#define WANT_COUNT "a decimal whole number >= 1"

/* The columns that name things: they reach file names, chart titles and
 * tables, so they are names (the label's characters), never free text.
 * note, lib, host, cpu, timestamp and run_id stay free text; each output
 * escapes them. */
static const char *check_names(const result_row *r)
{
    if (!row_label_valid(r->label))
        return "bad label (" ROW_LABEL_RULE ")";
    static const struct {
        const char *what;
        size_t offset;
        bool (*valid)(const char *s);
    } names[] = {
        {"bad version", offsetof(result_row, version), row_name_valid},
        {"bad flavor", offsetof(result_row, flavor), row_name_valid},
        {"bad api", offsetof(result_row, api), row_name_valid},
        {"bad workload", offsetof(result_row, workload), row_workload_valid},
        {"bad op", offsetof(result_row, op), row_name_valid},
        {"bad kind", offsetof(result_row, kind), row_name_valid},
        {"bad family", offsetof(result_row, family), row_name_valid},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!names[i].valid((const char *)r + names[i].offset))
            return names[i].what;
    return NULL;
}

const char *csv_fill_row(result_row *r, char *const *f)
{
#define COL(name, type, req)                                                                  \
    if (f[C_##name] != NULL && !GET_##type(f[C_##name], r, name))                              \
        return "bad " #name " (" WANT_##type ")";
#include "columns.def"
#undef COL
    /* Files from before the worker columns measured one thread in one process. */
    r->threads = r->threads ? r->threads : 1;
    r->procs = r->procs ? r->procs : 1;
    if (f[C_bytes] != NULL && *f[C_bytes] == '\0')
        return "bad bytes (" WANT_U64 ")";
    if (r->bytes > ROW_BYTES_MAX)
        return "bad bytes (at most 67108864: the largest block a run measures)";
    const char *bad = check_names(r);
    if (bad != NULL)
        return bad;
    if (r->status == ST_OK && (isnan(r->rate) || isnan(r->ci_low) || isnan(r->ci_high)))
        return "ok row without a rate";
    if (r->status == ST_OK && r->rate == 0.0)
        return "ok row with a rate of 0";
    if (!isnan(r->ci_low) && !isnan(r->ci_high) && r->ci_low > r->ci_high)
        return "ci_low is above ci_high";
    size_t rounds = 0;
    for (size_t b = 0; b < r->nblock; b++)
        rounds += r->sample_blocks[b];
    if (r->nblock > 0 && rounds != r->nsample)
        return "sample_blocks do not add up to the samples in sample_rates";
    /* A row about a whole library (it did not load) names no point, no unit. */
    bool whole_library = r->status != ST_OK && r->workload[0] == '\0' && r->unit[0] == '\0';
    if (!whole_library && !unit_known(r->unit))
        return "unit is none of B/s, op/s, instr/op";
    return NULL;
}
