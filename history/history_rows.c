/* history_rows.h: one binder per column type of columns.def, as
 * csv_write.c has a writer, and the way back through the CSV reader. */
#define _GNU_SOURCE
#include "history_rows.h"
#include "sample_pack.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each column's name in the SELECT lists: schema 2 keeps both sample
 * columns in the one blob. */
#define NAME1_SAMPLES(name) #name
#define NAME1_BLOCKS(name) #name
#define NAME2_SAMPLES(name) "sample_pack"
#define NAME2_BLOCKS(name) "sample_pack"
#define NAME_TEXT(name) #name
#define NAME_HEX(name) #name
#define NAME_U64(name) #name
#define NAME_U32(name) #name
#define NAME_COUNT(name) #name
#define NAME_RATE(name) #name
#define NAME_STATUS(name) #name
#define NAME1_TEXT NAME_TEXT
#define NAME1_HEX NAME_HEX
#define NAME1_U64 NAME_U64
#define NAME1_U32 NAME_U32
#define NAME1_COUNT NAME_COUNT
#define NAME1_RATE NAME_RATE
#define NAME1_STATUS NAME_STATUS
#define NAME2_TEXT NAME_TEXT
#define NAME2_HEX NAME_HEX
#define NAME2_U64 NAME_U64
#define NAME2_U32 NAME_U32
#define NAME2_COUNT NAME_COUNT
#define NAME2_RATE NAME_RATE
#define NAME2_STATUS NAME_STATUS

const char history_columns_v1[] = "row"
#define COL(name, type, required) ", " NAME1_##type(name)
#include "../csv/columns.def"
#undef COL
    ;
const char history_columns_v2[] = "row"
#define COL(name, type, required) ", " NAME2_##type(name)
#include "../csv/columns.def"
#undef COL
    ;

/* The INSERT: sample_blocks has no column of its own (its blob is
 * sample_rates'), so it adds neither a name nor a parameter. */
#define INSERT_NAME(type, name) INSERT_NAME_##type(name)
#define INSERT_NAME_BLOCKS(name)
#define INSERT_NAME_SAMPLES(name) ", sample_pack"
#define INSERT_NAME_TEXT(name) ", " #name
#define INSERT_NAME_HEX INSERT_NAME_TEXT
#define INSERT_NAME_U64 INSERT_NAME_TEXT
#define INSERT_NAME_U32 INSERT_NAME_TEXT
#define INSERT_NAME_COUNT INSERT_NAME_TEXT
#define INSERT_NAME_RATE INSERT_NAME_TEXT
#define INSERT_NAME_STATUS INSERT_NAME_TEXT
#define INSERT_MARK_BLOCKS
#define INSERT_MARK_SAMPLES ", ?"
#define INSERT_MARK_TEXT ", ?"
#define INSERT_MARK_HEX ", ?"
#define INSERT_MARK_U64 ", ?"
#define INSERT_MARK_U32 ", ?"
#define INSERT_MARK_COUNT ", ?"
#define INSERT_MARK_RATE ", ?"
#define INSERT_MARK_STATUS ", ?"

const char history_insert_row[] = "INSERT INTO results(row"
#define COL(name, type, required) INSERT_NAME(type, name)
#include "../csv/columns.def"
#undef COL
                                  ") VALUES(?"
#define COL(name, type, required) INSERT_MARK_##type
#include "../csv/columns.def"
#undef COL
                                  ")";

typedef struct {
    sqlite3_stmt *st;
    int i; /* the next parameter */
    const result_row *r;
    char *why;
    size_t n;
    bool said; /* why holds the reason */
} binder;

static bool bind_TEXT(binder *b, const char *v)
{
    return sq.sqlite3_bind_text(b->st, b->i++, v, -1, SQ_COPY) == SQLITE_OK;
}

static bool bind_HEX(binder *b, unsigned long v)
{
    char hex[32];
    snprintf(hex, sizeof hex, "0x%lx", v);
    return bind_TEXT(b, hex);
}

static bool bind_U64(binder *b, uint64_t v)
{
    return sq.sqlite3_bind_int64(b->st, b->i++, (long long)v) == SQLITE_OK;
}

static bool bind_U32(binder *b, uint32_t v)
{
    return bind_U64(b, v);
}

