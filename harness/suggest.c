#include "suggest.h"

#include <ctype.h>
#include <string.h>

static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64)
        return (size_t)-1;
    size_t prev[65], cur[65];
    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t sub = prev[j - 1] + (tolower((unsigned char)a[i - 1]) !=
                                        tolower((unsigned char)b[j - 1]));
            size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
            cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
        memcpy(prev, cur, sizeof prev);
    }
    return prev[lb];
}

const char *suggest_nearest(const char *input, const char *const *names, size_t count)
{
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    for (size_t i = 0; i < count; i++) {
        size_t d = edit_distance(input, names[i]);
        if (d < best_d) {
            best_d = d;
            best = names[i];
        }
    }
    /* More than half the word changed is not a typo. */
    size_t len = strlen(input);
    return best != NULL && best_d <= (len < 4 ? 1 : len / 2) ? best : NULL;
}
