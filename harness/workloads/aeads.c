/* The AEAD lines of aeads.def on the AEAD engine (aead.c, aead.h): each
 * row becomes its cipher getter, its aead_def and its wl_<id>. */
#include "aead.h"

#define AEAD_ROW(id, wname, title, klen, getter, dflt, ...)                                   \
    WL_GETTER(cx_EVP_CIPHER, getter)                                                          \
    static const aead_def id##_def = {AEAD_LINE(title, klen, getter), .kat = {__VA_ARGS__}};  \
    const workload wl_##id = AEAD_WORKLOAD(wname, dflt, id##_def, getter);
#include "aeads.def"
#undef AEAD_ROW
