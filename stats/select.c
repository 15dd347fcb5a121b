#include "select.h"

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
