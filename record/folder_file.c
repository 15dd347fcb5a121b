#define _GNU_SOURCE
#include "folder_file.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static FILE *refuse(int fd, char *why, size_t n, const char *fmt, const char *what)
{
    snprintf(why, n, fmt, what);
    if (fd >= 0)
        close(fd);
    return NULL;
}

/* fd, a file just opened, as a stream when it is a regular file under cap. */
static FILE *checked(int fd, size_t cap, char *why, size_t n)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return refuse(fd, why, n, "%s", strerror(errno));
    if (!S_ISREG(st.st_mode))
        return refuse(fd, why, n, "%s", "not a regular file");
    if ((size_t)st.st_size > cap) {
        snprintf(why, n, "larger than %zu bytes", cap);
        close(fd);
        return NULL;
    }
    /* O_NONBLOCK was for the open alone (a FIFO waits for a writer there) */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "r");
    return f != NULL ? f : refuse(fd, why, n, "%s", strerror(errno));
}

/* What a failed open of name in dir means to the user. */
static const char *open_failure(int dir, const char *name, int err)
{
    struct stat st;
    if (err == ENOENT)
        return "missing";
    if (fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
        return "a symlink";
    return err == ENOTDIR ? "not a folder" : strerror(err);
}

FILE *folder_file_open_in(const char *root, const char *rel, size_t cap, char *why, size_t n)
{
    int dir = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir < 0)
        return refuse(-1, why, n, "%s", errno == ENOENT ? "missing" : strerror(errno));
    char part[256];
    const char *p = rel;
    for (size_t len; (len = strcspn(p, "/")) < strlen(p); p += len + 1) {
        if (len == 0 || len >= sizeof part || (len <= 2 && strncmp(p, "..", len) == 0))
            return refuse(dir, why, n, "%s", "not a name inside the folder");
        memcpy(part, p, len);
        part[len] = '\0';
        int sub = openat(dir, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub < 0) {
            const char *bad = open_failure(dir, part, errno);
            char where[300];
            bool said = strcmp(bad, "a symlink") == 0 || strcmp(bad, "not a folder") == 0;
            snprintf(where, sizeof where, said ? "%s is %s" : "%s: %s", part, bad);
            return refuse(dir, why, n, "%s", strcmp(bad, "missing") == 0 ? bad : where);
        }
        close(dir);
        dir = sub;
    }
    /* O_NONBLOCK: opening a FIFO for reading waits for a writer otherwise */
    int fd = openat(dir, p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        refuse(-1, why, n, "%s", open_failure(dir, p, errno));
        close(dir);
        return NULL;
    }
    close(dir);
    return checked(fd, cap, why, n);
}

FILE *folder_file_open(const char *path, size_t cap, char *why, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        return folder_file_open_in(".", path, cap, why, n);
    char *dir = strndup(path, slash == path ? 1 : (size_t)(slash - path));
    if (dir == NULL)
        abort();
    FILE *f = folder_file_open_in(dir, slash + 1, cap, why, n);
    free(dir);
    return f;
}

FILE *folder_file_open_named(const char *path, size_t cap, char *why, size_t n)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return refuse(-1, why, n, "%s", errno == ENOENT ? "missing" : strerror(errno));
    return checked(fd, cap, why, n);
}

long folder_file_line(FILE *f, char **line, size_t *cap)
{
    ssize_t len = getline(line, cap, f);
    if (len < 0)
        return -1;
    while (len > 0 && ((*line)[len - 1] == '\n' || (*line)[len - 1] == '\r'))
        (*line)[--len] = '\0';
    size_t nul = 0;
    for (ssize_t i = 0; i < len; i++)
        nul += (*line)[i] == '\0';
    if (nul == 0)
        return len;
    size_t out = (size_t)len + 3 * nul;
    char *wide = malloc(out + 1), *w = wide;
    if (wide == NULL)
        abort();
    for (ssize_t i = 0; i < len; i++)
        if ((*line)[i] == '\0')
            memcpy(w, "\\x00", 4), w += 4;
        else
            *w++ = (*line)[i];
    *w = '\0';
    free(*line);
    *line = wide;
    *cap = out + 1;
    return (long)out;
}
