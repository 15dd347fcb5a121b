/* One object shared by every worker of a point, for the lines that measure
 * a shared object against one per thread (perftools' switch: one
 * X509_STORE, SSL_CTX or library context for all threads).  Workers call
 * setup() one at a time but run and tear down at once, so the object is
 * reference-counted under a lock: made by its first user, freed by its
 * last.  One process loads one library, so a key names the line and point
 * only. */
#ifndef HARNESS_WORKLOADS_SHARED_OBJECT_H
#define HARNESS_WORKLOADS_SHARED_OBJECT_H

#include <stddef.h>

/* Makes the object from `arg`; NULL + reason in why on failure. */
typedef void *wl_shared_make_fn(void *arg, char *why, size_t n);
typedef void wl_shared_free_fn(void *object);

/* The object of `key` (at most 63 characters: "x509-store-issuer/1000"),
 * made with make(arg) when it has no user yet; one more user.  NULL + reason
 * when make fails or every slot is taken. */
void *wl_shared_get(const char *key, wl_shared_make_fn *make, void *arg, char *why, size_t n);

/* One user fewer; the last calls release(object).  A key with no user is
 * ignored. */
void wl_shared_put(const char *key, wl_shared_free_fn *release);

#endif
