#include "row.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const status_names[ST_COUNT] = {
    "ok", "unsupported", "kat_failed", "crashed", "timeout", "load_failed", "error",
};

const char *row_status_name(row_status s)
{
    return s < ST_COUNT ? status_names[s] : "?";
}

bool row_status_parse(const char *name, row_status *out)
{
    for (int i = 0; i < ST_COUNT; i++)
        if (strcmp(name, status_names[i]) == 0) {
            *out = (row_status)i;
            return true;
        }
    return false;
}

bool row_status_is_failure(row_status s)
{
    return s != ST_OK && s != ST_UNSUPPORTED;
}

bool row_name_valid(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && strchr("._+-", *s) == NULL)
            return false;
    return true;
}

bool row_workload_valid(const char *s)
{
    const char *colon = strchr(s, ':');
    if (colon == NULL)
        return row_name_valid(s);
    if (colon == s || colon[1] == '\0')
        return false;
    for (const char *c = s; *c; c++)
        if (c != colon && !isalnum((unsigned char)*c) && strchr("._+-", *c) == NULL)
            return false;
    return true;
}

bool row_label_valid(const char *s)
{
    return *s != '\0' && strlen(s) < LABEL_SIZE && row_name_valid(s);
}

void result_row_free(result_row *r)
{
    free(r->sample_rates);
    r->sample_rates = NULL;
    free(r->sample_blocks);
    r->sample_blocks = NULL;
    r->nblock = 0;
    r->nsample = 0;
}

bool row_rate_in_range(double v)
{
    return v >= 0.0 && v <= ROW_RATE_MAX;
}
