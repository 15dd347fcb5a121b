#define _GNU_SOURCE
#include "history_query.h"
#include "../analysis/markdown.h"
#include "../csv/csv.h"
#include "../csv/json_write.h"
#include "../csv/text_visible.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The one table of what a history row shows: its name in every format, and
 * the SQL that gives it (from the results and runs tables). */
static const struct {
    const char *name, *sql;
    bool number;
    int width; /* in the terminal table */
} fields[] = {
    {"run_id", "r.run_id", false, 34}, {"started", "u.started", false, 20},
    {"host", "u.host", false, 12},     {"label", "r.label", false, 14},
    {"version", "r.version", false, 9}, {"workload", "r.workload", false, 12},
    {"api", "r.api", false, 8},        {"op", "r.op", false, 8},
    {"bytes", "r.bytes", true, 6},     {"threads", "r.threads", true, 7},
    {"procs", "r.procs", true, 5},     {"rate", "r.rate", true, 12},
    {"ci_low", "r.ci_low", true, 12},  {"ci_high", "r.ci_high", true, 12},
    {"unit", "r.unit", false, 5},      {"status", "r.status", false, 0},
};
enum { NFIELDS = sizeof fields / sizeof fields[0] };

/* Text for a terminal: a control character (an escape sequence from a
 * hostile metadata.txt) shows escaped (text_put_visible). */
static void term_put(FILE *f, const char *s, int width)
{
    for (size_t len = text_put_visible(f, s, false); len < (size_t)width; len++)
        fputc(' ', f);
}

/* A number field's text, or NULL with why: a crafted database can hold a
 * text, a blob or an infinity where a number belongs. */
static const char *number_text(sqlite3_stmt *st, int i, char *num, size_t n, const char **why)
{
    int type = sq.sqlite3_column_type(st, i);
    if (type == SQLITE_INTEGER) {
        snprintf(num, n, "%lld", sq.sqlite3_column_int64(st, i));
        return num;
    }
    double v = sq.sqlite3_column_double(st, i);
    if (type == SQLITE_FLOAT && isfinite(v)) {
        snprintf(num, n, "%.9g", v);
        return num;
    }
    *why = type == SQLITE_FLOAT ? "not finite" : "not a number";
    return NULL;
}

/* One field; *note gets what a JSON null stands for. */
static void put_value(FILE *f, history_format fmt, sqlite3_stmt *st, int i, bool last, char *note, size_t nn)
{
    bool null = sq.sqlite3_column_type(st, i) == SQLITE_NULL;
    const unsigned char *raw = null ? NULL : sq.sqlite3_column_text(st, i);
    const char *text = raw != NULL ? (const char *)raw : "", *why = NULL;
    char num[64];
    if (fields[i].number && !null && (text = number_text(st, i, num, sizeof num, &why)) == NULL) {
        size_t used = strlen(note);
        snprintf(note + used, nn - used, "%s%s in the database was %s", used ? "; " : "", fields[i].name, why);
        text = "";
        null = true;
    }
    switch (fmt) {
    case HF_TERM:
        term_put(f, text, fields[i].width);
        fputs(last ? "\n" : " ", f);
        break;
    case HF_CSV:
        csv_put_text(f, text);
        fputs(last ? "\n" : ",", f);
        break;
    case HF_MD:
        fputs(i == 0 ? "| " : " ", f);
        md_put_text(f, text);
        fputs(last ? " |\n" : " |", f);
        break;
    case HF_JSON:
        fprintf(f, "%s\"%s\": ", i ? ", " : "{", fields[i].name);
        if (null)
            fputs("null", f);
        else if (fields[i].number)
            fputs(text, f);
        else
            json_put_string(f, text);
        if (last && *note) {
            fputs(", \"note\": ", f);
            json_put_string(f, note);
        }
        fputs(last ? "}" : "", f);
        break;
    }
}

static void put_head(FILE *f, history_format fmt, const history_query *q)
{
    for (int i = 0; fmt != HF_JSON && i < NFIELDS; i++) {
        bool last = i == NFIELDS - 1;
        if (fmt == HF_TERM)
            term_put(f, fields[i].name, fields[i].width),
                fputs(last ? "\n" : " ", f);
        else if (fmt == HF_CSV)
            fprintf(f, "%s%s", fields[i].name, last ? "\n" : ",");
        else
            fprintf(f, "%s%s%s", i ? " " : "| ", fields[i].name, last ? " |\n" : " |");
    }
    if (fmt == HF_MD)
        for (int i = 0; i < NFIELDS; i++)
            fputs(i == NFIELDS - 1 ? "|---|\n" : "|---", f);
    if (fmt == HF_JSON) {
        fputs("{\n  \"query\": {\"workload\": ", f);
        json_put_string(f, q->workload);
        const char *opt[][2] = {{"api", q->api}, {"label", q->label}, {"bytes", q->bytes}};
        for (size_t i = 0; i < 3; i++)
            if (opt[i][1] != NULL) {
                fprintf(f, ", \"%s\": ", opt[i][0]);
                json_put_string(f, opt[i][1]);
            }
        fputs("},\n  \"history\": [", f);
    }
}

long history_write(sqlite3 *db, const history_query *q, FILE *f, char *why, size_t n)
{
    char *sql = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&sql, &len);
    if (m == NULL)
        abort();
    fputs("SELECT ", m);
    for (int i = 0; i < NFIELDS; i++)
        fprintf(m, "%s%s", i ? ", " : "", fields[i].sql);
    fputs(" FROM results r JOIN runs u ON u.run_id = r.run_id WHERE r.workload = ?1"
          " AND (?2 IS NULL OR r.api = ?2) AND (?3 IS NULL OR r.label = ?3)"
          " AND (?4 IS NULL OR r.bytes = CAST(?4 AS INTEGER))"
          " ORDER BY u.started, r.run_id, r.label, r.api, r.op, r.bytes, r.threads, r.procs", m);
    fclose(m);
    sqlite3_stmt *st = NULL;
    if (sq.sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        snprintf(why, n, "%s", sq.sqlite3_errmsg(db));
        free(sql);
        return -1;
    }
    free(sql);
    const char *params[] = {q->workload, q->api, q->label, q->bytes};
    for (int i = 0; i < 4; i++)
        if (params[i] != NULL)
            sq.sqlite3_bind_text(st, i + 1, params[i], -1, SQ_COPY);
    put_head(f, q->format, q);
    long rows = 0;
    int rc;
    while ((rc = sq.sqlite3_step(st)) == SQLITE_ROW) {
        if (q->format == HF_JSON)
            fputs(rows ? ",\n    " : "\n    ", f);
        char note[256] = "";
        for (int i = 0; i < NFIELDS; i++)
            put_value(f, q->format, st, i, i == NFIELDS - 1, note, sizeof note);
        rows++;
    }
    if (q->format == HF_JSON)
        fputs(rows ? "\n  ]\n}\n" : "]\n}\n", f);
    if (rc != SQLITE_DONE) {
        snprintf(why, n, "%s", sq.sqlite3_errmsg(db));
        rows = -1;
    }
    sq.sqlite3_finalize(st);
    return rows;
}
