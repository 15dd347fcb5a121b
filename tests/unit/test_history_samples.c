/* The history database's packed samples (history/sample_pack.c, schema 2):
 * rates come back within SAMPLE_PACK_REL_ERROR and blocks exactly, an
 * empty list is a blob too, a list of 100,000 rates stays about 2 bytes a
 * rate, and a crafted or cut blob is refused with a reason, never read
 * past its end (ASan in check-asan). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../../history/sample_pack.h"
#include "../../record/row.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void round_trip(const double *rate, size_t nrate, const uint32_t *block, size_t nblock, size_t *len)
{
    unsigned char *blob = NULL;
    assert_true(sample_pack(rate, nrate, block, nblock, &blob, len));
    double *r = NULL;
    uint32_t *b = NULL;
    size_t nr = 99, nb = 99;
    char why[256] = "";
    bool ok = sample_unpack(blob, *len, &r, &nr, &b, &nb, why, sizeof why);
    if (!ok)
        print_message("%s\n", why);
    assert_true(ok);
    assert_int_equal(nr, nrate);
    assert_int_equal(nb, nblock);
    for (size_t i = 0; i < nrate; i++)
        if (fabs(r[i] / rate[i] - 1) > SAMPLE_PACK_REL_ERROR) {
            print_message("rate %zu: %.17g came back %.17g\n", i, rate[i], r[i]);
            fail();
        }
    if (nblock > 0)
        assert_memory_equal(b, block, nblock * sizeof *block);
    free(blob), free(r), free(b);
}

/* A run's samples: a few per cent apart, and each extreme a double has. */
static void rates_come_back_within_the_resolution(void **state)
{
    (void)state;
    const double rate[] = {1.234e9, 1.19e9, 1.25e9, 1.2e9, 1.234e9, 3.5e3, 7.1e12, 1.0, 0.5, DBL_MIN,
                           5e-324, DBL_MAX / 2, 1e300, 42.000001, 42.000002};
    const uint32_t block[] = {10, 5};
    size_t len;
    round_trip(rate, 15, block, 2, &len);
    /* the worst case of the log-scale steps: a rate midway between two */
    double mid[64];
    for (int i = 0; i < 64; i++)
        mid[i] = 1e6 * exp2((i + 0.4999) / (double)(1 << SAMPLE_PACK_SCALE_BITS));
    round_trip(mid, 64, NULL, 0, &len);
}

static void an_empty_list_is_a_blob(void **state)
{
    (void)state;
    size_t len;
    round_trip(NULL, 0, NULL, 0, &len);
    assert_int_equal(len, 3); /* version, no blocks, no rates */
    const double one[] = {1e6};
    round_trip(one, 1, NULL, 0, &len);
}

/* 65,536 rates of a noisy run (2% spread, one outlier in 1000), the most
 * a row has: about two bytes each, where the CSV's text takes 24. */
static void a_large_list_is_small(void **state)
{
    (void)state;
    enum { N = ROW_SAMPLES_MAX };
    double *rate = malloc(N * sizeof *rate);
    uint32_t *block = malloc(N / 10 * sizeof *block);
    assert_non_null(rate);
    assert_non_null(block);
    uint64_t x = 88172645463325252ULL;
    for (size_t i = 0; i < N; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        rate[i] = 2.5e8 * (1 + 0.02 * ((double)(x % 100000) / 100000 - 0.5)) * (i % 1000 == 7 ? 0.01 : 1);
    }
    for (size_t i = 0; i < N / 10; i++)
        block[i] = 10;
    size_t len;
    round_trip(rate, N, block, N / 10, &len);
    print_message("%d rates, %d blocks: %zu bytes\n", N, N / 10, len);
    assert_true(len < N * 3);
    free(rate), free(block);
}

static void no_packing_of_what_is_no_rate(void **state)
{
    (void)state;
    const double bad[][2] = {{1, 0}, {1, -2}, {1, INFINITY}, {NAN, 1}};
    for (size_t i = 0; i < 4; i++) {
        unsigned char *blob = (unsigned char *)"x";
        size_t len = 7;
        assert_false(sample_pack(bad[i], 2, NULL, 0, &blob, &len));
        assert_null(blob);
    }
}

static bool refused(const unsigned char *blob, size_t len, const char *want)
{
    double *r = (double *)"x";
    uint32_t *b = (uint32_t *)"x";
    size_t nr = 1, nb = 1;
    char why[256] = "";
    bool ok = sample_unpack(blob, len, &r, &nr, &b, &nb, why, sizeof why);
    if (ok || strstr(why, want) == NULL || r != NULL || b != NULL || strchr(why, '\n') != NULL)
        print_message("blob of %zu bytes: %s, '%s'\n", len, ok ? "taken" : "refused", why);
    return !ok && strstr(why, want) != NULL && r == NULL && b == NULL;
}

