/* realpath() is XSI */
#define _XOPEN_SOURCE 700
#include "run_files.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* `from` becomes `to` unless `to` exists (then -1, EEXIST): link() refuses
 * an existing name, where rename() would replace it.  A file system
 * without hard links gets check-then-rename. */
static int move_noreplace(const char *from, const char *to)
{
    if (link(from, to) == 0) {
        unlink(from);
        return 0;
    }
    if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS && errno != EMLINK)
        return -1;
    struct stat st;
    if (lstat(to, &st) == 0) {
        errno = EEXIST;
        return -1;
    }
    return rename(from, to);
}

enum { GONE, MOVED, LIVE, FAILED };

/* FILE.partial is there.  A live run holds a write lock on it (fcntl
 * locks die with their process): that one is refused; a dead run's rows
 * are moved to FILE.partial.N, never deleted.  The lock taken here keeps
 * two runs from moving the same file; the inode check, from moving a file
 * that replaced it meanwhile. */
static int move_aside(const char *partial)
{
    short type = F_WRLCK;
    int fd = open(partial, O_RDWR | O_CLOEXEC);
    if (fd < 0 && errno == EACCES) {
        type = F_RDLCK;
        fd = open(partial, O_RDONLY | O_CLOEXEC);
    }
    if (fd < 0) {
        if (errno == ENOENT)
            return GONE;
        fprintf(stderr, "osslbench run: cannot check %s: %s\n", partial, strerror(errno));
        return FAILED;
    }
    struct flock l = {.l_type = type, .l_whence = SEEK_SET};
    if (fcntl(fd, F_SETLK, &l) != 0) {
        int e = errno;
        struct flock q = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
        if (e != EACCES && e != EAGAIN)
            fprintf(stderr, "osslbench run: cannot lock %s: %s\n", partial, strerror(e));
        else if (fcntl(fd, F_GETLK, &q) == 0 && q.l_type != F_UNLCK)
            fprintf(stderr, "osslbench run: %s is being written by a run still going (pid %ld); "
                    "wait for it or choose another file\n", partial, (long)q.l_pid);
        else
            fprintf(stderr, "osslbench run: %s is being written by a run still going; "
                    "wait for it or choose another file\n", partial);
        close(fd);
        return e == EACCES || e == EAGAIN ? LIVE : FAILED;
    }
    struct stat held, named;
    int r = GONE;
    if (fstat(fd, &held) == 0 && stat(partial, &named) == 0 && held.st_dev == named.st_dev &&
        held.st_ino == named.st_ino) {
        char aside[4300];
        r = FAILED;
        for (int k = 1; k < 10000 && r == FAILED; k++) {
            snprintf(aside, sizeof aside, "%s.%d", partial, k);
            if (move_noreplace(partial, aside) == 0)
                r = MOVED;
            else if (errno != EEXIST)
                break;
        }
        if (r == MOVED)
            fprintf(stderr, "osslbench run: %s was left by a run that did not finish; "
                    "its rows are kept in %s\n", partial, aside);
        else
            fprintf(stderr, "osslbench run: cannot move aside %s, left by a run that did not "
                    "finish: %s\n", partial, strerror(errno));
    }
    close(fd);
    return r;
}

/* A new FILE.partial, write-locked before it has that name (created as
 * FILE.partial.PID.new, then linked): a second run never finds it
 * unlocked while this one lives. */
static int create_partial(const char *partial)
{
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.%ld.new", partial, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST && unlink(tmp) == 0) /* a dead process of our pid's: empty */
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0) {
        fprintf(stderr, "osslbench run: cannot write %s: %s\n", partial, strerror(errno));
        return -1;
    }
    struct flock l = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
    (void)fcntl(fd, F_SETLK, &l); /* no locks on this file system: the name is still exclusive */
    for (int tries = 0; tries < 10; tries++) {
        if (move_noreplace(tmp, partial) == 0)
            return fd;
        if (errno != EEXIST) {
            fprintf(stderr, "osslbench run: cannot write %s: %s\n", partial, strerror(errno));
            break;
        }
        int r = move_aside(partial);
        if (r == LIVE || r == FAILED)
            break;
    }
    close(fd);
    unlink(tmp);
    return -1;
}

