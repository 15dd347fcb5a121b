#define _GNU_SOURCE
#include "child_exec.h"

#include "child.h"
#include "counting.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_ARGS = 24 + 2 * MAX_PROVIDERS };

static bool enabled;

void child_exec_enable(void)
{
    enabled = true;
}

bool child_exec_enabled(void)
{
    return enabled;
}

void child_exec(const char *path, int in_fd, int out_fd, int cpu, const provider_setup *setup,
                const char *counts_dir, bool keep_profiles)
{
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return;
    self[len] = '\0';
    static char out_file[4200], in_s[16], out_s[16], cpu_s[16];
    snprintf(out_file, sizeof out_file, "--callgrind-out-file=%s/cg.%%p",
             counts_dir ? counts_dir : "");
    snprintf(in_s, sizeof in_s, "%d", in_fd);
    snprintf(out_s, sizeof out_s, "%d", out_fd);
    snprintf(cpu_s, sizeof cpu_s, "%d", cpu);
    /* Counting starts and stops at the one function that runs a sample's
     * operations; each return of it writes one profile.  A profile that is
     * kept (explain) must also count the calls right, and callgrind counts a
     * call made while collection is off all the same, until a dump in which
     * that call has a cost: so such a child collects all along and dumps
     * on the entry too (counting.c drops that dump). */
    const char *argv[MAX_ARGS] = {"valgrind", "-q", "--tool=callgrind"};
    size_t k = 3;
    if (counts_dir != NULL && keep_profiles)
        argv[k++] = "--dump-before=" COUNTED_RUN_NAME;
    else {
        argv[k++] = "--collect-atstart=no";
        argv[k++] = "--toggle-collect=" COUNTED_RUN_NAME;
    }
    size_t program = k + 3; /* where the command line without valgrind starts */
    const char *rest[] = {"--dump-after=" COUNTED_RUN_NAME, "--dump-instr=no", out_file, self,
                          CHILD_COMMAND, counts_dir ? counts_dir : "-", path, in_s, out_s, cpu_s};
    for (size_t i = 0; i < sizeof rest / sizeof *rest; i++)
        argv[k++] = rest[i];
    if (counts_dir != NULL && keep_profiles)
        argv[k++] = "--keep-profiles";
    if (setup != NULL) /* a set-up of no names still loads `default` and lists it */
        argv[k++] = "--setup";
    for (size_t i = 0; setup != NULL && i < setup->count && k + 2 < MAX_ARGS; i++) {
        argv[k++] = "--provider";
        argv[k++] = setup->names[i];
    }
    if (setup != NULL && setup->propquery != NULL && k + 2 < MAX_ARGS) {
        argv[k++] = "--propquery";
        argv[k++] = setup->propquery;
    }
    argv[k] = NULL;
    if (counts_dir != NULL)
        execvp("valgrind", (char *const *)argv);
    else
        execv(self, (char *const *)argv + program);
}

int child_exec_main(int argc, char **argv)
{
    /* argv: command, counts dir or "-", library, in fd, out fd, cpu, then
     * --keep-profiles, --setup, --provider NAME ... --propquery Q (child_exec's
     * order). */
    if (argc < 6) {
        fprintf(stderr, "osslbench: %s is the runner's own (a library's child)\n", argv[0]);
        return 2;
    }
    static provider_setup setup;
    int at = 6;
    bool keep = argc > at && strcmp(argv[at], "--keep-profiles") == 0;
    at += keep;
    bool has_setup = argc > at && strcmp(argv[at], "--setup") == 0;
    for (int i = at + has_setup; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--provider") == 0 && setup.count < MAX_PROVIDERS)
            setup.names[setup.count++] = argv[i + 1];
        else if (strcmp(argv[i], "--propquery") == 0)
            setup.propquery = argv[i + 1];
    }
    if (strcmp(argv[1], "-") != 0)
        counting_start(argv[1], keep);
    child_main(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), NULL,
               has_setup ? &setup : NULL);
}
