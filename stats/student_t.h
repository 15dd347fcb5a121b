/* Student's t distribution: what a mean of a few visits can claim. */
#ifndef STATS_STUDENT_T_H
#define STATS_STUDENT_T_H

/* P(|T| >= t) for T with df degrees of freedom (df > 0). */
double student_t_two_sided_p(double t, double df);

/* The t with P(|T| >= t) = alpha: 2.365 for df 7, alpha 0.05. */
double student_t_quantile(double alpha, double df);

#endif
