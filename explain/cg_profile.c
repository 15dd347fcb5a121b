#define _GNU_SOURCE
#include "cg_profile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A profile of one sample has thousands of functions, a crafted file could
 * claim any number: these bound what one file may make us hold. */
enum { MAX_FUNCTIONS = 1 << 20, MAX_CALLS = 1 << 22, MAX_NAME_ID = 1 << 22 };

/* Open addressing, power-of-two slots, SIZE_MAX = empty: one table from a
 * function's name to its index, one from (caller, callee) to the call. */
struct cg_index {
    size_t *by_name, name_slots;
    size_t *by_pair, pair_slots;
    size_t fn_cap, call_cap;
    size_t *id_fn; /* callgrind's "(N)" name id -> function, SIZE_MAX: unknown */
    size_t id_cap;
};

static uint64_t hash_bytes(const char *s)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static uint64_t hash_pair(uint32_t a, uint32_t b)
{
    uint64_t h = ((uint64_t)a << 32 | b) * 0x9e3779b97f4a7c15u;
    return h ^ (h >> 29);
}

static size_t *new_slots(size_t n)
{
    size_t *s = malloc(n * sizeof *s);
    if (s != NULL)
        memset(s, 0xff, n * sizeof *s);
    return s;
}

size_t cg_profile_find(const cg_profile *p, const char *name)
{
    if (p->index == NULL || p->index->by_name == NULL)
        return SIZE_MAX;
    const cg_index *x = p->index;
    for (size_t i = hash_bytes(name) & (x->name_slots - 1);; i = (i + 1) & (x->name_slots - 1))
        if (x->by_name[i] == SIZE_MAX || strcmp(p->fn[x->by_name[i]].name, name) == 0)
            return x->by_name[i];
}

static uint64_t name_hash(const cg_profile *p, size_t i)
{
    return hash_bytes(p->fn[i].name);
}

static uint64_t pair_hash(const cg_profile *p, size_t i)
{
    return hash_pair(p->call[i].caller, p->call[i].callee);
}

/* Doubles a table once it is half full (count entries, each hashed by
 * hash_of); false when out of memory. */
static bool grow(const cg_profile *p, size_t **slots, size_t *nslots, size_t count,
                 uint64_t (*hash_of)(const cg_profile *, size_t))
{
    if (2 * (count + 1) <= *nslots)
        return true;
    size_t n = *nslots ? 2 * *nslots : 1024;
    size_t *s = new_slots(n);
    if (s == NULL)
        return false;
    for (size_t e = 0; e < count; e++) {
        size_t i = hash_of(p, e) & (n - 1);
        while (s[i] != SIZE_MAX)
            i = (i + 1) & (n - 1);
        s[i] = e;
    }
    free(*slots);
    *slots = s, *nslots = n;
    return true;
}

/* The function named by the len bytes at s (a recursion level's 'N left
 * off), added when new; SIZE_MAX when out of memory or over the bound. */
static size_t function_of(cg_profile *p, const char *s, size_t len)
{
    size_t q = len;
    while (q > 0 && isdigit((unsigned char)s[q - 1]))
        q--;
    if (q > 1 && q < len && s[q - 1] == '\'')
        len = q - 1;
    char *name = strndup(s, len);
    if (name == NULL)
        return SIZE_MAX;
    size_t f = cg_profile_find(p, name);
    if (f != SIZE_MAX) {
        free(name);
        return f;
    }
    cg_index *x = p->index;
    if (p->nfn == MAX_FUNCTIONS || !grow(p, &x->by_name, &x->name_slots, p->nfn, name_hash)) {
        free(name);
        return SIZE_MAX;
    }
    if (p->nfn == x->fn_cap) {
        size_t cap = x->fn_cap ? 2 * x->fn_cap : 256;
        cg_function *fn = realloc(p->fn, cap * sizeof *fn);
        if (fn == NULL) {
            free(name);
            return SIZE_MAX;
        }
        p->fn = fn, x->fn_cap = cap;
    }
    f = p->nfn++;
    p->fn[f] = (cg_function){.name = name};
    size_t i = hash_bytes(name) & (x->name_slots - 1);
    while (x->by_name[i] != SIZE_MAX)
        i = (i + 1) & (x->name_slots - 1);
    x->by_name[i] = f;
    return f;
}

