#include "agreement.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void agreement_fingerprint(const workload_output *o, char fp[FINGERPRINT_SIZE])
{
    uint64_t h = 0xcbf29ce484222325ULL;
    size_t k = 0;
    char *p = fp;
    for (int part = 0; part < 2; part++)
        for (size_t i = 0; o->part[part] != NULL && i < o->len[part]; i++, k++) {
            unsigned char b = o->part[part][i];
            h = (h ^ b) * 0x100000001b3ULL;
            if (k < 8)
                p += sprintf(p, "%02x", b);
        }
    snprintf(p, (size_t)(fp + FINGERPRINT_SIZE - p), "-%016" PRIx64, h);
}

void agreement_point_fingerprint(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                 int op, size_t bytes, char fp[FINGERPRINT_SIZE])
{
    fp[0] = '\0';
    if (ws->w->output == NULL)
        return;
    char why[256];
    workload_loop loop = NULL;
    void *state = ws->w->setup(lib, ws, api, op, bytes, &loop, why, sizeof why);
    if (state == NULL)
        return;
    if (loop(state, 1)) {
        workload_output o = {0};
        ws->w->output(state, &o);
        agreement_fingerprint(&o, fp);
    }
    ws->w->teardown(state);
}

static bool has(const char *const *fps, size_t k)
{
    return fps[k] != NULL && fps[k][0] != '\0';
}

/* How many of the fingerprints equal fps[k]. */
static size_t votes(const char *const *fps, size_t n, size_t k)
{
    size_t same = 0;
    for (size_t j = 0; j < n; j++)
        same += has(fps, j) && strcmp(fps[j], fps[k]) == 0;
    return same;
}

bool agreement_odd_one(const char *const *fps, const char *const *labels, size_t n, size_t i,
                       char *note, size_t nn)
{
    if (i >= n || !has(fps, i))
        return false;
    size_t voters = 0, best = n, best_votes = 0, other = n;
    for (size_t k = 0; k < n; k++) {
        if (!has(fps, k))
            continue;
        voters++;
        size_t v = votes(fps, n, k);
        if (v > best_votes)
            best = k, best_votes = v;
        if (other == n && strcmp(fps[k], fps[i]) != 0)
            other = k;
    }
    if (other == n)
        return false; /* alone, or every library agrees */
    if (2 * best_votes > voters) {
        if (strcmp(fps[best], fps[i]) == 0)
            return false;
        snprintf(note, nn, "libraries disagree: gave %s; the other %zu %s gave %s", fps[i],
                 best_votes, best_votes == 1 ? "library" : "libraries", fps[best]);
        return true;
    }
    snprintf(note, nn,
             "libraries disagree: gave %s but %s gave %s: no majority or known answer says "
             "which is right",
             fps[i], labels[other], fps[other]);
    return true;
}
