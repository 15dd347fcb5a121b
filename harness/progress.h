/* Progress of a run on stderr, sized for where it goes.  On a terminal: one
 * line redrawn in place after every point.  Elsewhere (make, CI, a log file):
 * a line only when PROGRESS_EVERY_S seconds have passed or another
 * PROGRESS_EVERY_PCT percent of the points is done since the last line, and
 * at the last point, so that a log stays short and still shows the ETA. */
#ifndef HARNESS_PROGRESS_H
#define HARNESS_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { PROGRESS_EVERY_S = 10, PROGRESS_EVERY_PCT = 10 };

typedef struct {
    bool enabled, tty, line_open;
    size_t total, done, shown; /* shown: points done at the last line printed */
    uint64_t t0, shown_ns;
} progress;

void progress_start(progress *p, size_t total, bool quiet);
/* One point is done; what names it (workload, API path, operation, size). */
void progress_point(progress *p, const char *workload, const char *api, const char *op,
                    uint64_t bytes);
/* Ends a redrawn line, so that what follows starts on a line of its own. */
void progress_end(progress *p);

#endif