static bool add_call(cg_profile *p, size_t caller, size_t callee, uint64_t calls, uint64_t cost)
{
    cg_index *x = p->index;
    if (!grow(p, &x->by_pair, &x->pair_slots, p->ncall, pair_hash))
        return false;
    size_t i = hash_pair((uint32_t)caller, (uint32_t)callee) & (x->pair_slots - 1);
    for (; x->by_pair[i] != SIZE_MAX; i = (i + 1) & (x->pair_slots - 1)) {
        cg_call *c = &p->call[x->by_pair[i]];
        if (c->caller == caller && c->callee == callee) {
            c->calls += calls, c->cost += cost;
            return true;
        }
    }
    if (p->ncall == MAX_CALLS)
        return false;
    if (p->ncall == x->call_cap) {
        size_t cap = x->call_cap ? 2 * x->call_cap : 512;
        cg_call *c = realloc(p->call, cap * sizeof *c);
        if (c == NULL)
            return false;
        p->call = c, x->call_cap = cap;
    }
    x->by_pair[i] = p->ncall;
    p->call[p->ncall++] = (cg_call){(uint32_t)caller, (uint32_t)callee, calls, cost};
    return true;
}

/* What the reader knows between lines. */
typedef struct {
    size_t positions; /* numbers before the costs on a cost line ("positions:") */
    size_t fn, cfn;   /* current function and called function, SIZE_MAX: none yet */
    uint64_t pending_calls; /* a "calls=" line's count: the next cost line is its cost */
    bool in_call;
    bool events_seen;
} reader;

/* fn=/cfn= value: "(N) name", "(N)" or "name" -> the function. */
static bool name_spec(cg_profile *p, const char *v, size_t *out, char *why, size_t n)
{
    cg_index *x = p->index;
    unsigned long id = 0;
    bool has_id = v[0] == '(' && isdigit((unsigned char)v[1]);
    if (has_id) {
        char *end;
        errno = 0;
        id = strtoul(v + 1, &end, 10);
        if (*end != ')' || errno != 0 || id >= MAX_NAME_ID)
            return snprintf(why, n, "a bad name id"), false;
        v = end + 1;
        while (*v == ' ' || *v == '\t')
            v++;
        if (*v == '\0') { /* a reference to a name given before */
            if (id >= x->id_cap || x->id_fn[id] == SIZE_MAX)
                return snprintf(why, n, "name id (%lu) used before it is defined", id), false;
            *out = x->id_fn[id];
            return true;
        }
    }
    size_t f = function_of(p, v, strlen(v));
    if (f == SIZE_MAX)
        return snprintf(why, n, "too many functions, or out of memory"), false;
    if (has_id) {
        if (id >= x->id_cap) {
            size_t cap = x->id_cap ? x->id_cap : 256;
            while (cap <= id)
                cap *= 2;
            size_t *ids = realloc(x->id_fn, cap * sizeof *ids);
            if (ids == NULL)
                return snprintf(why, n, "out of memory"), false;
            memset(ids + x->id_cap, 0xff, (cap - x->id_cap) * sizeof *ids);
            x->id_fn = ids, x->id_cap = cap;
        }
        x->id_fn[id] = f;
    }
    *out = f;
    return true;
}

/* A cost line: `positions` subpositions, then the costs; the first is Ir
 * (absent: 0). */
static bool cost_line(const char *s, size_t positions, uint64_t *ir)
{
    char *end;
    for (size_t k = 0; k < positions; k++) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '*')
            s++;
        else {
            if (*s == '+' || *s == '-')
                s++;
            if (!isxdigit((unsigned char)*s))
                return false;
            (void)strtoull(s, &end, 0);
            s = end;
        }
        if (*s != ' ' && *s != '\t' && *s != '\0')
            return false;
    }
    while (*s == ' ' || *s == '\t')
        s++;
    *ir = 0;
    if (*s == '\0')
        return true;
    if (!isdigit((unsigned char)*s))
        return false;
    errno = 0;
    *ir = strtoull(s, &end, 10);
    return errno == 0 && (*end == ' ' || *end == '\t' || *end == '\0');
}

