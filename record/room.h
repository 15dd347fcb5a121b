/* Arrays that grow by doubling: n items appended cost O(n) copies, where
 * growing by one each time costs O(n^2) on a large handed file. */
#ifndef RECORD_ROOM_H
#define RECORD_ROOM_H

#include <stddef.h>
#include <stdlib.h>

/* items (of size bytes each, n of them so far) with room for one more:
 * the array is 16 long, then doubles each time it is full.  Aborts when
 * out of memory, as the readers of handed files do. */
static inline void *room_for_one(void *items, size_t n, size_t size)
{
    if (n != 0 && (n < 16 || (n & (n - 1)) != 0))
        return items;
    void *more = realloc(items, (n ? 2 * n : 16) * size);
    if (more == NULL)
        abort();
    return more;
}

#endif
