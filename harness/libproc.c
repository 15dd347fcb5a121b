#define _GNU_SOURCE
#include "libproc.h"

#include "host.h"

#include "child.h"
#include "timing.h"
#include "child_exec.h"

#include <stdlib.h>

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

volatile sig_atomic_t run_interrupted;

static void on_signal(int sig)
{
    run_interrupted = sig;
}

void install_interrupt_handlers(void)
{
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    /* A dead child shows as EOF on its pipe, not as a fatal SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
}

static void reap(libproc *lp, char *why, size_t n)
{
    if (lp->pid <= 0)
        return;
    int status = 0;
    pid_t got;
    while ((got = waitpid(lp->pid, &status, 0)) < 0 && errno == EINTR)
        ;
    if (why != NULL && got == lp->pid) {
        if (WIFSIGNALED(status))
            snprintf(why, n, "child killed by signal %d (%s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
        else if (WIFEXITED(status))
            snprintf(why, n, "child exited with status %d", WEXITSTATUS(status));
    }
    lp->pid = -1;
}

static void close_pipes(libproc *lp)
{
    if (lp->to_child >= 0)
        close(lp->to_child);
    if (lp->from_child >= 0)
        close(lp->from_child);
    lp->to_child = lp->from_child = -1;
}

void libproc_stop(libproc *lp)
{
    lp->loaded = false;
    close_pipes(lp);
    if (lp->pid > 0) {
        kill(lp->pid, SIGKILL);
        reap(lp, NULL, 0);
    }
}

/* Waits for a whole reply, polling so that a hang becomes a timeout and an
 * interrupt is noticed within a tenth of a second. */
static call_result await(libproc *lp, reply *rp, double timeout_s, char *why, size_t n)
{
    uint64_t deadline = clock_ns() + (uint64_t)(timeout_s * 1e9);
    char *p = (char *)rp;
    size_t left = sizeof *rp;
    while (left > 0) {
        if (run_interrupted)
            return CALL_INTERRUPTED;
        uint64_t now = clock_ns();
        if (now >= deadline) {
            snprintf(why, n, "no answer within %.3g s", timeout_s);
            libproc_stop(lp);
            return CALL_TIMEOUT;
        }
        struct pollfd pfd = {.fd = lp->from_child, .events = POLLIN};
        uint64_t wait_ms = (deadline - now) / 1000000 + 1;
        int r = poll(&pfd, 1, wait_ms > 100 ? 100 : (int)wait_ms);
        if (r < 0 && errno != EINTR)
            break;
        if (r <= 0)
            continue;
        ssize_t got = read(lp->from_child, p, left);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        p += got;
        left -= (size_t)got;
    }
    if (left == 0)
        return CALL_OK;
    snprintf(why, n, "child died");
    close_pipes(lp);
    reap(lp, why, n);
    return CALL_CRASHED;
}

/* Every descriptor from 3 on but a and b: close_range where the kernel has
 * it (a thousand close calls per child start otherwise). */
static void close_others(int a, int b)
{
    unsigned lo = (unsigned)(a < b ? a : b), hi = (unsigned)(a < b ? b : a);
    unsigned from[3] = {3, lo + 1, hi + 1}, to[3] = {lo - 1, hi - 1, ~0u};
    bool ok = true;
    for (int i = 0; i < 3 && ok; i++)
        ok = from[i] > to[i] || close_range(from[i], to[i], 0) == 0;
    for (int fd = 3; !ok && fd < 1024; fd++)
        if (fd != a && fd != b)
            close(fd);
}

bool libproc_start(libproc *lp, int cpu, double timeout_s)
{
    int down[2], up[2];
    lp->loaded = false;
    lp->pid = -1;
    lp->to_child = lp->from_child = -1;
    if (pipe(down) != 0 || pipe(up) != 0) {
        snprintf(lp->load_error, sizeof lp->load_error, "pipe: %s", strerror(errno));
        return false;
    }
    fflush(NULL); /* nothing buffered may be written twice */
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(lp->load_error, sizeof lp->load_error, "fork: %s", strerror(errno));
        close(down[0]), close(down[1]), close(up[0]), close(up[1]);
        return false;
    }
    if (pid == 0) {
        runner_unpin_child();
        /* Only our own pipes: a sibling must see EOF when the parent goes. */
        close_others(down[0], up[1]);
        if (lp->ia32cap_env != NULL)
            setenv("OPENSSL_ia32cap", lp->ia32cap_env, 1);
        if (lp->counts_dir != NULL) {
            child_exec(lp->path, down[0], up[1], cpu, lp->setup, lp->counts_dir,
                       lp->keep_profiles);
            reply rp = {.status = ST_LOAD_FAILED};
            snprintf(rp.note, sizeof rp.note, "cannot run valgrind: %s", strerror(errno));
            proto_write(up[1], &rp, sizeof rp);
            _exit(1);
        }
        /* Where the exec fails (no /proc), the forked child measures. */
        if (lp->serve == NULL && child_exec_enabled())
            child_exec(lp->path, down[0], up[1], cpu, lp->setup, NULL, false);
        child_main(lp->path, down[0], up[1], cpu, lp->serve, lp->setup);
    }
    close(down[0]);
    close(up[1]);
    lp->pid = pid;
    lp->to_child = down[1];
    lp->from_child = up[0];

    reply rp;
    char why[256] = "";
    call_result cr = await(lp, &rp, timeout_s, why, sizeof why);
    if (cr != CALL_OK) {
        snprintf(lp->load_error, sizeof lp->load_error, "%s while loading",
                 cr == CALL_INTERRUPTED ? "interrupted" : why);
        libproc_stop(lp);
        return false;
    }
    if (rp.status != ST_OK) {
        snprintf(lp->load_error, sizeof lp->load_error, "%s", rp.note);
        libproc_stop(lp);
        return false;
    }
    lp->loaded = true;
    lp->version_num = rp.version_num;
    snprintf(lp->version, sizeof lp->version, "%s", rp.version);
    snprintf(lp->version_text, sizeof lp->version_text, "%s", rp.version_text);
    snprintf(lp->flavor, sizeof lp->flavor, "%s", rp.flavor);
    snprintf(lp->providers, sizeof lp->providers, "%s", rp.providers);
    snprintf(lp->ia32cap, sizeof lp->ia32cap, "%s", rp.ia32cap);
    snprintf(lp->load_note, sizeof lp->load_note, "%s", rp.note);
    return true;
}

call_result libproc_call(libproc *lp, const request *rq, reply *rp, double timeout_s,
                         char *why, size_t n)
{
    if (!proto_write(lp->to_child, rq, sizeof *rq)) {
        snprintf(why, n, "child died");
        close_pipes(lp);
        reap(lp, why, n);
        return CALL_CRASHED;
    }
    return await(lp, rp, timeout_s, why, n);
}

const lib_driver libproc_driver = {.start = libproc_start, .call = libproc_call,
                                   .stop = libproc_stop};