static bool body_line(cg_profile *p, reader *r, const char *line, char *why, size_t n)
{
    if (strncmp(line, "fn=", 3) == 0)
        return name_spec(p, line + 3, &r->fn, why, n);
    if (strncmp(line, "cfn=", 4) == 0)
        return name_spec(p, line + 4, &r->cfn, why, n);
    if (strncmp(line, "calls=", 6) == 0) {
        char *end;
        errno = 0;
        r->pending_calls = strtoull(line + 6, &end, 10);
        if (end == line + 6 || errno != 0)
            return snprintf(why, n, "a bad calls= line"), false;
        r->in_call = true;
        return true;
    }
    uint64_t ir;
    if (!cost_line(line, r->positions, &ir))
        return true; /* ob=, fl=, fi=, fe=, cob=, cfi=, jump=: nothing kept */
    if (r->fn == SIZE_MAX)
        return snprintf(why, n, "a cost before any fn= line"), false;
    if (!r->in_call) {
        p->fn[r->fn].self += ir;
        p->total += ir;
        return true;
    }
    r->in_call = false;
    if (r->cfn == SIZE_MAX)
        return snprintf(why, n, "a calls= line before any cfn= line"), false;
    if (!add_call(p, r->fn, r->cfn, r->pending_calls, ir))
        return snprintf(why, n, "too many calls, or out of memory"), false;
    return true;
}

/* A "key: value" line of the header (or totals:/summary: anywhere). */
static bool header_line(cg_profile *p, reader *r, const char *line, char *why, size_t n)
{
    if (strncmp(line, "positions:", 10) == 0) {
        r->positions = 0;
        for (const char *s = line + 10; *s;) {
            while (*s == ' ' || *s == '\t')
                s++;
            if (*s == '\0')
                break;
            r->positions++;
            while (*s && *s != ' ' && *s != '\t')
                s++;
        }
        if (r->positions == 0 || r->positions > 3)
            return snprintf(why, n, "a bad positions: line"), false;
    } else if (strncmp(line, "events:", 7) == 0) {
        const char *s = line + 7;
        while (*s == ' ' || *s == '\t')
            s++;
        if (strncmp(s, "Ir", 2) != 0 || (s[2] != '\0' && s[2] != ' ' && s[2] != '\t'))
            return snprintf(why, n, "the first event is not Ir (instructions)"), false;
        r->events_seen = true;
    } else if (strncmp(line, "totals:", 7) == 0) {
        char *end;
        p->totals_line = strtoull(line + 7, &end, 10);
    }
    return true;
}

static void chomp(char *s, ssize_t len)
{
    while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
        s[--len] = '\0';
}

bool cg_profile_parse(FILE *f, const char *name, cg_profile *p, char *why, size_t n)
{
    *p = (cg_profile){.totals_line = UINT64_MAX, .index = calloc(1, sizeof(cg_index))};
    reader r = {.positions = 1, .fn = SIZE_MAX, .cfn = SIZE_MAX};
    char *line = NULL, err[160] = "";
    size_t cap = 0, lineno = 0;
    ssize_t len;
    bool ok = p->index != NULL;
    while (ok && (len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        chomp(line, len);
        if (line[0] == '#' || line[0] == '\0')
            continue;
        const char *colon = strchr(line, ':'), *eq = strchr(line, '=');
        bool header = colon != NULL && (eq == NULL || colon < eq) && isalpha((unsigned char)line[0]);
        ok = header ? header_line(p, &r, line, err, sizeof err)
                    : r.events_seen ? body_line(p, &r, line, err, sizeof err)
                                    : (snprintf(err, sizeof err, "no events: line before the costs"), false);
    }
    free(line);
    if (ok && ferror(f))
        ok = false, snprintf(err, sizeof err, "read error: %s", strerror(errno));
    else if (ok && !r.events_seen)
        ok = false, snprintf(err, sizeof err, "no events: line (not a callgrind profile)");
    if (!ok) {
        snprintf(why, n, "%s: line %zu: %s", name, lineno, err[0] ? err : "out of memory");
        cg_profile_free(p);
        return false;
    }
    for (size_t c = 0; c < p->ncall; c++) {
        cg_call *k = &p->call[c];
        p->fn[k->callee].calls += k->calls;
        if (k->caller != k->callee)
            p->fn[k->caller].inclusive += k->cost;
    }
    for (size_t i = 0; i < p->nfn; i++)
        p->fn[i].inclusive += p->fn[i].self;
    return true;
}

bool cg_profile_read(const char *path, cg_profile *p, char *why, size_t n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        *p = (cg_profile){0};
        snprintf(why, n, "cannot open %s: %s", path, strerror(errno));
        return false;
    }
    bool ok = cg_profile_parse(f, path, p, why, n);
    fclose(f);
    return ok;
}

void cg_profile_free(cg_profile *p)
{
    for (size_t i = 0; i < p->nfn; i++)
        free(p->fn[i].name);
    free(p->fn);
    free(p->call);
    if (p->index != NULL) {
        free(p->index->by_name);
        free(p->index->by_pair);
        free(p->index->id_fn);
        free(p->index);
    }
    *p = (cg_profile){0};
}
