/* fork + execvp + waitpid, with the few redirections the commands need. */
#define _GNU_SOURCE
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

const char *spawn_self(void)
{
    static char self[4096];
    if (self[0] == '\0') {
        ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
        if (len <= 0)
            return "osslbench";
        self[len] = '\0';
    }
    return self;
}

bool spawn_which(const char *program, char *file, size_t n)
{
    const char *p = getenv("PATH");
    for (p = p != NULL ? p : ""; ; p++) { /* an empty entry is the current folder */
        size_t len = strcspn(p, ":");
        snprintf(file, n, "%.*s%s%s", (int)len, p, len ? "/" : "", program);
        if (access(file, X_OK) == 0)
            return true;
        p += len;
        if (*p == '\0')
            return file[0] = '\0', false;
    }
}

static volatile sig_atomic_t got_signal;
static void note_signal(int sig)
{
    got_signal = sig;
}

static void child_exec(char *const argv[], const spawn_io *io, int capture_fd)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (io != NULL && io->stdout_to_stderr)
        dup2(STDERR_FILENO, STDOUT_FILENO);
    int fd = capture_fd;
    if (io != NULL && io->stdout_path != NULL)
        fd = open(io->stdout_path, O_WRONLY | O_CREAT | O_CLOEXEC | (io->append ? O_APPEND : O_TRUNC),
                  0644);
    if (fd >= 0) {
        dup2(fd, STDOUT_FILENO);
        if (capture_fd >= 0 || (io != NULL && io->stderr_too))
            dup2(fd, STDERR_FILENO);
    } else if (io != NULL && io->stdout_path != NULL) {
        fprintf(stderr, "cannot write %s: %s\n", io->stdout_path, strerror(errno));
        _exit(127);
    }
    execvp(argv[0], argv);
    fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

static int run(char *const argv[], spawn_io *io, bool capture, bool *interrupted)
{
    int pipefd[2] = {-1, -1};
    if (capture && pipe2(pipefd, O_CLOEXEC) != 0)
        return 127;
    fflush(NULL);
    struct sigaction keep_int, keep_term, note = {.sa_handler = note_signal};
    sigemptyset(&note.sa_mask);
    got_signal = 0;
    sigaction(SIGINT, &note, &keep_int);
    sigaction(SIGTERM, &note, &keep_term);
    pid_t pid = fork();
    if (pid == 0)
        child_exec(argv, io, pipefd[1]);
    int status = 0, rc = 127;
    if (pid > 0) {
        if (capture) {
            close(pipefd[1]);
            size_t len = 0, cap = 4096;
            char *buf = malloc(cap);
            for (ssize_t got; buf != NULL;) {
                if (len + 1 == cap) {
                    char *more = realloc(buf, cap *= 2);
                    if (more == NULL)
                        break;
                    buf = more;
                }
                got = read(pipefd[0], buf + len, cap - len - 1);
                if (got < 0 && errno == EINTR)
                    continue;
                if (got <= 0)
                    break;
                len += (size_t)got;
            }
            if (buf != NULL)
                buf[len] = '\0';
            io->captured = buf;
        }
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
        rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    if (pipefd[0] >= 0)
        close(pipefd[0]);
    if (pipefd[1] >= 0 && pid <= 0)
        close(pipefd[1]);
    sigaction(SIGINT, &keep_int, NULL);
    sigaction(SIGTERM, &keep_term, NULL);
    if (interrupted != NULL)
        *interrupted = got_signal != 0;
    return rc;
}

int spawn_wait(char *const argv[], spawn_io *io, bool *interrupted)
{
    return run(argv, io, false, interrupted);
}

int spawn_capture(char *const argv[], spawn_io *io)
{
    io->captured = NULL;
    return run(argv, io, true, NULL);
}
