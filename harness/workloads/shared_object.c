#include "shared_object.h"

#include "common.h"

#include <pthread.h>
#include <stdbool.h>
#include <string.h>

typedef struct {
    char key[64];
    void *object;
    unsigned users;
} shared_slot;

/* A run measures one point at a time; a few slots cover a point's
 * operations set up side by side. */
static shared_slot slots[8];
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;

static shared_slot *find(const char *key)
{
    for (size_t i = 0; i < sizeof slots / sizeof slots[0]; i++)
        if (slots[i].users > 0 && strcmp(slots[i].key, key) == 0)
            return &slots[i];
    return NULL;
}

void *wl_shared_get(const char *key, wl_shared_make_fn *make, void *arg, char *why, size_t n)
{
    if (strlen(key) >= sizeof slots[0].key)
        return wl_why(why, n, "shared object key too long: %s", key), NULL;
    pthread_mutex_lock(&slots_lock);
    shared_slot *slot = find(key);
    bool full = slot == NULL;
    for (size_t i = 0; i < sizeof slots / sizeof slots[0] && slot == NULL && full; i++)
        if (slots[i].users == 0) {
            full = false;
            void *made = make(arg, why, n);
            if (made != NULL) {
                slot = &slots[i];
                strcpy(slot->key, key);
                slot->object = made;
            }
        }
    if (full)
        wl_why(why, n, "more shared objects than %zu at once", sizeof slots / sizeof slots[0]);
    void *object = NULL;
    if (slot != NULL) {
        slot->users++;
        object = slot->object;
    }
    pthread_mutex_unlock(&slots_lock);
    return object;
}

void wl_shared_put(const char *key, wl_shared_free_fn *release)
{
    pthread_mutex_lock(&slots_lock);
    shared_slot *slot = find(key);
    if (slot != NULL && --slot->users == 0) {
        release(slot->object);
        slot->object = NULL;
    }
    pthread_mutex_unlock(&slots_lock);
}
