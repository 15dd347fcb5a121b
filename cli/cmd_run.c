/* `osslbench run`: its command line read into run_args, then the runner
 * (runner/runner.h) called with it; the speed tables go to stdout. */
#include "commands.h"
#include "../runner/runner.h"

#include <stdlib.h>

int cmd_run(int argc, char **argv)
{
    run_args *o = calloc(1, sizeof *o); /* large: not on the stack */
    if (o == NULL)
        abort();
    int rc = run_args_parse(argc, argv, o);
    if (rc == OPTIONS_READY) {
        run_result res;
        /* main hands each command argv + 1: argv[-1] is the program */
        run_request rq = {.args = o, .argc = argc + 1, .argv = argv - 1, .out = stdout};
        rc = run_measure(&rq, &res);
        run_result_free(&res);
    } else if (rc == OPTIONS_HELP) {
        rc = 0;
    }
    free(o);
    return rc;
}
