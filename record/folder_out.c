#define _GNU_SOURCE
#include "folder_out.h"
#include "room.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool folder_out_begin(folder_out *o, const char *dir, char *why, size_t n)
{
    snprintf(o->dir, sizeof o->dir, "%s", dir);
    snprintf(o->stage, sizeof o->stage, "%s/.osslbench-XXXXXX", dir);
    if (mkdtemp(o->stage) != NULL)
        return true;
    snprintf(why, n, "%s: %s", dir, strerror(errno));
    o->stage[0] = '\0';
    return false;
}

FILE *folder_out_create(const char *path, char *why, size_t n)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f == NULL) {
        snprintf(why, n, "%s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    return f;
}

FILE *folder_out_file(const folder_out *o, const char *name, char *why, size_t n)
{
    char path[4500];
    snprintf(path, sizeof path, "%s/%s", o->stage, name);
    return folder_out_create(path, why, n);
}

bool folder_out_close(FILE *f)
{
    bool ok = fflush(f) == 0 && !ferror(f);
    if (fclose(f) != 0)
        ok = false;
    return ok;
}

bool folder_out_publish(const folder_out *o, const char *name, char *why, size_t n)
{
    char from[4500], to[4400];
    snprintf(from, sizeof from, "%s/%s", o->stage, name);
    snprintf(to, sizeof to, "%s/%s", o->dir, name);
    if (rename(from, to) == 0)
        return true;
    snprintf(why, n, "%s: %s", to, strerror(errno));
    return false;
}

/* The names in the stage, read whole before any is renamed away (a folder
 * changed while it is read may list a name twice or not at all). */
static char **stage_names(const folder_out *o, size_t *count)
{
    char **name = NULL;
    size_t n = 0;
    DIR *d = opendir(o->stage);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        name = room_for_one(name, n, sizeof *name);
        if ((name[n++] = strdup(e->d_name)) == NULL)
            abort();
    }
    if (d != NULL)
        closedir(d);
    *count = n;
    return name;
}

/* A folder where a file goes refuses it: found before any file is
 * published, so that a refused set leaves dir as it was. */
static bool no_folder_in_the_way(const folder_out *o, char *const *name, size_t count, char *why, size_t n)
{
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        char to[4400];
        snprintf(to, sizeof to, "%s/%s", o->dir, name[i]);
        if (lstat(to, &st) == 0 && S_ISDIR(st.st_mode)) {
            snprintf(why, n, "%s: a folder, where a file goes: nothing written", to);
            return false;
        }
    }
    return true;
}

bool folder_out_publish_all(folder_out *o, char *why, size_t n)
{
    size_t count;
    char **name = stage_names(o, &count);
    bool ok = no_folder_in_the_way(o, name, count, why, n);
    for (size_t i = 0; i < count; i++) {
        ok = ok && folder_out_publish(o, name[i], why, n);
        free(name[i]);
    }
    free(name);
    folder_out_end(o);
    return ok;
}

void folder_out_end(folder_out *o)
{
    if (o->stage[0] == '\0')
        return;
    DIR *d = opendir(o->stage);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlinkat(dirfd(d), e->d_name, 0); /* the stage holds files only */
    if (d != NULL)
        closedir(d);
    rmdir(o->stage);
    o->stage[0] = '\0';
}

bool folder_out_write(const char *dir, const char *name, void (*w)(const void *, FILE *), const void *ctx,
                      char *why, size_t n)
{
    folder_out o;
    if (!folder_out_begin(&o, dir, why, n))
        return false;
    FILE *f = folder_out_file(&o, name, why, n);
    bool ok = f != NULL;
    if (ok) {
        w(ctx, f);
        if (!(ok = folder_out_close(f)))
            snprintf(why, n, "%s/%s: write error", dir, name);
    }
    ok = ok && folder_out_publish(&o, name, why, n);
    folder_out_end(&o);
    return ok;
}
