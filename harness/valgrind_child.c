#define _GNU_SOURCE
#include "valgrind_child.h"

#include "child.h"
#include "counting.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_ARGS = 24 + 2 * MAX_PROVIDERS };

void valgrind_child_exec(const char *path, int in_fd, int out_fd, int cpu,
                         const provider_setup *setup, const char *counts_dir)
{
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return;
    self[len] = '\0';
    static char out_file[4200], in_s[16], out_s[16], cpu_s[16];
    snprintf(out_file, sizeof out_file, "--callgrind-out-file=%s/cg.%%p", counts_dir);
    snprintf(in_s, sizeof in_s, "%d", in_fd);
    snprintf(out_s, sizeof out_s, "%d", out_fd);
    snprintf(cpu_s, sizeof cpu_s, "%d", cpu);
    /* Counting starts and stops at the one function that runs a sample's
     * operations; each return of it writes one profile. */
    const char *argv[MAX_ARGS] = {
        "valgrind", "-q", "--tool=callgrind", "--collect-atstart=no",
        "--toggle-collect=" COUNTED_RUN_NAME, "--dump-after=" COUNTED_RUN_NAME,
        "--dump-instr=no", out_file, self, COUNTED_CHILD_COMMAND,
        counts_dir, path, in_s, out_s, cpu_s};
    size_t k = 15;
    if (setup != NULL) {
        for (size_t i = 0; i < setup->count && k + 2 < MAX_ARGS; i++) {
            argv[k++] = "--provider";
            argv[k++] = setup->names[i];
        }
        if (setup->propquery != NULL && k + 2 < MAX_ARGS) {
            argv[k++] = "--propquery";
            argv[k++] = setup->propquery;
        }
    }
    argv[k] = NULL;
    execvp("valgrind", (char *const *)argv);
}

int valgrind_child_main(int argc, char **argv)
{
    /* argv: command, counts dir, library, in fd, out fd, cpu, then
     * --provider NAME ... --propquery Q (valgrind_child_exec's order). */
    if (argc < 6) {
        fprintf(stderr, "osslbench: %s is the runner's own (a child under valgrind)\n", argv[0]);
        return 2;
    }
    static provider_setup setup;
    for (int i = 6; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--provider") == 0 && setup.count < MAX_PROVIDERS)
            setup.names[setup.count++] = argv[i + 1];
        else if (strcmp(argv[i], "--propquery") == 0)
            setup.propquery = argv[i + 1];
    }
    counting_start(argv[1]);
    child_main(argv[2], atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), NULL,
               setup.count || setup.propquery ? &setup : NULL);
}

bool counts_dir_create(char *dir, size_t n, char *why, size_t wn)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, n, "%s/osslbench-counts-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (mkdtemp(dir) != NULL)
        return true;
    snprintf(why, wn, "cannot create a folder for valgrind's counts (%s): %s", dir,
             strerror(errno));
    return false;
}

void counts_dir_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    struct dirent *e;
    char path[4400];
    while ((e = readdir(d)) != NULL)
        if (strncmp(e->d_name, "cg.", 3) == 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
    closedir(d);
    rmdir(dir);
}

bool valgrind_available(char *why, size_t n)
{
    const char *path = getenv("PATH");
    char buf[4096], file[4200];
    snprintf(buf, sizeof buf, "%s", path ? path : "/usr/bin:/bin");
    char *save = NULL;
    for (char *d = strtok_r(buf, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        snprintf(file, sizeof file, "%s/valgrind", *d ? d : ".");
        if (access(file, X_OK) == 0)
            return true;
    }
    snprintf(why, n, "--metric instructions needs valgrind, which is not on PATH "
                     "(install it: apt-get install valgrind)");
    return false;
}
