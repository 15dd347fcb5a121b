#include "progress.h"

#include "timing.h"

#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

void progress_start(progress *p, size_t total, bool quiet)
{
    *p = (progress){.enabled = !quiet, .tty = isatty(STDERR_FILENO) == 1, .total = total};
    p->t0 = p->shown_ns = clock_ns();
}

/* A log line is worth writing when it says something new: enough time or
 * enough of the work has gone by, or the run is complete. */
static bool due(const progress *p, uint64_t now)
{
    return (p->finished == p->total && p->shown < p->total) ||
           now - p->shown_ns >= (uint64_t)PROGRESS_EVERY_S * 1000000000u ||
           (p->finished - p->shown) * 100 >= (size_t)PROGRESS_EVERY_PCT * p->total;
}

void progress_visit(progress *p, size_t pass, size_t finished, const char *workload,
                    const char *api, const char *op, uint64_t bytes)
{
    p->finished = finished;
    uint64_t now = clock_ns();
    if (!p->enabled || (!p->tty && !due(p, now)))
        return;
    double el = (double)(now - p->t0) / 1e9;
    /* At the pace of the points finished so far: a guess until some have. */
    char eta[16] = "?";
    if (p->finished > 0) {
        double left = el / (double)p->finished * (double)(p->total - p->finished);
        snprintf(eta, sizeof eta, "%d:%02d", (int)left / 60, (int)left % 60);
    }
    fprintf(stderr, "%s[%4zu/%zu] %3zu%% done  pass %-3zu %-12s %-6s %-7s %6" PRIu64
                    " B  elapsed %d:%02d  eta %s%s",
            p->tty ? "\r" : "", p->finished, p->total,
            p->total ? p->finished * 100 / p->total : 100, pass, workload, api, op, bytes,
            (int)el / 60, (int)el % 60, eta, p->tty ? "\033[K" : "\n");
    fflush(stderr);
    p->line_open = p->tty;
    p->shown = p->finished;
    p->shown_ns = now;
}

void progress_end(progress *p)
{
    if (p->line_open)
        fputc('\n', stderr);
    p->line_open = false;
}
