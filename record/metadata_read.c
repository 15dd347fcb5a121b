#define _GNU_SOURCE
#include "metadata_read.h"
#include "folder_file.h"

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

size_t metadata_read(const char *path, metadata_entry **out)
{
    char why[128];
    FILE *in = path != NULL ? folder_file_open(path, FOLDER_FILE_TEXT_MAX, why, sizeof why) : NULL;
    char *line = NULL;
    size_t cap = 0, n = 0;
    *out = NULL;
    while (in != NULL && folder_file_line(in, &line, &cap) >= 0) {
        char *colon = strstr(line, ": ");
        if (colon == NULL || colon == line || (size_t)(colon - line) > MAX_KEY)
            continue;
        *colon = '\0';
        size_t k = 0;
        while (k < n && strcmp((*out)[k].key, line) != 0)
            k++;
        if (k == n) {
            metadata_entry *more = realloc(*out, (n + 1) * sizeof **out);
            if (more == NULL)
                abort();
            *out = more;
            (*out)[n++] = (metadata_entry){.key = copy(line)};
        }
        char **vals = realloc((*out)[k].values, ((*out)[k].n + 1) * sizeof *vals);
        if (vals == NULL)
            abort();
        (*out)[k].values = vals;
        vals[(*out)[k].n++] = copy(colon + 2);
    }
    free(line);
    if (in != NULL)
        fclose(in);
    return n;
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
