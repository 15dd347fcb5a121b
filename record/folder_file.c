#define _GNU_SOURCE
#include "folder_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *folder_file_open(const char *path, size_t cap, char *why, size_t n)
{
    /* O_NONBLOCK: opening a FIFO for reading waits for a writer otherwise */
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    struct stat st;
    if (fd < 0) {
        snprintf(why, n, "%s", errno == ENOENT ? "missing" : errno == ELOOP ? "a symlink" : strerror(errno));
        return NULL;
    }
    const char *bad = fstat(fd, &st) != 0 ? strerror(errno) : !S_ISREG(st.st_mode) ? "not a regular file" : NULL;
    if (bad != NULL || (size_t)st.st_size > cap) {
        if (bad != NULL)
            snprintf(why, n, "%s", bad);
        else
            snprintf(why, n, "larger than %zu bytes", cap);
        close(fd);
        return NULL;
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "r");
    if (f == NULL) {
        snprintf(why, n, "%s", strerror(errno));
        close(fd);
    }
    return f;
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
