#include "self_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A check is worth one run per process: its answer does not change, and a
 * run asks for the same path at every block size. */
typedef struct {
    const crypto_lib *lib;
    char workload[32];
    api_path api;
    check_result result;
    char why[256];
} kat_memo;

static kat_memo *memo;
static size_t memo_count, memo_cap;

static const kat_memo *check_once(const crypto_lib *lib, const workload_spec *ws, api_path api)
{
    for (size_t i = 0; i < memo_count; i++)
        if (memo[i].lib == lib && memo[i].api == api && strcmp(memo[i].workload, ws->name) == 0)
            return &memo[i];
    if (memo_count == memo_cap) {
        memo_cap = memo_cap ? memo_cap * 2 : 32;
        if ((memo = realloc(memo, memo_cap * sizeof *memo)) == NULL)
            abort();
    }
    kat_memo *m = &memo[memo_count++];
    *m = (kat_memo){.lib = lib, .api = api};
    snprintf(m->workload, sizeof m->workload, "%s", ws->name);
    m->result = ws->w->self_check(lib, ws, api, m->why, sizeof m->why);
    if (m->result != CHECK_PASS && m->why[0] == '\0')
        snprintf(m->why, sizeof m->why, "known-answer check failed");
    return m;
}

bool self_check_passed(const crypto_lib *lib, const workload_spec *ws, api_path api,
                       row_status *status, char *note, size_t n)
{
    const kat_memo *m = check_once(lib, ws, api);
    if (m->result == CHECK_PASS)
        return true;
    bool lacks = m->result == CHECK_UNAVAILABLE;
    *status = lacks ? ST_UNSUPPORTED : ST_KAT_FAILED;
    size_t k = lacks ? (size_t)snprintf(note, n, "not in %s: ", flavor_title(lib->ver.flavor)) : 0;
    if (k < n)
        snprintf(note + k, n - k, "%s", m->why);
    return false;
}
