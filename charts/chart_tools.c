/* gnuplot looked up as `command -v` would (an executable file in a PATH
 * folder); tools/deps.sh stays the one place that knows the package and
 * how to install it. */
#include "chart_tools.h"

#include "../util/spawn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool on_path(const char *program)
{
    const char *path = getenv("PATH");
    if (path == NULL)
        return false;
    while (*path != '\0') {
        size_t len = strcspn(path, ":");
        char candidate[4096];
        struct stat st;
        /* an empty PATH entry is the current folder */
        int w = snprintf(candidate, sizeof candidate, "%.*s%s%s", (int)len, path, len ? "/" : "",
                         program);
        if (w > 0 && (size_t)w < sizeof candidate && stat(candidate, &st) == 0 &&
            S_ISREG(st.st_mode) && access(candidate, X_OK) == 0)
            return true;
        path += len + (path[len] == ':');
    }
    return false;
}

bool chart_tools_ready(const char *repo)
{
    if (on_path("gnuplot"))
        return true;
    char deps[4096];
    snprintf(deps, sizeof deps, "%s/tools/deps.sh", repo);
    char *argv[] = {deps, "charts", NULL};
    return spawn_wait(argv, NULL, NULL) == 0;
}
