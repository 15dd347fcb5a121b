#include "resample.h"

uint64_t resample_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1DULL;
}

uint64_t resample_seed(const double *const *parts, const size_t *lens, size_t nparts)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t p = 0; p < nparts; p++) {
        const unsigned char *c = (const unsigned char *)parts[p];
        for (size_t i = 0; i < lens[p] * sizeof(double); i++)
            h = (h ^ c[i]) * 0x100000001b3ULL;
    }
    return h ? h : 1;
}

double select_kth(double *v, size_t n, size_t k)
{
    size_t lo = 0, hi = n; /* k lies in [lo, hi) */
    while (hi - lo > 1) {
        double pivot = v[lo + (hi - lo) / 2], t;
        size_t lt = lo, i = lo, gt = hi;
        while (i < gt) {
            if (v[i] < pivot) {
                t = v[lt], v[lt] = v[i], v[i] = t;
                lt++, i++;
            } else if (v[i] > pivot) {
                gt--;
                t = v[gt], v[gt] = v[i], v[i] = t;
            } else {
                i++;
            }
        }
        if (k < lt)
            hi = lt;
        else if (k >= gt)
            lo = gt;
        else
            return pivot;
    }
    return v[k];
}

double median_in_place(double *v, size_t n)
{
    double hi = select_kth(v, n, n / 2);
    return n % 2 ? hi : (hi + select_kth(v, n, n / 2 - 1)) / 2.0;
}