/* Each crafted blob on the heap at its own length, so that ASan sees a
 * read one byte past it. */
static bool refused_heap(const char *bytes, size_t len, const char *want)
{
    unsigned char *p = malloc(len ? len : 1);
    assert_non_null(p);
    memcpy(p, bytes, len);
    bool ok = refused(p, len, want);
    free(p);
    return ok;
}

static void crafted_blobs_are_refused(void **state)
{
    (void)state;
    assert_true(refused(NULL, 0, "cut short"));
    assert_true(refused_heap("\x02\x00\x00", 3, "unknown version"));
    assert_true(refused_heap("\x01\x00\x00\x00", 4, "bytes after the end"));
    assert_true(refused_heap("\x01\x05\x01", 3, "more blocks than bytes"));
    assert_true(refused_heap("\x01\x01\x00\x00", 4, "a block of 0"));
    assert_true(refused_heap("\x01\x01\x90\x80\x80\x80\x10\x00", 8, "past 2^32"));
    assert_true(refused_heap("\x01\x80\x00\x00", 4, "needless bytes"));
    assert_true(refused_heap("\x01\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 12, "past 64 bits"));
    assert_true(refused_heap("\x01\x00\x64\x05\x02\x00", 6, "more rates than bits"));
    assert_true(refused_heap("\x01\x00\x01\x29\x02", 5, "Rice parameter above 40"));
    /* q[0] far past the largest double */
    assert_true(refused_heap("\x01\x00\x01\x00\xff\xff\xff\xff\x0f", 9, "out of range"));
    /* two rates, k 0, the delta 0 coded as "0" then a stray 1 in the padding */
    assert_true(refused_heap("\x01\x00\x02\x00\x02\x40", 6, "padding"));
    /* the delta 1 as an escape: 24 ones, L-1 = 0, the bit 1 */
    assert_true(refused_heap("\x01\x00\x02\x00\x02\xff\xff\xff\x06", 9, "longer form"));
}

/* Issue 52: no more samples than a row can have (a CSV line holds fewer
 * than 65,536), so that a crafted blob of 1 MiB, 8 million rates of one
 * bit each, is refused at once: the dashboard took 2.6 s and 338 MB on one. */
static void no_more_samples_than_a_row_has(void **state)
{
    (void)state;
    enum { MIB = 1 << 20 };
    unsigned char *p = calloc(MIB, 1);
    assert_non_null(p);
    /* version 1, no blocks, 8 * (MIB - 8) rates (varint), k 0, q[0] 0, zero deltas */
    size_t at = 2, v = 8 * (size_t)(MIB - 8);
    p[0] = 1;
    for (; v >= 0x80; v >>= 7)
        p[at++] = (unsigned char)(v | 0x80);
    p[at] = (unsigned char)v;
    assert_true(refused(p, MIB, "more rates than a row has (65536)"));
    free(p);
    assert_true(refused_heap("\x01\x81\x80\x04", 4, "more blocks")); /* 65537 blocks, 1 byte left */
    double *rate = malloc((ROW_SAMPLES_MAX + 1) * sizeof *rate);
    assert_non_null(rate);
    for (size_t i = 0; i <= ROW_SAMPLES_MAX; i++)
        rate[i] = 1e6;
    unsigned char *blob;
    size_t len;
    assert_false(sample_pack(rate, ROW_SAMPLES_MAX + 1, NULL, 0, &blob, &len));
    assert_true(sample_pack(rate, ROW_SAMPLES_MAX, NULL, 0, &blob, &len));
    free(blob);
    free(rate);
}

/* Every blob cut short at every length is refused, and so is each single
 * byte changed where the change breaks the format. */
static void every_truncation_is_refused(void **state)
{
    (void)state;
    const double rate[] = {1.1e9, 1.2e9, 1.0e9, 9e3, 1.15e9, 1.1e9};
    const uint32_t block[] = {3, 3};
    unsigned char *blob;
    size_t len;
    assert_true(sample_pack(rate, 6, block, 2, &blob, &len));
    for (size_t cut = 0; cut < len; cut++) {
        unsigned char *p = malloc(cut ? cut : 1);
        assert_non_null(p);
        memcpy(p, blob, cut);
        double *r;
        uint32_t *b;
        size_t nr, nb;
        char why[256];
        assert_false(sample_unpack(p, cut, &r, &nr, &b, &nb, why, sizeof why));
        free(p);
    }
    free(blob);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rates_come_back_within_the_resolution),
        cmocka_unit_test(an_empty_list_is_a_blob),
        cmocka_unit_test(a_large_list_is_small),
        cmocka_unit_test(no_packing_of_what_is_no_rate),
        cmocka_unit_test(crafted_blobs_are_refused),
        cmocka_unit_test(every_truncation_is_refused),
        cmocka_unit_test(no_more_samples_than_a_row_has),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
