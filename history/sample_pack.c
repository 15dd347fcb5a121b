/* sample_pack (sample_pack.h).  The blob, byte by byte:
 *
 *   version    one byte, SAMPLE_PACK_VERSION
 *   nblock     varint, then each block a varint (1 .. 2^32-1)
 *   nrate      varint; when above 0:
 *   k          one byte, the Rice parameter (0 .. K_MAX)
 *   q[0]       varint of zigzag(q[0])
 *   deltas     bits, most significant first: for i = 1 .. nrate-1 the Rice
 *              code of u = zigzag(q[i] - q[i-1]); the last byte padded
 *              with zero bits, and nothing after it
 *
 * q = round(log2(rate) * 2^20): a run's samples sit within a few per cent
 * of each other, so their deltas are small numbers whose size the
 * per-row k fits.  Varints are LEB128 (7 bits a byte, low first; no
 * needless 0x80 ... 0x00 bytes); zigzag maps 0, -1, 1, -2 ... to
 * 0, 1, 2, 3 ...  The Rice code of u: m = u >> k; when m < ESCAPE, m one
 * bits, a zero bit and the k low bits of u; else ESCAPE one bits, six
 * bits of L-1 (L: the bit length of u) and u's L bits.  A decoder
 * accepts only what this encoder writes (tests/history/sample_pack.py
 * implements the same format on its own). */
#include "sample_pack.h"
#include "../record/row.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_MAX = 40, ESCAPE = 24 };
#define SCALE ((double)(1L << SAMPLE_PACK_SCALE_BITS))
/* q of the smallest and (past) the largest finite double above 0. */
#define Q_MIN (-(1074LL << SAMPLE_PACK_SCALE_BITS))
#define Q_END (1024LL << SAMPLE_PACK_SCALE_BITS)

typedef struct {
    unsigned char *b;
    size_t len, cap, bits; /* bits: used in b[len - 1] when > 0 */
} writer;

static void put_byte(writer *w, unsigned char c)
{
    if (w->len == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 64;
        w->b = realloc(w->b, w->cap);
        if (w->b == NULL)
            abort();
    }
    w->b[w->len++] = c;
    w->bits = 0;
}

static void put_varint(writer *w, uint64_t v)
{
    for (; v >= 0x80; v >>= 7)
        put_byte(w, (unsigned char)(v | 0x80));
    put_byte(w, (unsigned char)v);
}

static void put_bits(writer *w, uint64_t v, unsigned n)
{
    while (n-- > 0) {
        if (w->bits == 0 || w->bits == 8)
            put_byte(w, 0), w->bits = 0;
        w->b[w->len - 1] |= (unsigned char)(((v >> n) & 1) << (7 - w->bits));
        w->bits++;
    }
}

static unsigned bit_length(uint64_t u)
{
    unsigned l = 0;
    for (; u != 0; u >>= 1)
        l++;
    return l;
}

static uint64_t code_bits(uint64_t u, unsigned k)
{
    uint64_t m = u >> k;
    return m < ESCAPE ? m + 1 + k : ESCAPE + 6 + bit_length(u);
}

static void put_rice(writer *w, uint64_t u, unsigned k)
{
    uint64_t m = u >> k;
    if (m < ESCAPE) {
        put_bits(w, (1ULL << m) - 1, (unsigned)m);
        put_bits(w, 0, 1);
        put_bits(w, u, k);
    } else {
        unsigned l = bit_length(u);
        put_bits(w, (1ULL << ESCAPE) - 1, ESCAPE);
        put_bits(w, l - 1, 6);
        put_bits(w, u, l);
    }
}

static uint64_t zigzag(int64_t v)
{
    return v < 0 ? ((uint64_t)(-(v + 1)) << 1) | 1 : (uint64_t)v << 1;
}

static int64_t unzigzag(uint64_t u)
{
    return u & 1 ? -(int64_t)(u >> 1) - 1 : (int64_t)(u >> 1);
}

static double rate_of(int64_t q)
{
    return exp2((double)q / SCALE);
}

bool sample_pack(const double *rate, size_t nrate, const uint32_t *block, size_t nblock, unsigned char **blob,
                 size_t *len)
{
    if (nrate > ROW_SAMPLES_MAX || nblock > ROW_SAMPLES_MAX)
        return *blob = NULL, *len = 0, false;
    int64_t *q = malloc((nrate + 1) * sizeof *q);
    uint64_t *u = malloc((nrate + 1) * sizeof *u);
    if (q == NULL || u == NULL)
        abort();
    bool ok = true;
    for (size_t i = 0; i < nrate && ok; i++) {
        ok = rate[i] > 0 && isfinite(rate[i]);
        q[i] = ok ? llround(log2(rate[i]) * SCALE) : 0;
        ok = ok && q[i] >= Q_MIN && q[i] < Q_END && isfinite(rate_of(q[i])) && rate_of(q[i]) > 0;
        u[i] = i > 0 ? zigzag(q[i] - q[i - 1]) : zigzag(q[0]);
    }
    writer w = {0};
    if (ok) {
        put_byte(&w, SAMPLE_PACK_VERSION);
        put_varint(&w, nblock);
        for (size_t i = 0; i < nblock; i++)
            put_varint(&w, block[i]);
        put_varint(&w, nrate);
    }
    if (ok && nrate > 0) {
        /* the k that makes the deltas' codes shortest */
        unsigned best = 0;
        uint64_t best_bits = UINT64_MAX;
        for (unsigned k = 0; k <= K_MAX; k++) {
            uint64_t bits = 0;
            for (size_t i = 1; i < nrate; i++)
                bits += code_bits(u[i], k);
            if (bits < best_bits)
                best_bits = bits, best = k;
        }
        put_byte(&w, (unsigned char)best);
        put_varint(&w, u[0]);
        for (size_t i = 1; i < nrate; i++)
            put_rice(&w, u[i], best);
    }
    free(q);
    free(u);
    *blob = ok ? w.b : NULL;
    *len = ok ? w.len : 0;
    if (!ok)
        free(w.b);
    return ok;
}