static bool bind_COUNT(binder *b, uint32_t v)
{
    return bind_U64(b, v ? v : 1);
}

/* As in the CSV: a rate only on an ok row. */
static bool bind_RATE(binder *b, double v)
{
    if (b->r->status == ST_OK)
        return sq.sqlite3_bind_double(b->st, b->i++, v) == SQLITE_OK;
    return sq.sqlite3_bind_null(b->st, b->i++) == SQLITE_OK;
}

static bool bind_STATUS(binder *b, row_status v)
{
    return bind_TEXT(b, row_status_name(v));
}

/* In sample_rates' blob, with the rates. */
static bool bind_BLOCKS(binder *b, const uint32_t *v)
{
    (void)b, (void)v;
    return true;
}

static bool bind_SAMPLES(binder *b, const double *v)
{
    unsigned char *blob;
    size_t len;
    if (!sample_pack(v, b->r->nsample, b->r->sample_blocks, b->r->nblock, &blob, &len) || len > INT32_MAX) {
        snprintf(b->why, b->n, "samples that cannot be packed (a rate not above 0 or not finite)");
        b->said = true;
        return false;
    }
    bool ok = sq.sqlite3_bind_blob(b->st, b->i++, blob, (int)len, SQ_COPY) == SQLITE_OK;
    free(blob);
    return ok;
}

bool history_bind_row(sqlite3_stmt *st, long long row, const result_row *r, char *why, size_t n)
{
    binder b = {.st = st, .i = 1, .r = r, .why = why, .n = n};
    bool ok = bind_U64(&b, (uint64_t)row);
#define COL(name, type, required) ok = ok && bind_##type(&b, r->name);
#include "../csv/columns.def"
#undef COL
    if (!ok && !b.said)
        snprintf(why, n, "cannot bind a value");
    return ok;
}

bool history_samples_read(sqlite3_stmt *st, int col, result_row *r, char *why, size_t n)
{
    free(r->sample_rates), free(r->sample_blocks);
    r->sample_rates = NULL, r->sample_blocks = NULL, r->nsample = r->nblock = 0;
    if (sq.sqlite3_column_type(st, col) != SQLITE_BLOB) {
        snprintf(why, n, "sample_pack is not a blob");
        return false;
    }
    const unsigned char *blob = sq.sqlite3_column_blob(st, col);
    int len = sq.sqlite3_column_bytes(st, col);
    return sample_unpack(blob, len > 0 ? (size_t)len : 0, &r->sample_rates, &r->nsample, &r->sample_blocks,
                         &r->nblock, why, n);
}

/* The type of each CSV column, to find the sample columns. */
static const char *const col_type[] = {
#define COL(name, type, required) #type,
#include "../csv/columns.def"
#undef COL
};

bool history_row_read(sqlite3_stmt *st, int first, int schema, result_set *out, char *why, size_t n)
{
    char *csv = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&csv, &len);
    if (m == NULL)
        abort();
    csv_write_header(m);
    result_row samples = {0};
    bool ok = true, unpacked = false;
    for (int i = 0; ok && i < (int)result_column_count; i++) {
        int c = first + i, type = sq.sqlite3_column_type(st, c);
        bool rates = strcmp(col_type[i], "SAMPLES") == 0, blocks = strcmp(col_type[i], "BLOCKS") == 0;
        if (i > 0)
            fputc(',', m);
        if (schema >= 2 && (rates || blocks)) {
            ok = unpacked || history_samples_read(st, c, &samples, why, n);
            unpacked = true;
            if (ok)
                (rates ? csv_put_samples : csv_put_blocks)(m, &samples);
            continue;
        }
        const unsigned char *t = type == SQLITE_NULL ? NULL : sq.sqlite3_column_text(st, c);
        if (type == SQLITE_FLOAT)
            fprintf(m, "%.17g", sq.sqlite3_column_double(st, c));
        else if (t != NULL)
            csv_put_field(m, (const char *)t);
    }
    fputc('\n', m);
    fclose(m);
    result_row_free(&samples);
    FILE *in = ok ? fmemopen(csv, len, "r") : NULL;
    ok = in != NULL && csv_read_stream(in, "history database", out, why, n);
    if (ok && out->count != 1) {
        snprintf(why, n, "history database: not one row");
        ok = false;
    }
    if (in != NULL)
        fclose(in);
    free(csv);
    return ok;
}
