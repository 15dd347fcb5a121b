/* Debian's multiarch folder (/usr/lib/<triplet>/) as the C compiler or
 * dpkg names it, then the lib64/lib folders other distributions use.  The
 * triplets are asked lazily, in plots/system-lib.sh's order: the first one
 * that has the library ends the search, so dpkg-architecture and uname are
 * rarely asked at all. */
#include "system_lib.h"

#include "../util/spawn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A program's first line of output into t (empty when it fails). */
static void ask(char *const argv[], char *t, size_t n)
{
    spawn_io io = {0};
    t[0] = '\0';
    if (spawn_capture(argv, &io) == 0 && io.captured != NULL) {
        io.captured[strcspn(io.captured, "\n")] = '\0';
        if (strchr(io.captured, '/') == NULL) /* a triplet, never a path */
            snprintf(t, n, "%s", io.captured);
    }
    free(io.captured);
}

/* The triplet of step i (0: CC, 1: dpkg, 2: uname); empty when none.  CC
 * is words, as the shell would split it (CC="ccache gcc"). */
static void triplet(int i, const char *cc, char *t, size_t n)
{
    struct utsname u;
    char words[512], *cc_argv[10] = {NULL}, *save = NULL;
    char *dpkg_argv[] = {"dpkg-architecture", "-qDEB_HOST_MULTIARCH", NULL};
    snprintf(words, sizeof words, "%s", cc);
    int k = 0;
    for (char *w = strtok_r(words, " \t", &save); w != NULL && k < 8; w = strtok_r(NULL, " \t", &save))
        cc_argv[k++] = w;
    cc_argv[k++] = "-print-multiarch";
    t[0] = '\0';
    if (i == 0 && k > 1)
        ask(cc_argv, t, n);
    else if (i == 1)
        ask(dpkg_argv, t, n);
    else if (i == 2)
        snprintf(t, n, "%s-linux-gnu", uname(&u) == 0 ? u.machine : "unknown");
}

bool system_lib_find(char *out, size_t n)
{
    const char *cc = getenv("CC");
    bool own_cc = cc == NULL || cc[0] == '\0';
    out[0] = '\0';
    for (int i = 0; i < (own_cc ? 3 : 1); i++) {
        char t[256], c[2][512];
        triplet(i, own_cc ? "cc" : cc, t, sizeof t);
        if (t[0] == '\0')
            continue;
        snprintf(c[0], sizeof c[0], "/usr/lib/%s/libcrypto.so.3", t);
        snprintf(c[1], sizeof c[1], "/lib/%s/libcrypto.so.3", t);
        for (int j = 0; j < 2; j++) {
            if (out[0] == '\0')
                snprintf(out, n, "%s", c[j]);
            if (is_file(c[j]))
                return snprintf(out, n, "%s", c[j]), true;
        }
    }
    static const char *const others[] = {"/usr/lib64/libcrypto.so.3", "/lib64/libcrypto.so.3",
                                          "/usr/lib/libcrypto.so.3"};
    for (size_t j = 0; own_cc && j < sizeof others / sizeof others[0]; j++) {
        if (out[0] == '\0')
            snprintf(out, n, "%s", others[j]);
        if (is_file(others[j]))
            return snprintf(out, n, "%s", others[j]), true;
    }
    return false;
}