/* ------------------------------------------------------------ decoding */

typedef struct {
    const unsigned char *b;
    size_t len, pos, bit; /* bit: the next bit of b[pos] (0: a fresh byte) */
    const char *bad;      /* the first thing wrong */
} reader;

static bool fail(reader *r, const char *what)
{
    if (r->bad == NULL)
        r->bad = what;
    return false;
}

static bool get_byte(reader *r, unsigned *c)
{
    if (r->pos >= r->len)
        return fail(r, "cut short");
    *c = r->b[r->pos++];
    return true;
}

static bool get_varint(reader *r, uint64_t *v)
{
    *v = 0;
    for (unsigned shift = 0, c; shift < 64; shift += 7) {
        if (!get_byte(r, &c))
            return false;
        if (shift == 63 && c > 1)
            return fail(r, "a count past 64 bits");
        *v |= (uint64_t)(c & 0x7f) << shift;
        if ((c & 0x80) == 0)
            return c != 0 || shift == 0 ? true : fail(r, "a count with needless bytes");
    }
    return fail(r, "a count past 64 bits");
}

static bool get_bits(reader *r, unsigned n, uint64_t *v)
{
    *v = 0;
    while (n-- > 0) {
        if (r->pos >= r->len)
            return fail(r, "cut short");
        *v = *v << 1 | ((r->b[r->pos] >> (7 - r->bit)) & 1);
        if (++r->bit == 8)
            r->bit = 0, r->pos++;
    }
    return true;
}

static bool get_rice(reader *r, unsigned k, uint64_t *u)
{
    uint64_t m = 0, bit = 1;
    while (m < ESCAPE && get_bits(r, 1, &bit) && bit == 1)
        m++;
    if (r->bad != NULL)
        return false;
    if (m < ESCAPE) {
        uint64_t low;
        if (!get_bits(r, k, &low))
            return false;
        *u = m << k | low;
        return true;
    }
    uint64_t l;
    if (!get_bits(r, 6, &l) || !get_bits(r, (unsigned)l + 1, u))
        return false;
    return bit_length(*u) == l + 1 && (*u >> k) >= ESCAPE ? true : fail(r, "a delta coded in a longer form");
}

static bool get_rates(reader *r, double *rate, size_t nrate)
{
    unsigned k;
    uint64_t u;
    if (!get_byte(r, &k) || !get_varint(r, &u))
        return false;
    if (k > K_MAX)
        return fail(r, "a Rice parameter above 40");
    int64_t q = 0;
    for (size_t i = 0; i < nrate; i++) {
        if (i > 0 && !get_rice(r, k, &u))
            return false;
        /* a delta larger than the whole range cannot be one */
        if ((u >> 1) > (uint64_t)(Q_END - Q_MIN))
            return fail(r, "a rate out of range");
        q = i == 0 ? unzigzag(u) : q + unzigzag(u);
        if (q < Q_MIN || q >= Q_END || !isfinite(rate_of(q)) || !(rate_of(q) > 0))
            return fail(r, "a rate out of range");
        rate[i] = rate_of(q);
    }
    if (r->bit != 0 && (r->b[r->pos] & (0xffu >> r->bit)) != 0)
        return fail(r, "padding bits that are not zero");
    r->pos += r->bit != 0;
    return true;
}

bool sample_unpack(const unsigned char *blob, size_t len, double **rate, size_t *nrate, uint32_t **block,
                   size_t *nblock, char *why, size_t n)
{
    reader r = {.b = blob, .len = blob != NULL ? len : 0};
    unsigned version = 0;
    uint64_t nb = 0, nr = 0, v;
    *rate = NULL, *block = NULL, *nrate = *nblock = 0;
    if (get_byte(&r, &version) && version != SAMPLE_PACK_VERSION)
        fail(&r, "an unknown version (not 1)");
    /* each block takes a byte at least, and each rate after the first a bit */
    if (r.bad == NULL && get_varint(&r, &nb) && nb > r.len - r.pos)
        fail(&r, "more blocks than bytes");
    else if (r.bad == NULL && nb > ROW_SAMPLES_MAX)
        fail(&r, "more blocks than a row has (65536)");
    if (r.bad == NULL && nb > 0 && (*block = malloc(nb * sizeof **block)) == NULL)
        abort();
    for (size_t i = 0; r.bad == NULL && i < nb; i++)
        if (get_varint(&r, &v) && (v == 0 || v > UINT32_MAX))
            fail(&r, "a block of 0 or past 2^32");
        else
            (*block)[i] = (uint32_t)v;
    if (r.bad == NULL && get_varint(&r, &nr) && nr > 0 && (r.len - r.pos < 2 || nr - 1 > 8 * (r.len - r.pos - 2)))
        fail(&r, "more rates than bits");
    else if (r.bad == NULL && nr > ROW_SAMPLES_MAX)
        fail(&r, "more rates than a row has (65536)");
    if (r.bad == NULL && nr > 0 && (*rate = malloc(nr * sizeof **rate)) == NULL)
        abort();
    if (r.bad == NULL && nr > 0)
        get_rates(&r, *rate, nr);
    if (r.bad == NULL && r.pos != r.len)
        fail(&r, "bytes after the end");
    if (r.bad != NULL) {
        snprintf(why, n, "packed samples (%zu bytes): %s", len, r.bad);
        free(*rate), free(*block);
        *rate = NULL, *block = NULL;
        return false;
    }
    *nrate = nr, *nblock = nb;
    return true;
}
