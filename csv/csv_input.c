#include "csv.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static bool has_csv_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".csv") == 0;
}

/* A result folder (results/<timestamp>-<host>/) holds results.csv next to
 * charts and logs; a folder of any other layout qualifies when it holds
 * exactly one CSV. */
static bool resolve_dir(const char *dir, char *out, size_t n, char *why, size_t whylen)
{
    struct stat st;
    snprintf(out, n, "%s/results.csv", dir);
    if (lstat(out, &st) == 0) /* whatever it is, the reader judges it */
        return true;
    DIR *d = opendir(dir);
    if (d == NULL) {
        snprintf(why, whylen, "%s: %s", dir, strerror(errno));
        return false;
    }
    size_t found = 0;
    char first[256] = "", second[256] = "";
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.' && has_csv_suffix(e->d_name)) {
            if (found == 0)
                snprintf(first, sizeof first, "%s", e->d_name);
            else if (found == 1)
                snprintf(second, sizeof second, "%s", e->d_name);
            found++;
        }
    closedir(d);
    if (found == 1) {
        snprintf(out, n, "%s/%s", dir, first);
        return true;
    }
    if (found == 0)
        snprintf(why, whylen, "%s: no results.csv and no *.csv in this folder", dir);
    else
        snprintf(why, whylen, "%s: %zu CSV files (%s, %s%s) and no results.csv: name one", dir,
                 found, first, second, found > 2 ? ", ..." : "");
    return false;
}

bool csv_read_input(const char *arg, result_set *out, char *path, size_t pathlen, char *why,
                    size_t whylen)
{
    *out = (result_set){0};
    struct stat st;
    if (strcmp(arg, "-") == 0) {
        snprintf(path, pathlen, "(stdin)");
        return csv_read_stream(stdin, path, out, why, whylen);
    }
    if (stat(arg, &st) != 0) {
        snprintf(why, whylen, "%s: %s", arg, strerror(errno));
        return false;
    }
    bool folder = S_ISDIR(st.st_mode);
    if (folder) {
        if (!resolve_dir(arg, path, pathlen, why, whylen))
            return false;
    } else if (snprintf(path, pathlen, "%s", arg) >= (int)pathlen) {
        snprintf(why, whylen, "path too long: %.64s...", arg);
        return false;
    }
    return csv_read_file(path, !folder, out, why, whylen);
}
