#include "csv_fields.h"
#include "csv_lines.h"
#include "../record/folder_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const bool required[C_COUNT] = {
#define COL(name, type, req) [C_##name] = req,
#include "columns.def"
#undef COL
};

/* The header: columns found by name.  A UTF-8 byte order mark before it
 * (spreadsheets write one) is skipped. */
static bool read_header(char *line, int *map, const char *name, char *why, size_t n)
{
    if (strncmp(line, "\xEF\xBB\xBF", 3) == 0)
        memmove(line, line + 3, strlen(line + 3) + 1);
    csv_line sl;
    const char *err;
    if (!csv_split(line, &sl, &err)) {
        snprintf(why, n, "%s: line 1: %s", name, err);
        return false;
    }
    for (int c = 0; c < C_COUNT; c++) {
        map[c] = -1;
        for (size_t i = 0; i < sl.count; i++)
            if (strcmp(sl.field[i], result_columns[c]) == 0 && map[c] >= 0) {
                /* which of the two is the value?  Neither is guessed. */
                snprintf(why, n, "%s: line 1: column '%s' given twice", name, result_columns[c]);
                return false;
            } else if (strcmp(sl.field[i], result_columns[c]) == 0) {
                map[c] = (int)i;
            }
        if (required[c] && map[c] < 0) {
            snprintf(why, n, "%s: not an osslbench results CSV (no column '%s')", name,
                     result_columns[c]);
            return false;
        }
    }
    return true;
}

static bool grow(result_set *out, size_t **lines, size_t *cap)
{
    if (out->count < *cap)
        return true;
    size_t ncap = *cap ? *cap * 2 : 64;
    result_row *rows = realloc(out->rows, ncap * sizeof *rows);
    if (rows == NULL)
        return false;
    out->rows = rows;
    size_t *l = realloc(*lines, ncap * sizeof *l);
    if (l == NULL)
        return false;
    *lines = l;
    *cap = ncap;
    return true;
}

/* The fields of a row line by column (NULL: not in the file): 1, 0 for a
 * blank line, -1 with what is wrong in why ("line N: ..."). */
static int row_fields(char *line, size_t lineno, const int *map, char **fields, char *why, size_t n)
{
    csv_line sl;
    const char *err;
    if (!csv_split(line, &sl, &err)) {
        snprintf(why, n, "line %zu: %s", lineno, err);
        return -1;
    }
    if (sl.count == 1 && sl.field[0][0] == '\0')
        return 0;
    for (int c = 0; c < C_COUNT; c++) {
        if (map[c] >= 0 && (size_t)map[c] >= sl.count) {
            snprintf(why, n, "line %zu: %zu fields, expected at least %d", lineno, sl.count, map[c] + 1);
            return -1;
        }
        fields[c] = map[c] >= 0 ? sl.field[map[c]] : NULL;
    }
    return 1;
}

/* The writer flushes whole lines, so a last line without its end of line
 * is a write cut short (a full disk, a crash): its rows before it are whole
 * and are read, the cut one is dropped with a warning (even if it parses,
 * its last fields may be short).  A bad line anywhere else is an error. */
bool csv_read_stream(FILE *f, const char *name, result_set *out, char *why, size_t n)
{
    *out = (result_set){0};
    char *line = NULL;
    size_t cap = 0, lineno = 0, rows_cap = 0, *lines = NULL;
    int map[C_COUNT];
    bool ok = false, complete, eof, nul;
    const char *err = NULL;

    for (;;) {
        if (!csv_read_line(f, &line, &cap, &complete, &eof, &nul)) {
            snprintf(why, n, "%s: line %zu: line too long or out of memory", name, lineno + 1);
            goto done;
        }
        if (ferror(f)) {
            snprintf(why, n, "%s: %s", name, strerror(errno));
            goto done;
        }
        if (eof)
            break;
        lineno++;
        if (nul) {
            snprintf(why, n, "%s: line %zu: a NUL byte (not a text file)", name, lineno);
            goto done;
        }
        if (!complete && lineno == 1) {
            snprintf(why, n, "%s: line 1: the header is cut short (no end of line)", name);
            goto done;
        }
        if (!complete) {
            out->cut_line = lineno;
            snprintf(out->warning, sizeof out->warning,
                     "%s: line %zu is cut short (no end of line: a full disk or a crash?); "
                     "ignored, %zu whole rows read",
                     name, lineno, out->count);
            break;
        }
        if (lineno == 1) {
            if (!read_header(line, map, name, why, n))
                goto done;
            continue;
        }
        char *fields[C_COUNT], what[160];
        int got = row_fields(line, lineno, map, fields, what, sizeof what);
        if (got < 0) {
            snprintf(why, n, "%s: %s", name, what);
            goto done;
        }
        if (got == 0)
            continue; /* blank line */
        if (!grow(out, &lines, &rows_cap)) {
            snprintf(why, n, "%s: out of memory", name);
            goto done;
        }
        result_row *r = &out->rows[out->count];
        memset(r, 0, sizeof *r);
        lines[out->count++] = lineno;
        if ((err = csv_fill_row(r, fields)) != NULL) {
            snprintf(why, n, "%s: line %zu: %s", name, lineno, err);
            goto done;
        }
    }
    if (lineno == 0) {
        snprintf(why, n, "%s: empty file, not an osslbench results CSV", name);
        goto done;
    }
    ok = csv_units_agree(out, lines, name, why, n);
done:
    free(line);
    free(lines);
    if (!ok)
        result_set_free(out);
    return ok;
}

bool csv_read_file(const char *path, bool named, result_set *out, char *why, size_t n)
{
    *out = (result_set){0};
    char refused[128];
    FILE *f = named ? folder_file_open_named(path, FOLDER_FILE_CSV_MAX, refused, sizeof refused)
                    : folder_file_open(path, FOLDER_FILE_CSV_MAX, refused, sizeof refused);
    if (f == NULL) {
        snprintf(why, n, "%s: %s%s", path, strcmp(refused, "missing") == 0 ? strerror(ENOENT) : refused,
                 named ? "" : " (a run folder's files are read as regular files inside it)");
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
