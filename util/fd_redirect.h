/* One of this process's own descriptors (stdout, stderr) pointed at a file
 * for the length of a function call, then put back: what a spawned
 * command's redirection was, for a command called in-process. */
#ifndef UTIL_FD_REDIRECT_H
#define UTIL_FD_REDIRECT_H

#include <stdbool.h>

typedef struct {
    int fd;    /* the descriptor redirected */
    int saved; /* a copy of what it was */
} fd_redirect;

/* fd now writes to path (appended to or truncated; made 0644), or to the
 * descriptor `to` when path is NULL.  false (nothing changed) when the
 * file cannot be opened, with errno set. */
bool fd_redirect_begin(fd_redirect *r, int fd, const char *path, bool append);
bool fd_redirect_to(fd_redirect *r, int fd, int to);
/* Flushes what stdio holds for it and puts fd back. */
void fd_redirect_end(fd_redirect *r);

#endif
