/* Names to numbers in constant time: what a reader of a handed file looks
 * a name up in (metadata.txt's keys, charts.list's chart names, the
 * dashboard's hosts), so that a file of N names costs N steps, not N^2. */
#ifndef RECORD_NAME_INDEX_H
#define RECORD_NAME_INDEX_H

#include <stddef.h>
#include <stdint.h>

#define NAME_INDEX_NONE SIZE_MAX

typedef struct {
    const char **key; /* not copied: each must outlive the index */
    size_t *value;
    size_t cap, count;
} name_index;

/* The value of key, or NAME_INDEX_NONE. */
size_t name_index_get(const name_index *ix, const char *key);
/* key's value: the one it had, or value, which it gets when it had none. */
size_t name_index_put(name_index *ix, const char *key, size_t value);
/* key's value is value from now on. */
void name_index_set(name_index *ix, const char *key, size_t value);
void name_index_free(name_index *ix);

#endif
