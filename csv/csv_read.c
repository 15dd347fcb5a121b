#include "csv.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FIELDS = 64, MAX_LINE = 1 << 20 };

typedef struct {
    char *field[MAX_FIELDS];
    size_t count;
} split_line;

/* Splits one RFC 4180 line in place (quotes removed, "" unescaped). */
static bool split(char *line, split_line *out, const char **err)
{
    out->count = 0;
    char *r = line, *w = line;
    for (;;) {
        if (out->count == MAX_FIELDS) {
            *err = "too many fields";
            return false;
        }
        out->field[out->count++] = w;
        if (*r == '"') {
            r++;
            for (;;) {
                if (*r == '\0') {
                    *err = "unterminated quoted field";
                    return false;
                }
                if (*r == '"' && r[1] == '"') {
                    *w++ = '"';
                    r += 2;
                } else if (*r == '"') {
                    r++;
                    break;
                } else {
                    *w++ = *r++;
                }
            }
            if (*r != ',' && *r != '\0') {
                *err = "text after a closing quote";
                return false;
            }
        } else {
            while (*r != ',' && *r != '\0') {
                if (*r == '"') {
                    *err = "stray quote";
                    return false;
                }
                *w++ = *r++;
            }
        }
        if (*r == '\0') {
            *w = '\0';
            return true;
        }
        *w++ = '\0';
        r++;
    }
}

enum col {
#define COL(name, type, required) C_##name,
#include "columns.def"
#undef COL
    C_COUNT
};
static const bool required[C_COUNT] = {
#define COL(name, type, req) [C_##name] = req,
#include "columns.def"
#undef COL
};

static bool copy_text(char *dst, size_t n, const char *src)
{
    size_t len = strlen(src);
    if (len >= n)
        return false;
    memcpy(dst, src, len + 1);
    return true;
}

static bool parse_u64(const char *s, uint64_t *out)
{
    if (*s == '\0' || *s == '-')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno != 0 || *end != '\0')
        return false;
    *out = v;
    return true;
}

/* Empty means "no value" (rows that are not ok carry no rate). */
static bool parse_rate(const char *s, double *out)
{
    if (*s == '\0') {
        *out = NAN;
        return true;
    }
    char *end;
    errno = 0;
    *out = strtod(s, &end);
    return errno == 0 && *end == '\0' && isfinite(*out) && *out >= 0.0;
}

static bool parse_samples(const char *s, result_row *r)
{
    size_t cap = 0;
    for (const char *p = s; *p;) {
        while (*p == ' ')
            p++;
        if (*p == '\0')
            break;
        char *end;
        errno = 0;
        double v = strtod(p, &end);
        if (end == p || errno != 0 || !isfinite(v) || v < 0.0 || (*end != ' ' && *end != '\0'))
            return false;
        if (r->nsample == cap) {
            cap = cap ? cap * 2 : 16;
            double *grown = realloc(r->sample_rates, cap * sizeof *grown);
            if (grown == NULL)
                return false;
            r->sample_rates = grown;
        }
        r->sample_rates[r->nsample++] = v;
        p = end;
    }
    return true;
}

/* One parser per column type of columns.def; each returns false on a
 * malformed value. */
#define GET_TEXT(s, r, field) copy_text((r)->field, sizeof (r)->field, s)
#define GET_HEX(s, r, field) get_ulong(s, &(r)->field)
#define GET_U64(s, r, field) (*(s) == '\0' || parse_u64(s, &(r)->field))
#define GET_U32(s, r, field) get_u32(s, &(r)->field)
#define GET_RATE(s, r, field) parse_rate(s, &(r)->field)
#define GET_STATUS(s, r, field) row_status_parse(s, &(r)->field)
#define GET_SAMPLES(s, r, field) parse_samples(s, r)
#define GET_COUNT(s, r, field) (get_u32(s, &(r)->field) && (r)->field >= 1)

static bool get_ulong(const char *s, unsigned long *out)
{
    uint64_t u = 0;
    if (*s != '\0' && (!parse_u64(s, &u) || u > ULONG_MAX))
        return false;
    *out = (unsigned long)u;
    return true;
}

static bool get_u32(const char *s, uint32_t *out)
{
    uint64_t u;
    if (!parse_u64(s, &u) || u > UINT32_MAX)
        return false;
    *out = (uint32_t)u;
    return true;
}

