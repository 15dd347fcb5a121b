#define _GNU_SOURCE
#include "fd_redirect.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

bool fd_redirect_to(fd_redirect *r, int fd, int to)
{
    fflush(NULL); /* what was written before goes where it was meant to */
    r->fd = fd;
    r->saved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (r->saved < 0)
        return false;
    if (dup2(to, fd) < 0) {
        close(r->saved);
        return false;
    }
    return true;
}

bool fd_redirect_begin(fd_redirect *r, int fd, const char *path, bool append)
{
    int to = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0644);
    if (to < 0)
        return false;
    bool ok = fd_redirect_to(r, fd, to);
    close(to);
    return ok;
}

void fd_redirect_end(fd_redirect *r)
{
    fflush(NULL);
    dup2(r->saved, r->fd);
    close(r->saved);
}
