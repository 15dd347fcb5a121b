#define _GNU_SOURCE
#include "bench_folder.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static bool make_parents(const char *path)
{
    char p[4096];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s != '\0'; s++)
        if (*s == '/') {
            *s = '\0';
            if (mkdir(p, 0777) != 0 && errno != EEXIST)
                return false;
            *s = '/';
        }
    return mkdir(p, 0777) == 0 || errno == EEXIST;
}

/* The short host name, in the characters a file name may safely hold. */
static void host_name(char *out, size_t n)
{
    if (gethostname(out, n) != 0 || out[0] == '\0')
        snprintf(out, n, "host");
    out[n - 1] = '\0';
    out[strcspn(out, ".")] = '\0';
    for (char *c = out; *c != '\0'; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
              *c == '-'))
            *c = '_';
}

bool bench_fresh_folder(const char *root, char *dir, size_t dn, char *name, size_t nn, char *why,
                        size_t n)
{
    if (!make_parents(root)) {
        snprintf(why, n, "cannot create %s: %s", root, strerror(errno));
        return false;
    }
    char host[256], stamp[32];
    time_t now = time(NULL);
    struct tm utc;
    gmtime_r(&now, &utc);
    strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
    host_name(host, sizeof host);
    for (int k = 1; k <= 100; k++) {
        if (k == 1)
            snprintf(name, nn, "%s-%s", stamp, host);
        else
            snprintf(name, nn, "%s-%s-%d", stamp, host, k);
        snprintf(dir, dn, "%s/%s", root, name);
        if (mkdir(dir, 0777) == 0)
            return true;
        if (errno != EEXIST)
            break;
    }
    snprintf(why, n, "cannot create a fresh run folder in %s", root);
    return false;
}

bool bench_link_latest(const char *root, const char *name, char *why, size_t n)
{
    char tmp[4096], latest[4096];
    snprintf(tmp, sizeof tmp, "%s/.latest.%ld", root, (long)getpid());
    snprintf(latest, sizeof latest, "%s/latest", root);
    unlink(tmp);
    if (symlink(name, tmp) == 0 && rename(tmp, latest) == 0)
        return true;
    unlink(tmp);
    snprintf(why, n, "cannot update %s", latest);
    return false;
}
