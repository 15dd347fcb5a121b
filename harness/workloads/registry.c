/* The workload registry and command-line names ("sha256", "rsa2048"). */
#include "common.h"

#include <stdio.h>
#include <string.h>

const workload *const workload_registry[] = {
    &wl_sha256,      &wl_aes_128_cbc, &wl_aes_256_cbc, &wl_aes_128_gcm,
    &wl_aes_256_gcm, &wl_hmac_sha256, &wl_rsa,         NULL,
};

#define RSA_MIN_BITS 512
#define RSA_MAX_BITS 16384

/* "<prefix><digits>" with no sign, no leading zero, in range. */
static bool parse_bits(const char *s, int *bits)
{
    if (*s < '1' || *s > '9')
        return false;
    long v = 0;
    for (; *s != '\0'; s++) {
        if (*s < '0' || *s > '9')
            return false;
        v = v * 10 + (*s - '0');
        if (v > RSA_MAX_BITS)
            return false;
    }
    if (v < RSA_MIN_BITS)
        return false;
    *bits = (int)v;
    return true;
}

bool workload_parse(const char *name, workload_spec *out)
{
    if (name == NULL)
        return false;
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        size_t len = strlen(w->name);
        int bits = 0;
        if (w->takes_bits) {
            if (strncmp(name, w->name, len) != 0 || !parse_bits(name + len, &bits))
                continue;
        } else if (strcmp(name, w->name) != 0) {
            continue;
        }
        out->w = w;
        out->bits = bits;
        if (w->takes_bits)
            snprintf(out->name, sizeof out->name, "%s%d", w->name, bits);
        else
            snprintf(out->name, sizeof out->name, "%s", w->name);
        return true;
    }
    return false;
}

const char *workload_suggest(const char *name)
{
    /* The fixed names plus the usual sizes of the families with bits. */
    static const char *const sized[] = {"1024", "2048", "3072", "4096"};
    static char family_names[8][4][32];
    const char *candidates[64];
    size_t count = 0, families = 0;
    if (name == NULL)
        return NULL;
    for (size_t i = 0; workload_registry[i] != NULL && count + 4 < 64; i++) {
        const workload *w = workload_registry[i];
        if (!w->takes_bits) {
            candidates[count++] = w->name;
            continue;
        }
        if (families == sizeof family_names / sizeof family_names[0])
            continue;
        for (size_t k = 0; k < 4; k++) {
            snprintf(family_names[families][k], sizeof family_names[families][k], "%s%s",
                     w->name, sized[k]);
            candidates[count++] = family_names[families][k];
        }
        families++;
    }
    return suggest_nearest(name, candidates, count);
}
