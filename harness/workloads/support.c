/* Whether a library can run (workload, API path): derived from the
 * functions the path calls (its `needs` line) and the release ranges of
 * compat/symbols.def, so "needs 1.1.0 or later" is never written by hand;
 * an algorithm that came without new functions (X25519, ML-KEM) says when
 * it came in the workload's `since`. */
#include "../workload.h"

#include <stdio.h>
#include <string.h>

static bool named(const char *s, const char *name, size_t len)
{
    return strlen(s) == len && strncmp(s, name, len) == 0;
}

static bool resolved(const crypto_lib *lib, const crypto_symbol *s)
{
    void *p;
    memcpy(&p, (const char *)&lib->fn + s->offset, sizeof p);
    return p != NULL;
}

/* A function as a `needs` line names it: a member of symbols.def, or an
 * exported name, which covers every SHAPE of it (HMAC_Init_ex: the int
 * and the 0.9.8 void shape).  Met when one of its entries is resolved; its
 * range spans them all.  false when symbols.def has no such name. */
typedef struct {
    const char *symbol; /* the first entry's exported name */
    long since, until;
    bool met;
    bool in_libssl;
} needed_fn;

static bool lookup(const crypto_lib *lib, const char *name, size_t len, needed_fn *out)
{
    *out = (needed_fn){.since = R_MAX, .until = R_NONE};
    for (size_t i = 0; i < crypto_symbol_count; i++) {
        const crypto_symbol *s = &crypto_symbols[i];
        if (!named(s->name, name, len) && !named(s->symbol, name, len))
            continue;
        if (out->symbol == NULL)
            out->symbol = s->symbol;
        out->since = s->since < out->since ? s->since : out->since;
        out->until = s->until > out->until ? s->until : out->until;
        out->met = out->met || (lib != NULL && resolved(lib, s));
        out->in_libssl = out->in_libssl || s->in_libssl;
    }
    return out->symbol != NULL;
}

/* One needed item, "a" or "a|b|c" (calls the workload makes one or the
 * other of: HMAC_CTX_new or, up to 1.0.2, HMAC_CTX_init on its own
 * context): met when any alternative is exported.
 * Otherwise the reason names the release range the alternatives span --
 * for OpenSSL.  symbols.def's ranges are OpenSSL's: a fork claiming 1.1.1
 * may lack a 1.1.1 function or have a 3.0 one, so for a fork the reason is
 * only what is true, "X not in BoringSSL", plus where OpenSSL has it.
 * The returned state says which of these the reason is, so callers never
 * read it back from the text. */
typedef enum {
    ITEM_MET,
    ITEM_UNKNOWN,      /* not in symbols.def */
    ITEM_NOT_IN_FORK,  /* "X not in BoringSSL" */
    ITEM_TOO_OLD,      /* "needs 3.0 or later" */
    ITEM_GONE,         /* "gone after 1.0.2 (X)" */
    ITEM_NOT_EXPORTED, /* the release has it, this build does not */
    ITEM_NO_LIBSSL,    /* a libssl function, and no usable libssl beside */
} item_state;

static item_state item_met(const crypto_lib *lib, const char *item, size_t len, char *why,
                           size_t n)
{
    long since = R_MAX, until = R_NONE;
    const char *first = NULL;
    bool in_libssl = false;
    for (const char *p = item; p < item + len;) {
        size_t alen = strcspn(p, "|");
        if (p + alen > item + len)
            alen = (size_t)(item + len - p);
        needed_fn f;
        if (!lookup(lib, p, alen, &f)) {
            snprintf(why, n, "%.*s is not in compat/symbols.def", (int)alen, p);
            return ITEM_UNKNOWN;
        }
        if (f.met)
            return ITEM_MET;
        if (first == NULL)
            first = f.symbol;
        in_libssl = in_libssl || f.in_libssl;
        since = f.since < since ? f.since : since;
        until = f.until > until ? f.until : until;
        p += alen + 1;
    }
    long series = lib->ver.series;
    if (in_libssl && lib->ssl_handle == NULL && (crypto_lib_is_fork(lib) || series >= since)) {
        snprintf(why, n, "%s", lib->ssl_why);
        return ITEM_NO_LIBSSL;
    }
    if (crypto_lib_is_fork(lib)) {
        int len = snprintf(why, n, "%s not in %s", first, flavor_title(lib->ver.flavor));
        if (since > series && since >= 0 && len >= 0 && (size_t)len < n)
            snprintf(why + len, n - (size_t)len, " (OpenSSL has it from %s)",
                     release_series_name(since));
        return ITEM_NOT_IN_FORK;
    }
    if (series < since) {
        snprintf(why, n, "needs %s or later", release_series_name(since));
        return ITEM_TOO_OLD;
    }
    if (series > until) {
        snprintf(why, n, "gone after %s (%s)", release_series_name(until), first);
        return ITEM_GONE;
    }
    snprintf(why, n, "%s not exported by this build", first);
    return ITEM_NOT_EXPORTED;
}