bool run_file_open(run_file *rf, const char *path)
{
    memset(rf, 0, sizeof *rf);
    rf->path = path;
    if (strcmp(path, "-") == 0) {
        rf->f = stdout;
        rf->stream = true;
        return true;
    }
    struct stat st;
    if (lstat(path, &st) == 0) {
        if (stat(path, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
            int fd = open(path, O_WRONLY | O_CLOEXEC);
            rf->f = fd < 0 ? NULL : fdopen(fd, "w");
            rf->stream = true;
            if (rf->f != NULL)
                return true;
            fprintf(stderr, "osslbench run: cannot write %s: %s\n", path, strerror(errno));
            if (fd >= 0)
                close(fd);
            return false;
        }
        fprintf(stderr, "osslbench run: %s already exists; a run never overwrites a file\n",
                path);
        return false;
    }
    if (snprintf(rf->partial, sizeof rf->partial, "%s.partial", path) >= (int)sizeof rf->partial) {
        fprintf(stderr, "osslbench run: file name too long: %s\n", path);
        return false;
    }
    int fd = create_partial(rf->partial);
    if (fd < 0)
        return false;
    if ((rf->f = fdopen(fd, "w")) != NULL)
        return true;
    fprintf(stderr, "osslbench run: cannot write %s: %s\n", rf->partial, strerror(errno));
    unlink(rf->partial);
    close(fd);
    return false;
}

bool run_file_close(run_file *rf, const char *what, bool failed)
{
    FILE *f = rf->f;
    if (f == NULL)
        return true;
    rf->f = NULL;
    errno = 0;
    bool ok = fflush(f) == 0 && !ferror(f);
    if (!ok && !failed)
        fprintf(stderr, "osslbench run: writing the %s failed: %s\n", what,
                strerror(errno ? errno : EIO));
    ok = ok && !failed;
    if (rf->stream)
        return (f == stdout || fclose(f) == 0) && ok;
    ok = ok && fsync(fileno(f)) == 0;
    /* moved while still locked: no second run takes it for a dead one's */
    if (ok && move_noreplace(rf->partial, rf->path) == 0)
        return fclose(f) == 0;
    if (ok && errno == EEXIST)
        fprintf(stderr, "osslbench run: %s appeared during the run and is left alone; what "
                "was written is in %s\n", rf->path, rf->partial);
    else
        fprintf(stderr, "osslbench run: %s incomplete; what was written is in %s\n", what,
                rf->partial);
    fclose(f);
    return false;
}

void run_file_discard(run_file *rf)
{
    if (rf->f == NULL)
        return;
    if (!rf->stream)
        unlink(rf->partial); /* ours: locked, no other run moved it */
    if (rf->f != stdout)
        fclose(rf->f);
    rf->f = NULL;
}

/* path with its folder's symbolic links resolved, the file itself need not
 * exist; NULL when the folder does not either. */
static char *canonical(const char *path)
{
    char *r = realpath(path, NULL);
    if (r != NULL)
        return r;
    char *d = strdup(path), *b = strdup(path);
    char *dir = d ? realpath(dirname(d), NULL) : NULL;
    if (dir != NULL && b != NULL) {
        const char *base = basename(b);
        size_t n = strlen(dir) + strlen(base) + 2;
        if ((r = malloc(n)) != NULL)
            snprintf(r, n, "%s/%s", dir, base);
    }
    free(dir);
    free(d);
    free(b);
    return r;
}

static bool names_clash(const char *a, const char *b)
{
    size_t n = strlen(a);
    return strcmp(a, b) == 0 || (strncmp(a, b, n) == 0 && strcmp(b + n, ".partial") == 0);
}

bool run_files_clash(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
        sa.st_ino == sb.st_ino)
        return true;
    char *ca = canonical(a), *cb = canonical(b);
    if (ca != NULL && cb != NULL)
        a = ca, b = cb;
    bool clash = names_clash(a, b) || names_clash(b, a);
    free(ca);
    free(cb);
    return clash;
}
