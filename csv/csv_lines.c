#include "csv_lines.h"

#include <stdlib.h>

bool csv_split(char *line, csv_line *out, const char **err)
{
    out->count = 0;
    char *r = line, *w = line;
    for (;;) {
        if (out->count == CSV_MAX_FIELDS) {
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

bool csv_read_line(FILE *f, char **buf, size_t *cap, bool *complete, bool *eof, bool *nul)
{
    size_t len = 0;
    int c;
    *complete = false;
    *nul = false;
    while ((c = fgetc(f)) != EOF) {
        if (len + 2 > *cap) {
            if (*cap >= CSV_MAX_LINE)
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
        *nul = *nul || c == '\0';
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