/* The first release that has any alternative of an item. */
static long item_since(const char *item, size_t len)
{
    long since = R_MAX;
    for (const char *p = item; p < item + len;) {
        size_t alen = strcspn(p, "|");
        if (p + alen > item + len)
            alen = (size_t)(item + len - p);
        needed_fn f;
        if (lookup(NULL, p, alen, &f) && f.since < since)
            since = f.since;
        p += alen + 1;
    }
    return since;
}

/* Whether the build left a function of `needs` out although its release
 * has it: the library does not export it, and it is not too old or too new
 * for it. */
static bool left_out(const crypto_lib *lib, const char *needs)
{
    for (const char *p = needs != NULL ? needs : ""; *p != '\0';) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        char reason[256];
        if (len > 0 && item_met(lib, p, len, reason, sizeof reason) == ITEM_NOT_EXPORTED)
            return true;
        p += len;
    }
    return false;
}

/* "not built: enable-md2" for a workload whose algorithm is a Configure
 * option (`not_built`) when the build left it out: a function of the path
 * is missing; or, on a path that names the algorithm only at run time
 * (fetch), one of the evp path's, whose static getter (EVP_md2) every build
 * with the algorithm exports, deprecated API or not.  A fork's gaps are
 * never "not exported" (item_met): its symbols say nothing of OpenSSL's
 * options. */
static bool not_built(const crypto_lib *lib, const workload *w, api_path api, char *why,
                      size_t n)
{
    if (w->not_built == NULL)
        return false;
    if (!left_out(lib, w->needs[api]) && (api != API_FETCH || !left_out(lib, w->needs[API_EVP])))
        return false;
    snprintf(why, n, "not built: %s", w->not_built);
    return true;
}

workload_support workload_check(const crypto_lib *lib, const workload_spec *ws, api_path api,
                                char *why, size_t n)
{
    if (why != NULL && n > 0)
        why[0] = '\0';
    const char *needs = api < API_COUNT ? ws->w->needs[api] : NULL;
    if (needs == NULL) {
        snprintf(why, n, "%s has no %s call shape", ws->name, api_name(api));
        return WL_NO_SHAPE;
    }
    /* Every release a requirement names: the workload's own `since` and
     * each missing function's; the latest of them is the one to name.  A
     * function gone, or left out of this build, is named only when the
     * release is not too old anyway. */
    long series = lib->ver.series;
    /* A fork's claimed release says nothing of what it has: only its symbols count. */
    bool fork = crypto_lib_is_fork(lib);
    long need = !fork && ws->w->since > series ? ws->w->since : 0;
    char other[256] = "";
    for (const char *p = needs; *p != '\0';) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        char reason[256];
        item_state st = len > 0 ? item_met(lib, p, len, reason, sizeof reason) : ITEM_MET;
        if (st != ITEM_MET) {
            long since = item_since(p, len);
            if (st == ITEM_TOO_OLD)
                need = since > need ? since : need;
            else if (other[0] == '\0')
                snprintf(other, sizeof other, "%s", reason);
        }
        p += len;
    }
    if (need > 0) {
        snprintf(why, n, "needs %s or later", release_series_name(need));
        return WL_UNSUPPORTED;
    }
    if (not_built(lib, ws->w, api, why, n))
        return WL_UNSUPPORTED;
    if (other[0] != '\0') {
        snprintf(why, n, "%s", other);
        return WL_UNSUPPORTED;
    }
    if (fork && ws->w->since > series) {
        snprintf(why, n, "%s not in %s (OpenSSL has it from %s)", ws->name,
                 flavor_title(lib->ver.flavor), release_series_name(ws->w->since));
        return WL_UNSUPPORTED;
    }
    if (ws->w->available != NULL && ws->w->available(lib, ws, api, why, n) != CHECK_PASS)
        return WL_UNSUPPORTED;
    return WL_SUPPORTED;
}

/* Whether OpenSSL's release `series` has every function of the path (by
 * symbols.def's ranges) and the algorithm (`since`): what `list
 * --speed-names` and the README's coverage table say without a library. */
bool workload_in_release(const workload *w, api_path api, long series)
{
    const char *needs = api < API_COUNT ? w->needs[api] : NULL;
    if (needs == NULL || w->since > series)
        return false;
    for (const char *p = needs; *p != '\0';) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        bool any = len == 0;
        for (const char *q = p; q < p + len && !any;) {
            size_t alen = strcspn(q, "|");
            if (q + alen > p + len)
                alen = (size_t)(p + len - q);
            needed_fn f;
            any = lookup(NULL, q, alen, &f) && f.since <= series && series <= f.until;
            q += alen + 1;
        }
        if (!any)
            return false;
        p += len;
    }
    return true;
}
