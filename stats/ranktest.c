#include "ranktest.h"

#include "summary.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The exact null distribution is tabulated up to this many pairs: the table
 * costs min(m,n) * m * n doubles and time, and beyond it the normal
 * approximation is accurate to well under the noise of a benchmark. */
enum { EXACT_MAX_PAIRS = 2500 };
/* Hodges-Lehmann materialises every pairwise difference; above this many
 * pairs each sample is first thinned to evenly spaced order statistics,
 * which keeps the estimate's distribution-free character. */
enum { HL_MAX_PAIRS = 1 << 22 };

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (p == NULL)
        abort();
    return p;
}

double normal_upper_quantile(double p)
{
    if (p <= 0.0)
        return INFINITY;
    if (p >= 1.0)
        return -INFINITY;
    /* Bisection on the complementary error function: slow-ish but exact to
     * double precision, branch-free of magic constants, and called rarely. */
    double lo = -40.0, hi = 40.0;
    for (int i = 0; i < 200; i++) {
        double mid = (lo + hi) / 2.0;
        if (0.5 * erfc(mid / sqrt(2.0)) > p)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2.0;
}

/* Probabilities P(U = u), u = 0 .. m*n, for tie-free samples of sizes m, n;
 * NULL when the table would be too large.  Recurrence on the largest of all
 * m + n values: if it is one of the n new values it beats all m old ones. */
static double *exact_distribution(size_t m, size_t n)
{
    if (m == 0 || n == 0 || m * n > EXACT_MAX_PAIRS)
        return NULL;
    size_t a = m < n ? m : n, b = m < n ? n : m; /* U is symmetric in (m, n) */
    size_t width = a * b + 1;
    double *c = xmalloc((a + 1) * width * sizeof *c);
    memset(c, 0, (a + 1) * width * sizeof *c);
    for (size_t i = 0; i <= a; i++)
        c[i * width] = 1.0; /* c(i, 0) puts all mass on u = 0 */
    for (size_t j = 1; j <= b; j++)
        for (size_t i = 1; i <= a; i++) {
            double *row = c + i * width, *prev = c + (i - 1) * width;
            /* Row i holds c(i, j-1); go downwards so row[u - i] is still old. */
            for (size_t u = i * j + 1; u-- > 0;)
                row[u] = (u >= i ? row[u - i] : 0.0) + prev[u];
        }
    double *dist = xmalloc(width * sizeof *dist), total = 0.0;
    for (size_t u = 0; u < width; u++)
        total += c[a * width + u];
    for (size_t u = 0; u < width; u++)
        dist[u] = c[a * width + u] / total;
    free(c);
    return dist;
}

double mann_whitney_exact_cdf(size_t m, size_t n, double u)
{
    double *dist = exact_distribution(m, n);
    if (dist == NULL)
        return -1.0;
    double sum = 0.0;
    for (size_t k = 0; k <= m * n && (double)k <= u; k++)
        sum += dist[k];
    free(dist);
    return sum > 1.0 ? 1.0 : sum;
}

static int compare_items(const void *a, const void *b)
{
    return compare_doubles(&((const rank_item *)a)->v, &((const rank_item *)b)->v);
}

double rank_sum_marked(rank_item *items, size_t n, double *tie_term)
{
    qsort(items, n, sizeof *items, compare_items);
    double sum = 0.0;
    *tie_term = 0.0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j + 1 < n && items[j + 1].v == items[i].v)
            j++;
        double mid_rank = ((double)i + (double)j) / 2.0 + 1.0, t = (double)(j - i + 1);
        *tie_term += t * t * t - t;
        for (size_t k = i; k <= j; k++)
            if (items[k].marked)
                sum += mid_rank;
        i = j + 1;
    }
    return sum;
}

