/* Thread safety of releases before 1.1.0: libcrypto locks nothing unless the
 * application hands it a locking callback (and, before 1.0.0, a thread id
 * callback: the default id is the process id, the same for every thread).
 * Without them concurrent use corrupts shared tables silently.  1.1.0 made
 * locking internal and these functions macros. */
#include "libcrypto.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t *locks;
static int nlocks;
static void (*set_numeric)(cx_CRYPTO_THREADID *, unsigned long);

static void locking_callback(int mode, int type, const char *file, int line)
{
    (void)file, (void)line;
    if (type < 0 || type >= nlocks)
        return;
    if (mode & CX_CRYPTO_LOCK)
        pthread_mutex_lock(&locks[type]);
    else
        pthread_mutex_unlock(&locks[type]);
}

static unsigned long id_callback(void)
{
    return (unsigned long)pthread_self();
}

static void threadid_callback(cx_CRYPTO_THREADID *id)
{
    set_numeric(id, (unsigned long)pthread_self());
}

bool crypto_lib_enable_threads(const crypto_lib *lib, char *why, size_t n)
{
    const crypto_fns *f = &lib->fn;
    if (crypto_lib_since(lib, R_110) || locks != NULL)
        return true;
    bool has_id = (f->CRYPTO_THREADID_set_callback != NULL && f->CRYPTO_THREADID_set_numeric != NULL) ||
                  f->CRYPTO_set_id_callback != NULL;
    if (f->CRYPTO_num_locks == NULL || f->CRYPTO_set_locking_callback == NULL || !has_id) {
        snprintf(why, n, "threads on releases before 1.1.0 need the locking callbacks, and this "
                         "build does not export CRYPTO_set_locking_callback/CRYPTO_num_locks/"
                         "an id callback");
        return false;
    }
    int count = f->CRYPTO_num_locks();
    if (count <= 0 || count > 4096 || (locks = calloc((size_t)count, sizeof *locks)) == NULL) {
        snprintf(why, n, "cannot create %d locks for the locking callback", count);
        return false;
    }
    for (int i = 0; i < count; i++)
        pthread_mutex_init(&locks[i], NULL);
    nlocks = count;
    if (f->CRYPTO_THREADID_set_callback != NULL && f->CRYPTO_THREADID_set_numeric != NULL) {
        set_numeric = f->CRYPTO_THREADID_set_numeric;
        f->CRYPTO_THREADID_set_callback(threadid_callback);
    } else {
        f->CRYPTO_set_id_callback(id_callback);
    }
    f->CRYPTO_set_locking_callback(locking_callback);
    return true;
}