static const char *fill_row(result_row *r, char *const *f)
{
#define COL(name, type, req)                                                                  \
    if (f[C_##name] != NULL && !GET_##type(f[C_##name], r, name))                              \
        return "bad " #name;
#include "columns.def"
#undef COL
    /* Files from before the worker columns measured one thread in one process. */
    r->threads = r->threads ? r->threads : 1;
    r->procs = r->procs ? r->procs : 1;
    if (f[C_bytes] != NULL && *f[C_bytes] == '\0')
        return "bad bytes";
    if (r->status == ST_OK && (isnan(r->rate) || isnan(r->ci_low) || isnan(r->ci_high)))
        return "ok row without a rate";
    /* A row about a whole library (it did not load) names no point, no unit. */
    bool whole_library = r->status != ST_OK && r->workload[0] == '\0' && r->unit[0] == '\0';
    if (!whole_library && strcmp(r->unit, "B/s") != 0 && strcmp(r->unit, "op/s") != 0)
        return "unit is neither B/s nor op/s";
    return NULL;
}

static bool read_line(FILE *f, char **buf, size_t *cap, bool *complete, bool *eof)
{
    size_t len = 0;
    int c;
    *complete = false;
    while ((c = fgetc(f)) != EOF) {
        if (len + 2 > *cap) {
            if (*cap >= MAX_LINE)
                return false;
            *cap = *cap ? *cap * 2 : 4096;
            char *grown = realloc(*buf, *cap);
            if (grown == NULL)
                return false;
            *buf = grown;
        }
        if (c == '\n') {
            *complete = true;
            break;
        }
        (*buf)[len++] = (char)c;
    }
    *eof = c == EOF && len == 0;
    if (len > 0 && (*buf)[len - 1] == '\r')
        len--;
    if (*cap == 0) {
        *buf = malloc(1);
        if (*buf == NULL)
            return false;
        *cap = 1;
    }
    (*buf)[len] = '\0';
    return true;
}

bool csv_read_stream(FILE *f, const char *name, result_set *out, char *why, size_t n)
{
    *out = (result_set){0};
    char *line = NULL;
    size_t cap = 0, lineno = 0, rows_cap = 0;
    int map[C_COUNT];
    bool ok = false, complete, eof;
    const char *err = NULL;
    split_line sl;

    for (;;) {
        if (!read_line(f, &line, &cap, &complete, &eof)) {
            snprintf(why, n, "%s: line %zu: line too long or out of memory", name, lineno + 1);
            goto done;
        }
        if (eof)
            break;
        lineno++;
        if (!complete) {
            snprintf(why, n, "%s: line %zu: truncated (no end of line)", name, lineno);
            goto done;
        }
        if (!split(line, &sl, &err)) {
            snprintf(why, n, "%s: line %zu: %s", name, lineno, err);
            goto done;
        }
        if (lineno == 1) {
            for (int c = 0; c < C_COUNT; c++) {
                map[c] = -1;
                for (size_t i = 0; i < sl.count; i++)
                    if (strcmp(sl.field[i], result_columns[c]) == 0)
                        map[c] = (int)i;
                if (required[c] && map[c] < 0) {
                    snprintf(why, n, "%s: not an osslbench results CSV (no column '%s')", name,
                             result_columns[c]);
                    goto done;
                }
            }
            continue;
        }
        if (sl.count == 1 && sl.field[0][0] == '\0')
            continue; /* blank line */
        char *fields[C_COUNT];
        for (int c = 0; c < C_COUNT; c++) {
            if (map[c] >= 0 && (size_t)map[c] >= sl.count) {
                snprintf(why, n, "%s: line %zu: %zu fields, expected at least %d", name, lineno,
                         sl.count, map[c] + 1);
                goto done;
            }
            fields[c] = map[c] >= 0 ? sl.field[map[c]] : NULL;
        }
        if (out->count == rows_cap) {
            rows_cap = rows_cap ? rows_cap * 2 : 64;
            result_row *grown = realloc(out->rows, rows_cap * sizeof *grown);
            if (grown == NULL) {
                snprintf(why, n, "%s: out of memory", name);
                goto done;
            }
            out->rows = grown;
        }
        result_row *r = &out->rows[out->count];
        memset(r, 0, sizeof *r);
        out->count++;
        if ((err = fill_row(r, fields)) != NULL) {
            snprintf(why, n, "%s: line %zu: %s", name, lineno, err);
            goto done;
        }
    }
    if (lineno == 0) {
        snprintf(why, n, "%s: empty file, not an osslbench results CSV", name);
        goto done;
    }
    ok = true;
done:
    free(line);
    if (!ok)
        result_set_free(out);
    return ok;
}

bool csv_read_file(const char *path, result_set *out, char *why, size_t n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        snprintf(why, n, "%s: %s", path, strerror(errno));
        return false;
    }
    bool ok = csv_read_stream(f, path, out, why, n);
    fclose(f);
    return ok;
}

void result_set_free(result_set *s)
{
    for (size_t i = 0; i < s->count; i++)
        result_row_free(&s->rows[i]);
    free(s->rows);
    *s = (result_set){0};
}
