#define _GNU_SOURCE
#include "valgrind_child.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
