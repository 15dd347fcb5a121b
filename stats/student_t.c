#include "student_t.h"

#include <math.h>

/* The continued fraction of the regularized incomplete beta function
 * (modified Lentz), valid for x < (a + 1) / (a + b + 2). */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1.0, d = 1.0 - (a + b) * x / (a + 1.0);
    d = 1.0 / (fabs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 300; m++) {
        double m2 = 2.0 * m;
        double num = m * (b - m) * x / ((a + m2 - 1.0) * (a + m2));
        d = 1.0 + num * d;
        c = 1.0 + num / c;
        d = 1.0 / (fabs(d) < tiny ? tiny : d);
        c = fabs(c) < tiny ? tiny : c;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0));
        d = 1.0 + num * d;
        c = 1.0 + num / c;
        d = 1.0 / (fabs(d) < tiny ? tiny : d);
        c = fabs(c) < tiny ? tiny : c;
        double step = d * c;
        h *= step;
        if (fabs(step - 1.0) < 1e-15)
            break;
    }
    return h;
}

/* I_x(a, b). */
static double incomplete_beta(double a, double b, double x)
{
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1.0) / (a + b + 2.0))
        return front * beta_fraction(a, b, x) / a;
    return 1.0 - front * beta_fraction(b, a, 1.0 - x) / b;
}

double student_t_two_sided_p(double t, double df)
{
    if (isnan(t) || !(df > 0.0))
        return NAN;
    if (isinf(t))
        return 0.0;
    return incomplete_beta(df / 2.0, 0.5, df / (df + t * t));
}

double student_t_quantile(double alpha, double df)
{
    if (!(alpha > 0.0 && alpha < 1.0) || !(df > 0.0))
        return NAN;
    double lo = 0.0, hi = 1.0;
    while (student_t_two_sided_p(hi, df) > alpha && hi < 1e12)
        hi *= 2.0;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
        double mid = (lo + hi) / 2.0;
        if (student_t_two_sided_p(mid, df) > alpha)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2.0;
}
