#define _GNU_SOURCE
#include "metadata_read.h"
#include "folder_file.h"
#include "name_index.h"
#include "room.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_KEY = 64 };

static char *copy(const char *s)
{
    char *c = strdup(s);
    if (c == NULL)
        abort();
    return c;
}

/* One "key: value" line into the entries, its key found through ix. */
static bool add(metadata_entry **out, size_t *n, name_index *ix, char *line)
{
    char *colon = strstr(line, ": ");
    if (colon == NULL || colon == line || (size_t)(colon - line) > MAX_KEY)
        return true;
    *colon = '\0';
    size_t k = name_index_get(ix, line);
    if (k == NAME_INDEX_NONE) {
        if (*n == METADATA_KEYS_MAX)
            return false;
        *out = room_for_one(*out, *n, sizeof **out);
        k = (*n)++;
        (*out)[k] = (metadata_entry){.key = copy(line)};
        name_index_put(ix, (*out)[k].key, k);
    }
    metadata_entry *e = &(*out)[k];
    e->values = room_for_one(e->values, e->n, sizeof *e->values);
    e->values[e->n++] = copy(colon + 2);
    return true;
}

/* The lines of in (NULL: none) into the entries; false when there are
 * more than METADATA_KEYS_MAX keys (and then none). */
static bool read_lines(FILE *in, metadata_entry **out, size_t *count)
{
    *out = NULL;
    *count = 0;
    char *line = NULL;
    size_t cap = 0;
    name_index ix = {0};
    bool ok = true;
    while (ok && in != NULL && folder_file_line(in, &line, &cap) >= 0)
        ok = add(out, count, &ix, line);
    free(line);
    name_index_free(&ix);
    if (!ok) {
        metadata_free(*out, *count);
        *out = NULL;
        *count = 0;
    }
    return ok;
}

bool metadata_read(const char *path, metadata_entry **out, size_t *count, char *why, size_t n)
{
    char refused[128];
    *out = NULL;
    *count = 0;
    FILE *in = path != NULL ? folder_file_open(path, FOLDER_FILE_TEXT_MAX, refused, sizeof refused) : NULL;
    if (in == NULL && path != NULL && strcmp(refused, "missing") != 0) {
        snprintf(why, n, "%s: %s (a run folder's files are read as regular files inside it)", path, refused);
        return false;
    }
    bool ok = read_lines(in, out, count);
    if (in != NULL)
        fclose(in);
    if (!ok)
        snprintf(why, n, "%s: more than %d keys (a run writes about 60)", path, METADATA_KEYS_MAX);
    return ok;
}

bool metadata_parse(const char *text, size_t len, metadata_entry **out, size_t *count)
{
    FILE *in = len > 0 ? fmemopen((void *)text, len, "r") : NULL;
    bool ok = read_lines(in, out, count);
    if (in != NULL)
        fclose(in);
    return ok;
}

const char *metadata_first(const metadata_entry *e, size_t n, const char *key)
{
    for (size_t k = 0; k < n; k++)
        if (strcmp(e[k].key, key) == 0)
            return e[k].n > 0 ? e[k].values[0] : NULL;
    return NULL;
}

void metadata_free(metadata_entry *e, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        for (size_t i = 0; i < e[k].n; i++)
            free(e[k].values[i]);
        free(e[k].values);
        free(e[k].key);
    }
    free(e);
}

bool run_metadata_path(const char *csv_path, char *out, size_t n)
{
    const char *slash = strrchr(csv_path, '/');
    const char *base = slash ? slash + 1 : csv_path;
    size_t dir = (size_t)(base - csv_path), len = strlen(csv_path);
    int w;
    if (strcmp(base, "results.csv") == 0 || strcmp(base, "results.json") == 0)
        w = snprintf(out, n, "%.*smetadata.txt", (int)dir, csv_path);
    else if (len > 4 && strcmp(csv_path + len - 4, ".csv") == 0 && base[0] != '.')
        w = snprintf(out, n, "%.*s.metadata.txt", (int)(len - 4), csv_path);
    else if (len > 5 && strcmp(csv_path + len - 5, ".json") == 0 && base[0] != '.')
        w = snprintf(out, n, "%.*s.metadata.txt", (int)(len - 5), csv_path);
    else
        w = snprintf(out, n, "%s.metadata.txt", csv_path);
    return w >= 0 && (size_t)w < n;
}
