/* A library's child as a fresh program: after the fork, the child execs
 * this program again (the hidden command CHILD_COMMAND), so that each
 * child -- each visit of a point -- has a layout of its own: where the
 * runner's code, libc, the stack, the heap and the library sit, as a
 * second run would place them.  A fork alone keeps the runner's layout
 * for a whole run, and small operations move by several percent with it
 * from one run to the next, where no interval over the visits of one run
 * could see it (docs/method.md, "On a noisy or busy machine").
 * Under --metric instructions the same command runs under callgrind. */
#ifndef HARNESS_CHILD_EXEC_H
#define HARNESS_CHILD_EXEC_H

#include "providers.h"

#include <stdbool.h>

/* The hidden command of bin/osslbench that such a child runs (cli/main.c). */
#define CHILD_COMMAND "__child"

/* Called once by the program's main: its children may exec it.  Without
 * it (a unit test's program) children are forked only. */
void child_exec_enable(void);
bool child_exec_enabled(void);

/* In the forked child: exec this program as the child of `path`, under
 * callgrind when counts_dir is not NULL (keeping each sample's profile there
 * with keep_profiles: counting.h).  Returns only when the exec
 * failed: under callgrind the caller answers load_failed; else the forked
 * child measures as it is. */
void child_exec(const char *path, int in_fd, int out_fd, int cpu, const provider_setup *setup,
                const char *counts_dir, bool keep_profiles);

/* CHILD_COMMAND's entry: argv as child_exec builds it. */
int child_exec_main(int argc, char **argv);

#endif
