/* Progress of a run on stderr, sized for where it goes.  On a terminal: one
 * line redrawn in place after every visit of a point.  Elsewhere (make, CI,
 * a log file): a line only when PROGRESS_EVERY_S seconds have passed or
 * another PROGRESS_EVERY_PCT percent of the points has finished since the
 * last line, and when the last one finishes, so that a log stays short. */
#ifndef HARNESS_PROGRESS_H
#define HARNESS_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { PROGRESS_EVERY_S = 10, PROGRESS_EVERY_PCT = 10 };

typedef struct {
    bool enabled, tty, line_open;
    size_t total, finished, shown; /* shown: points finished at the last line printed */
    uint64_t t0, shown_ns;
} progress;

void progress_start(progress *p, size_t total, bool quiet);
/* A visit of a point in pass `pass` is done; `finished` points of the
 * total need no more visits; what names the point visited. */
void progress_visit(progress *p, size_t pass, size_t finished, const char *workload,
                    const char *api, const char *op, uint64_t bytes);
/* Ends a redrawn line, so that what follows starts on a line of its own. */
void progress_end(progress *p);

#endif
