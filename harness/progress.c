#include "progress.h"

#include "timing.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

size_t progress_point_plan(bool finished, size_t visits, size_t min_visits)
{
    if (finished)
        return visits;
    return visits + 1 > min_visits ? visits + 1 : min_visits;
}

double progress_limit_s(const progress_view *v)
{
    if (v->visits == 0 || !(v->per_visit_s > 0))
        return -1;
    double limit = INFINITY;
    /* A point stops once it has spent --time per library, so the sample time
     * still allowed bounds the rest, at this run's wall time per sample second
     * (preparing, warming up and restarting children included). */
    if (v->spent_s > 0 && v->time_left_s >= 0)
        limit = v->time_left_s * (v->elapsed_s / v->spent_s);
    /* The budget never cuts the first pass, and nothing after it. */
    if (v->budget_s > 0)
        limit = fmin(limit, fmax((double)v->first_left * v->per_visit_s, v->budget_s - v->elapsed_s));
    /* Spread visits wait for the clock, whatever they spend. */
    if (isfinite(limit))
        limit = fmax(limit, v->span_s - v->elapsed_s);
    return isfinite(limit) ? fmax(limit, 0.0) : -1;
}

double progress_eta_s(const progress_view *v)
{
    if (v->visits == 0 || !(v->per_visit_s > 0))
        return -1;
    double left = v->planned > v->visits ? (double)(v->planned - v->visits) : 0.0;
    double eta = left * v->per_visit_s, limit = progress_limit_s(v);
    eta = limit >= 0 ? fmin(eta, limit) : eta;
    return v->exact ? eta : fmax(eta, v->span_s - v->elapsed_s);
}

/* m:ss, or h:mm:ss from an hour. */
static void clock_text(double s, char *buf, size_t n)
{
    long t = (long)s;
    if (t >= 3600)
        snprintf(buf, n, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, n, "%ld:%02ld", t / 60, t % 60);
}

int progress_format(const progress_view *v, char *buf, size_t n)
{
    char el[32], eta[96] = "?", most[32];
    clock_text(v->elapsed_s, el, sizeof el);
    double left = progress_eta_s(v), limit = progress_limit_s(v);
    if (left >= 0)
        clock_text(left, eta, sizeof eta);
    /* The plan grows while points miss the target: the limits say how far. */
    if (left >= 0 && limit >= left + 1) {
        clock_text(limit, most, sizeof most);
        snprintf(eta + strlen(eta), sizeof eta - strlen(eta), " (at most %s)", most);
    }
    size_t pct = v->planned == 0 || v->visits >= v->planned ? 100 : v->visits * 100 / v->planned;
    return snprintf(buf, n,
                    "visit %zu of %s%zu  %3zu%%  pass %zu  %zu/%zu points within %g%%  %-12s %-6s "
                    "%-7s %6" PRIu64 " B  elapsed %s  eta %s",
                    v->visits, v->exact ? "" : "at least ", v->planned, pct, v->pass, v->within,
                    v->points, v->precision * 100, v->workload, v->api, v->op, v->bytes, el, eta);
}

void progress_start(progress *p, size_t points, size_t planned_each, double precision,
                    double budget_s, double time_left_s, bool quiet)
{
    *p = (progress){.enabled = !quiet, .tty = isatty(STDERR_FILENO) == 1, .points = points,
                    .planned = points * planned_each, .precision = precision,
                    .budget_s = budget_s, .time_left_s = time_left_s};
    p->t0 = p->shown_ns = clock_ns();
}

/* A log line is worth writing when it says something new: enough time or
 * enough of the planned visits has gone by, or the run is complete. */
static bool due(const progress *p, uint64_t now)
{
    return (p->finished == p->points && p->shown < p->visits) ||
           now - p->shown_ns >= (uint64_t)PROGRESS_EVERY_S * 1000000000u ||
           (p->visits - p->shown) * 100 >= (size_t)PROGRESS_EVERY_PCT * p->planned;
}

void progress_visit(progress *p, size_t pass, const progress_tally *before,
                    const progress_tally *after, const char *workload, const char *api,
                    const char *op, uint64_t bytes)
{
    uint64_t now = clock_ns();
    double el = (double)(now - p->t0) / 1e9;
    p->visits++;
    p->planned = p->planned - before->planned + after->planned;
    p->finished = p->finished - before->finished + after->finished;
    p->within = p->within - before->within + after->within;
    p->spent_s += after->spent_s - before->spent_s;
    p->time_left_s = fmax(p->time_left_s - before->time_left_s + after->time_left_s, 0.0);
    if (pass == 1) /* the first pass visits every point once: its pace is the plan's */
        p->per_visit_s = el / (double)++p->first_visits;
    if (!p->enabled || (!p->tty && !due(p, now)))
        return;
    progress_view v = {.visits = p->visits, .planned = p->planned,
                       .exact = p->finished == p->points, .pass = pass, .points = p->points,
                       .within = p->within, .precision = p->precision, .elapsed_s = el,
                       .per_visit_s = p->per_visit_s,
                       .first_left = pass == 1 ? p->points - p->first_visits : 0,
                       .budget_s = p->budget_s, .span_s = p->span_s, .spent_s = p->spent_s,
                       .time_left_s = p->time_left_s, .workload = workload, .api = api, .op = op,
                       .bytes = bytes};
    char line[512];
    progress_format(&v, line, sizeof line);
    fprintf(stderr, "%s%s%s", p->tty ? "\r" : "", line, p->tty ? "\033[K" : "\n");
    fflush(stderr);
    p->line_open = p->tty;
    p->shown = p->visits;
    p->shown_ns = now;
}

void progress_end(progress *p)
{
    if (p->line_open)
        fputc('\n', stderr);
    p->line_open = false;
}