bool mann_whitney(const double *x, size_t nx, const double *y, size_t ny, rank_test *out)
{
    if (nx == 0 || ny == 0)
        return false;
    size_t n = nx + ny;
    rank_item *all = xmalloc(n * sizeof *all);
    for (size_t i = 0; i < nx; i++)
        all[i] = (rank_item){x[i], false};
    for (size_t j = 0; j < ny; j++)
        all[nx + j] = (rank_item){y[j], true};
    /* Mid-ranks for ties; the tie term feeds the variance correction. */
    double tie_term, rank_sum_new = rank_sum_marked(all, n, &tie_term);
    free(all);

    double m = (double)nx, k = (double)ny, N = (double)n;
    double u = rank_sum_new - k * (k + 1.0) / 2.0;
    *out = (rank_test){.u = u};

    double *dist = tie_term == 0.0 ? exact_distribution(nx, ny) : NULL;
    if (dist != NULL) {
        /* Two-sided: twice the smaller tail, the tails being symmetric. */
        double lower = 0.0, upper = 0.0;
        for (size_t v = 0; v <= nx * ny; v++) {
            if ((double)v <= u)
                lower += dist[v];
            if ((double)v >= u)
                upper += dist[v];
        }
        free(dist);
        double p = 2.0 * (lower < upper ? lower : upper);
        out->p_value = p > 1.0 ? 1.0 : p;
        out->exact = true;
        return true;
    }
    double var = m * k / 12.0 * ((N + 1.0) - tie_term / (N * (N - 1.0)));
    if (var <= 0.0) { /* every value tied: no evidence of any difference */
        out->p_value = 1.0;
        return true;
    }
    double z = (fabs(u - m * k / 2.0) - 0.5) / sqrt(var);
    out->p_value = z <= 0.0 ? 1.0 : erfc(z / sqrt(2.0));
    if (out->p_value > 1.0)
        out->p_value = 1.0;
    return true;
}

/* Sorted logs of xs, thinned to at most `keep` evenly spaced order
 * statistics (keep >= n means no thinning). */
static double *sorted_logs(const double *xs, size_t n, size_t keep, size_t *out_n)
{
    double *v = xmalloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = log(xs[i]);
    qsort(v, n, sizeof *v, compare_doubles);
    if (keep < n) {
        for (size_t i = 0; i < keep; i++)
            v[i] = v[(size_t)(((double)i + 0.5) * (double)n / (double)keep)];
        n = keep;
    }
    *out_n = n;
    return v;
}

/* Number of the smallest pair differences that may lie below the CI:
 * the largest c with P(U <= c) <= alpha / 2 under H0 (exact when the table
 * is small enough), or -1 when even c = 0 is too likely. */
static long moses_c(size_t m, size_t n, double alpha)
{
    double *dist = exact_distribution(m, n);
    if (dist != NULL) {
        double cum = 0.0;
        long c = -1;
        for (size_t u = 0; u <= m * n; u++) {
            cum += dist[u];
            if (cum > alpha / 2.0 + 1e-12)
                break;
            c = (long)u;
        }
        free(dist);
        return c;
    }
    double mn = (double)m * (double)n;
    double sd = sqrt(mn * ((double)(m + n) + 1.0) / 12.0);
    return (long)floor(mn / 2.0 - normal_upper_quantile(alpha / 2.0) * sd - 0.5);
}

bool hodges_lehmann_ratio(const double *x, size_t nx, const double *y, size_t ny, double alpha,
                          ratio_estimate *out)
{
    if (nx == 0 || ny == 0 || !(alpha > 0.0 && alpha < 1.0))
        return false;
    for (size_t i = 0; i < nx; i++)
        if (!(x[i] > 0.0) || !isfinite(x[i]))
            return false;
    for (size_t j = 0; j < ny; j++)
        if (!(y[j] > 0.0) || !isfinite(y[j]))
            return false;

    size_t keep = (size_t)sqrt((double)HL_MAX_PAIRS), m, n;
    if ((double)nx * (double)ny <= (double)HL_MAX_PAIRS)
        keep = (size_t)-1;
    double *lx = sorted_logs(x, nx, keep, &m), *ly = sorted_logs(y, ny, keep, &n);
    size_t pairs = m * n;
    double *d = xmalloc(pairs * sizeof *d);
    for (size_t i = 0; i < m; i++)
        for (size_t j = 0; j < n; j++)
            d[i * n + j] = ly[j] - lx[i];
    qsort(d, pairs, sizeof *d, compare_doubles);

    double med = pairs % 2 ? d[pairs / 2] : (d[pairs / 2 - 1] + d[pairs / 2]) / 2.0;
    long c = moses_c(m, n, alpha);
    out->ci_reaches_level = c >= 0;
    size_t lo = c >= 0 ? (size_t)c : 0; /* 0-based index of the lower bound */
    if (lo > (pairs - 1) / 2)
        lo = (pairs - 1) / 2;
    out->ratio = exp(med);
    out->low = exp(d[lo]);
    out->high = exp(d[pairs - 1 - lo]);
    free(d);
    free(lx);
    free(ly);
    return true;
}
