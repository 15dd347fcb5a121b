/* Discovery of the libraries `make compare` measures (bench_libs.h).  A
 * library that does not load is still measured, as a labelled one is: its
 * rows then say why, and the others are measured. */
#define _GNU_SOURCE
#include "bench_libs.h"
#include "bench_say.h"
#include "../options/run_options.h"
#include "../harness/libproc.h"

#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool add_lib(bench_libs *libs, const char *label, const char *path, const char *origin,
                    char *why, size_t n)
{
    if (!row_label_valid(label)) {
        snprintf(why, n, "library label '%s' (%s) is not a valid label", label, path);
        return false;
    }
    const bench_lib *twin = bench_find(libs, label);
    if (twin != NULL) {
        snprintf(why, n, "two libraries are labelled '%s': %s and %s", label, twin->path, path);
        return false;
    }
    if (libs->count == MAX_LIBS) {
        snprintf(why, n, "more than %d libraries", MAX_LIBS);
        return false;
    }
    bench_lib *l = &libs->lib[libs->count];
    snprintf(l->label, sizeof l->label, "%s", label);
    l->path = strdup(path);
    l->origin = origin;
    if (l->path == NULL) {
        snprintf(why, n, "out of memory");
        return false;
    }
    libs->count++;
    return true;
}

const bench_lib *bench_find(const bench_libs *libs, const char *label)
{
    for (size_t i = 0; i < libs->count; i++)
        if (strcmp(libs->lib[i].label, label) == 0)
            return &libs->lib[i];
    return NULL;
}

void bench_labels(const bench_libs *libs, char *buf, size_t n)
{
    buf[0] = '\0';
    for (size_t i = 0; i < libs->count; i++)
        bench_join(buf, n, libs->lib[i].label);
}

void bench_libs_free(bench_libs *libs)
{
    for (size_t i = 0; i < libs->count; i++)
        free(libs->lib[i].path);
    libs->count = 0;
}

/* The library build-info.txt names (lib=), relative to the release folder. */
static bool library_of(const char *dir, char *out, size_t n)
{
    char info[4096], line[1024];
    if (snprintf(info, sizeof info, "%s/build-info.txt", dir) >= (int)sizeof info)
        return false;
    FILE *f = fopen(info, "r");
    if (f == NULL)
        return false;
    out[0] = '\0';
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "lib=", 4) == 0) {
            line[strcspn(line, "\n")] = '\0';
            if (snprintf(out, n, "%s/%s", dir, line + 4) >= (int)n)
                out[0] = '\0';
            break;
        }
    fclose(f);
    if (out[0] != '\0' && strcmp(out + strlen(dir), "/") != 0 && is_file(out))
        return true;
    char pattern[4200];
    glob_t g;
    snprintf(pattern, sizeof pattern, "%s/lib*/libcrypto.so.[0-9]*", dir);
    bool found = glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc > 0 && is_file(g.gl_pathv[0]);
    if (found)
        snprintf(out, n, "%s", g.gl_pathv[0]);
    globfree(&g);
    return found;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

bool bench_find_installed(const char *install_root, bench_libs *out, char *why, size_t n)
{
    struct dirent **names;
    int count = scandir(install_root, &names, NULL, by_name);
    bool ok = true;
    for (int i = 0; i < count; i++) {
        char dir[4096], lib[4096];
        const char *name = names[i]->d_name;
        snprintf(dir, sizeof dir, "%s/%s", install_root, name);
        if (name[0] != '.' && library_of(dir, lib, sizeof lib)) {
            if (!row_label_valid(name))
                bench_say("skipping builds/install/%s: not a usable label", name);
            else if (ok)
                ok = add_lib(out, name, lib, "builds", why, n);
        }
        free(names[i]);
    }
    if (count > 0)
        free(names);
    return ok;
}

/* The release the runner reads in PATH, or "" with a line saying why it
 * does not load.  The library's own child (harness/libproc.h: the exec'd
 * measuring child) loads it and says so in its hello: no libcrypto is ever
 * loaded into this process, which may meet several. */
static void release_of(const char *knob, const char *path, char out[LABEL_SIZE])
{
    libproc lp = {.path = path};
    out[0] = '\0';
    if (libproc_start(&lp, -1, DEFAULT_TIMEOUT_S))
        snprintf(out, LABEL_SIZE, "%s", lp.version);
    else
        bench_say("%s: %s: %s (its rows will say so)", knob, path, lp.load_error);
    libproc_stop(&lp);
}

static bool add_extra(bench_libs *libs, char *entry, char *why, size_t n)
{
    char label[LABEL_SIZE] = "";
    const char *path = entry;
    char *eq = strchr(entry, '=');
    if (eq != NULL) {
        *eq = '\0';
        if (row_label_valid(entry)) {
            snprintf(label, sizeof label, "%s", entry);
            path = eq + 1;
        } else {
            *eq = '=';
        }
    }
    if (!is_file(path)) {
        snprintf(why, n, "LIBS: '%s' is not a file", path);
        return false;
    }
    if (label[0] == '\0')
        release_of("LIBS", path, label);
    if (label[0] == '\0') {
        const char *base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
        snprintf(label, sizeof label, "%s", base);
        for (char *c = label; *c != '\0'; c++)
            if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-", *c) == NULL)
                *c = '_';
    }
    return add_lib(libs, label, path, "LIBS", why, n);
}

bool bench_add_given(bench_libs *libs, const char *extra, const char *system_lib, char *why,
                     size_t n)
{
    char *words = strdup(extra != NULL ? extra : ""), *save = NULL;
    bool ok = words != NULL;
    for (char *w = ok ? strtok_r(words, " \t\n", &save) : NULL; ok && w != NULL;
         w = strtok_r(NULL, " \t\n", &save))
        ok = add_extra(libs, w, why, n);
    free(words);
    if (!ok || system_lib == NULL || system_lib[0] == '\0' || strcmp(system_lib, "none") == 0)
        return ok;
    if (!is_file(system_lib)) {
        bench_say("no system libcrypto at %s (SYSTEM_LIB=none to silence this)", system_lib);
        return true;
    }
    char rel[LABEL_SIZE], label[LABEL_SIZE + 8];
    release_of("SYSTEM_LIB", system_lib, rel);
    snprintf(label, sizeof label, "system-%s", row_label_valid(rel) ? rel : "unknown");
    return add_lib(libs, label, system_lib, "system", why, n);
}

bool bench_keep(bench_libs *libs, const char *wanted, char *why, size_t n)
{
    bench_libs kept = {.count = 0};
    char *words = strdup(wanted), *save = NULL;
    bool ok = words != NULL;
    for (char *w = ok ? strtok_r(words, ", \t\n", &save) : NULL; ok && w != NULL;
         w = strtok_r(NULL, ", \t\n", &save)) {
        bench_lib *l = NULL;
        for (size_t i = 0; i < libs->count && l == NULL; i++)
            if (libs->lib[i].path != NULL && strcmp(libs->lib[i].label, w) == 0)
                l = &libs->lib[i];
        if (l == NULL) {
            char found[MAX_LIBS * (LABEL_SIZE + 1)];
            bench_labels(libs, found, sizeof found);
            snprintf(why, n, "RELEASES: no library labelled '%s' (found: %s)", w,
                     libs->count ? found : "none");
            ok = false;
        } else {
            kept.lib[kept.count++] = *l;
            l->path = NULL; /* moved */
        }
    }
    free(words);
    if (!ok) {
        bench_libs_free(&kept);
        return false;
    }
    bench_libs_free(libs);
    *libs = kept;
    return true;
}
