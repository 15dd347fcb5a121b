#define _GNU_SOURCE
#include "run_inproc.h"
#include "../cli/commands.h"
#include "../util/fd_redirect.h"
#include "../options/run_options.h"
#include "../harness/libproc.h"
#include "../harness/scheduler.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

long run_count_points(int argc, char **argv, char *why, size_t n)
{
    run_args *a = calloc(1, sizeof *a); /* large: not on the stack */
    if (a == NULL)
        return snprintf(why, n, "out of memory"), -1;
    why[0] = '\0';
    int rc = run_args_parse_why(argc, argv, a, why, n);
    long points = rc == OPTIONS_READY ? (long)schedule_point_count(&a->plan) : rc == OPTIONS_HELP ? -2 : -1;
    free(a);
    return points;
}

/* The run installs its own interrupt handlers (libproc.c); once it is over,
 * the caller's come back. */
static const int kept_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
enum { NKEPT = sizeof kept_signals / sizeof kept_signals[0] };

int run_in_process(int argc, char **argv, const char *stdout_path, bool *interrupted)
{
    struct sigaction kept[NKEPT];
    for (size_t i = 0; i < NKEPT; i++)
        sigaction(kept_signals[i], NULL, &kept[i]);
    fd_redirect out;
    if (!fd_redirect_begin(&out, 1, stdout_path, false))
        return fprintf(stderr, "cannot write %s: %s\n", stdout_path, strerror(errno)), 127;
    run_interrupted = 0;
    int rc = cmd_run(argc, argv);
    fd_redirect_end(&out);
    *interrupted = run_interrupted != 0 || rc == 130;
    for (size_t i = 0; i < NKEPT; i++)
        sigaction(kept_signals[i], &kept[i], NULL);
    return rc;
}
