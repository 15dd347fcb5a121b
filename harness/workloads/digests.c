/* The digest lines of digests.def on the digest engine (digest.c, digest.h):
 * each row becomes its loops, its static-object getter, its digest_def and
 * its wl_<id>. */
#include "digest.h"

#define DIGEST_ROW_FULL(id, wname, ttl, fetch, bytes, PFX, CTX, getter, dflt, what, source, ...) \
    DIGEST_LOW_LEVEL(PFX, CTX)                                                                \
    WL_GETTER(cx_EVP_MD, getter)                                                              \
    static const digest_def id##_def = {DIGEST_LINE(ttl, fetch, bytes, getter),               \
                                        DIGEST_LINE_LOW(PFX), .kat_source = source,           \
                                        .kat = {__VA_ARGS__}};                                \
    const workload wl_##id = DIGEST_WORKLOAD(wname, what, dflt, id##_def,                     \
                                             DIGEST_NEEDS_LOW(PFX), DIGEST_NEEDS_EVP(getter));
#define DIGEST_ROW_EVP(id, wname, ttl, fetch, bytes, getter, what, source, ...)               \
    WL_GETTER(cx_EVP_MD, getter)                                                              \
    static const digest_def id##_def = {DIGEST_LINE(ttl, fetch, bytes, getter),               \
                                        .kat_source = source, .kat = {__VA_ARGS__}};          \
    const workload wl_##id = DIGEST_WORKLOAD(wname, what, false, id##_def,                    \
                                             DIGEST_NEEDS_EVP(getter));
#define DIGEST_ROW_OPTIONAL(id, wname, ttl, fetch, bytes, PFX, CTX, DATA, ONCE, getter, option, \
                            source, ...)                                                      \
    DIGEST_OPTIONAL(PFX, CTX, DATA, ONCE, getter)                                             \
    DIGEST_OPTIONAL_LINE(id, wname, ttl, fetch, bytes, PFX, getter, option, source, __VA_ARGS__)
#include "digests.def"
#undef DIGEST_ROW_FULL
#undef DIGEST_ROW_EVP
#undef DIGEST_ROW_OPTIONAL
