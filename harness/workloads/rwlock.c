/* rwlock: one operation = a read (op `read`) or write (op `write`) lock
 * taken and released on ONE CRYPTO_RWLOCK shared by every worker of the
 * point (shared_object.h), as perftools' rwlocks times libcrypto's lock
 * under contention; the writer bumps a counter the lock guards and the
 * reader reads it.  evp path (the only one: the lock has one API),
 * CRYPTO_THREAD_lock_new / read_lock / write_lock / unlock (1.1.0+; before,
 * locks were the application's callbacks).  Known answer: after two write
 * operations the reader sees the counter at least two higher (other workers
 * may write at once). */
#include "common.h"
#include "shared_object.h"

#include <stdlib.h>

static const char shared_key[] = "rwlock";

typedef struct {
    const crypto_lib *lib;
    cx_CRYPTO_RWLOCK *lock;
    unsigned long value; /* guarded by lock */
} rw_shared;

typedef struct {
    rw_shared *shared;
    unsigned long seen; /* the reader's last read */
} rw_state;

static void *rw_make(void *arg, char *why, size_t n)
{
    const crypto_lib *lib = arg;
    rw_shared *sh = wl_alloc(sizeof *sh, why, n);
    if (sh == NULL)
        return NULL;
    *sh = (rw_shared){lib, lib->fn.CRYPTO_THREAD_lock_new(), 0};
    if (sh->lock == NULL)
        return free(sh), wl_fail(lib, why, n, "CRYPTO_THREAD_lock_new failed"), NULL;
    return sh;
}

static void rw_release(void *object)
{
    rw_shared *sh = object;
    sh->lib->fn.CRYPTO_THREAD_lock_free(sh->lock);
    free(sh);
}

static bool read_loop(void *p, uint64_t iterations)
{
    rw_state *s = p;
    rw_shared *sh = s->shared;
    int (*lock)(cx_CRYPTO_RWLOCK *) = sh->lib->fn.CRYPTO_THREAD_read_lock;
    int (*unlock)(cx_CRYPTO_RWLOCK *) = sh->lib->fn.CRYPTO_THREAD_unlock;
    unsigned long seen = 0;
    for (uint64_t i = 0; i < iterations; i++) {
        if (lock(sh->lock) != 1)
            return false;
        seen = sh->value;
        if (unlock(sh->lock) != 1)
            return false;
    }
    s->seen = seen;
    return true;
}

static bool write_loop(void *p, uint64_t iterations)
{
    rw_state *s = p;
    rw_shared *sh = s->shared;
    int (*lock)(cx_CRYPTO_RWLOCK *) = sh->lib->fn.CRYPTO_THREAD_write_lock;
    int (*unlock)(cx_CRYPTO_RWLOCK *) = sh->lib->fn.CRYPTO_THREAD_unlock;
    for (uint64_t i = 0; i < iterations; i++) {
        if (lock(sh->lock) != 1)
            return false;
        sh->value++;
        if (unlock(sh->lock) != 1)
            return false;
    }
    return true;
}

static const char *const rw_ops[] = {"read", "write", NULL};

static void *rw_setup(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                      size_t bytes, workload_loop *loop, char *why, size_t n)
{
    (void)bytes;
    if (api != API_EVP)
        return wl_why(why, n, "%s has no %s call", ws->name, api_name(api)), NULL;
    *loop = op == 0 ? read_loop : write_loop;
    rw_state *s = wl_alloc(sizeof *s, why, n);
    if (s != NULL && (s->shared = wl_shared_get(shared_key, rw_make, (void *)lib, why, n)) == NULL)
        free(s), s = NULL;
    return s;
}

static void rw_teardown(void *p)
{
    wl_shared_put(shared_key, rw_release);
    free(p);
}

static check_result rw_self_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                  char *why, size_t n)
{
    workload_loop read, write;
    rw_state *r = rw_setup(lib, ws, api, 0, 0, &read, why, n);
    rw_state *w = r != NULL ? rw_setup(lib, ws, api, 1, 0, &write, why, n) : NULL;
    if (w == NULL) {
        if (r != NULL)
            rw_teardown(r);
        return CHECK_FAIL;
    }
    /* The check may run in every worker at once (run --threads): other
     * writers may add to the counter too, never take from it. */
    bool ok = read(r, 1);
    unsigned long before = r->seen;
    ok = (ok && write(w, 1) && write(w, 1) && read(r, 2)) || wl_fail(lib, why, n, "lock failed");
    if (ok && r->seen < before + 2)
        ok = wl_why(why, n, "two writes under the lock moved the counter from %lu to %lu",
                    before, r->seen);
    rw_teardown(w);
    rw_teardown(r);
    return wl_result(ok);
}

const workload wl_rwlock = {
    .name = "rwlock",
    .kind = KIND_SYMMETRIC,
    .ops = rw_ops,
    .family = "context",
    .doc = "take and release a read / write lock on one CRYPTO_RWLOCK shared by every worker "
           "(the writer bumps the counter it guards)",
    .needs = {[API_EVP] = "CRYPTO_THREAD_lock_new CRYPTO_THREAD_lock_free "
                          "CRYPTO_THREAD_read_lock CRYPTO_THREAD_write_lock CRYPTO_THREAD_unlock"},
    .self_check = rw_self_check,
    .setup = rw_setup,
    .teardown = rw_teardown,
};
