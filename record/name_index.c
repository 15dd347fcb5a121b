#include "name_index.h"

#include <stdlib.h>
#include <string.h>

static size_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return (size_t)(h ^ h >> 32);
}

/* The slot of key, or the empty slot where it would go (cap is a power of 2). */
static size_t slot(const name_index *ix, const char *key)
{
    size_t i = hash(key) & (ix->cap - 1);
    while (ix->key[i] != NULL && strcmp(ix->key[i], key) != 0)
        i = (i + 1) & (ix->cap - 1);
    return i;
}

/* Room for one more at a load of one half at most. */
static void grow(name_index *ix)
{
    if (2 * (ix->count + 1) <= ix->cap)
        return;
    name_index old = *ix;
    ix->cap = old.cap ? 2 * old.cap : 64;
    ix->key = calloc(ix->cap, sizeof *ix->key);
    ix->value = malloc(ix->cap * sizeof *ix->value);
    if (ix->key == NULL || ix->value == NULL)
        abort();
    for (size_t i = 0; i < old.cap; i++)
        if (old.key[i] != NULL) {
            size_t s = slot(ix, old.key[i]);
            ix->key[s] = old.key[i];
            ix->value[s] = old.value[i];
        }
    free(old.key);
    free(old.value);
}

size_t name_index_get(const name_index *ix, const char *key)
{
    if (ix->cap == 0)
        return NAME_INDEX_NONE;
    size_t s = slot(ix, key);
    return ix->key[s] != NULL ? ix->value[s] : NAME_INDEX_NONE;
}

size_t name_index_put(name_index *ix, const char *key, size_t value)
{
    grow(ix);
    size_t s = slot(ix, key);
    if (ix->key[s] != NULL)
        return ix->value[s];
    ix->key[s] = key;
    ix->value[s] = value;
    ix->count++;
    return value;
}

void name_index_set(name_index *ix, const char *key, size_t value)
{
    grow(ix);
    size_t s = slot(ix, key);
    ix->count += ix->key[s] == NULL;
    ix->key[s] = key;
    ix->value[s] = value;
}

void name_index_free(name_index *ix)
{
    free(ix->key);
    free(ix->value);
    *ix = (name_index){0};
}
