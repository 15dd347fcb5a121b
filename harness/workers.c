#define _GNU_SOURCE
#include "workers.h"

#include "timing.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_GROUP = 256 };
/* The concurrent known-answer checks repeat for at least CHECK_NS and until
 * every other worker has done CHECK_ROUNDS while this one was still going,
 * so the workers' calls overlap whatever their start-up order; never longer
 * than CHECK_MAX_NS. */
enum { CHECK_ROUNDS = 2 };
#define CHECK_NS 5000000ull
#define CHECK_MAX_NS 2000000000ull

typedef enum { CMD_CHECK = 1, CMD_RUN, CMD_QUIT } command;

typedef struct {
    worker_group *g;
    unsigned index;
    uint64_t start, end, cpu_ns;
    sample_watch watch; /* of its last timed run */
    bool ok;
    _Atomic unsigned checks; /* known-answer rounds done; CHECKS_DONE once it stopped */
    char why[256];
} worker_slot;

#define CHECKS_DONE 0x40000000u

/* In shared memory (MAP_SHARED): forked workers see the same barriers and
 * slots.  The coordinator is the child's main thread: it sets `cmd`, opens
 * the `go` barrier and waits at `done`. */
struct worker_group {
    pthread_barrier_t go, done;
    pthread_mutex_t setup_lock;
    command cmd;
    uint64_t iterations;
    unsigned count;
    bool processes, cpu_clock;
    const crypto_lib *lib;
    workload_spec ws;
    api_path api;
    int op;
    uint64_t bytes;
    pthread_t tid[MAX_GROUP];
    pid_t pid[MAX_GROUP];
    unsigned started;
    worker_slot slot[MAX_GROUP];
};

static int cpus[CPU_SETSIZE];
static int ncpus;

void workers_remember_cpus(void)
{
    cpu_set_t set;
    ncpus = 0;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return;
    for (int cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
        if (CPU_ISSET(cpu, &set))
            cpus[ncpus++] = cpu;
}

static void pin_worker(unsigned index)
{
    if (ncpus == 0)
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpus[index % (unsigned)ncpus], &set);
    (void)sched_setaffinity(0, sizeof set, &set); /* this thread; best effort */
}

static bool others_checked(const worker_group *g)
{
    for (unsigned i = 0; i < g->count; i++)
        if (atomic_load(&g->slot[i].checks) < CHECK_ROUNDS)
            return false;
    return true;
}

static bool check_concurrently(worker_group *g, worker_slot *w)
{
    uint64_t t0 = clock_ns();
    bool ok = true;
    for (;;) {
        w->why[0] = '\0';
        if (g->ws.w->self_check(g->lib, &g->ws, g->api, w->why, sizeof w->why) != CHECK_PASS) {
            if (w->why[0] == '\0')
                snprintf(w->why, sizeof w->why, "known-answer check failed");
            ok = false;
            break;
        }
        atomic_fetch_add(&w->checks, 1);
        uint64_t spent = clock_ns() - t0;
        if ((spent >= CHECK_NS && others_checked(g)) || spent >= CHECK_MAX_NS)
            break;
    }
    atomic_store(&w->checks, CHECKS_DONE);
    return ok;
}

static void run_timed(worker_group *g, worker_slot *w, workload_loop loop, void *state)
{
    thread_mark mark = thread_mark_now();
    uint64_t cpu0 = cpu_clock_ns();
    w->start = clock_ns();
    w->ok = loop(state, g->iterations);
    w->end = clock_ns();
    w->cpu_ns = cpu_clock_ns() - cpu0;
    w->watch = (sample_watch){.wall_ns = w->end - w->start, .cpu_ns = w->cpu_ns};
    thread_watch_since(&mark, &w->watch);
    if (!w->ok)
        snprintf(w->why, sizeof w->why, "%s", crypto_lib_last_error(g->lib));
}

static void worker_main(worker_slot *w)
{
    worker_group *g = w->g;
    pin_worker(w->index);
    workload_loop loop = NULL;
    /* One at a time: a family may cache keys per process.  Each worker
     * allocates its own state (its own malloc arena, no shared lines). */
    pthread_mutex_lock(&g->setup_lock);
    void *state =
        g->ws.w->setup(g->lib, &g->ws, g->api, g->op, g->bytes, &loop, w->why, sizeof w->why);
    pthread_mutex_unlock(&g->setup_lock);
    w->ok = state != NULL;
    pthread_barrier_wait(&g->done);
    for (;;) {
        pthread_barrier_wait(&g->go);
        command cmd = g->cmd;
        if (cmd == CMD_QUIT)
            break;
        if (w->ok && cmd == CMD_CHECK)
            w->ok = check_concurrently(g, w);
        else if (w->ok && cmd == CMD_RUN)
            run_timed(g, w, loop, state);
        pthread_barrier_wait(&g->done);
    }
    if (state != NULL)
        g->ws.w->teardown(state);
}

static void *thread_main(void *p)
{
    worker_main(p);
    return NULL;
}

/* A worker process that dies takes the child with it, as a crashing thread
 * would: the parent then reports the signal. */
static void on_worker_exit(int sig)
{
    (void)sig;
    int status;
    if (waitpid(-1, &status, WNOHANG) <= 0)
        return;
    if (WIFSIGNALED(status)) {
        signal(WTERMSIG(status), SIG_DFL);
        raise(WTERMSIG(status));
    }
    _exit(WIFEXITED(status) && WEXITSTATUS(status) != 0 ? WEXITSTATUS(status) : 1);
}

static bool spawn(worker_group *g, unsigned i)
{
    worker_slot *w = &g->slot[i];
    w->g = g;
    w->index = i;
    if (!g->processes)
        return pthread_create(&g->tid[i], NULL, thread_main, w) == 0;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        signal(SIGCHLD, SIG_DFL);
        worker_main(w);
        _exit(0);
    }
    g->pid[i] = pid;
    return pid > 0;
}

/* One command to every worker; returns when all have carried it out. */
static void step(worker_group *g, command cmd)
{
    g->cmd = cmd;
    pthread_barrier_wait(&g->go);
    if (cmd != CMD_QUIT)
        pthread_barrier_wait(&g->done);
}

/* The first worker that failed, or NULL. */
static const worker_slot *failed(const worker_group *g)
{
    for (unsigned i = 0; i < g->count; i++)
        if (!g->slot[i].ok)
            return &g->slot[i];
    return NULL;
}

static const char *what(const worker_group *g)
{
    return g->processes ? "processes" : "threads";
}

worker_group *workers_open(const crypto_lib *lib, const workload_spec *ws, api_path api, int op,
                           uint64_t bytes, unsigned threads, unsigned procs, bool cpu_clock,
                           row_status *status, char *why, size_t n)
{
    *status = ST_ERROR;
    unsigned count = threads * procs;
    if (count < 1 || count > MAX_GROUP || (threads > 1 && procs > 1)) {
        snprintf(why, n, "%u threads x %u processes: not a worker count this runner has", threads,
                 procs);
        return NULL;
    }
    worker_group *g =
        mmap(NULL, sizeof *g, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (g == MAP_FAILED) {
        snprintf(why, n, "cannot map the workers' shared memory");
        return NULL;
    }
    memset(g, 0, sizeof *g);
    g->count = count;
    g->processes = procs > 1;
    g->cpu_clock = cpu_clock;
    g->lib = lib;
    g->ws = *ws;
    g->api = api;
    g->op = op;
    g->bytes = bytes;
    pthread_barrierattr_t ba;
    pthread_mutexattr_t ma;
    pthread_barrierattr_init(&ba);
    pthread_barrierattr_setpshared(&ba, PTHREAD_PROCESS_SHARED);
    pthread_mutexattr_init(&ma);
    pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED);
    pthread_barrier_init(&g->go, &ba, count + 1);
    pthread_barrier_init(&g->done, &ba, count + 1);
    pthread_mutex_init(&g->setup_lock, &ma);
    pthread_barrierattr_destroy(&ba);
    pthread_mutexattr_destroy(&ma);
    if (g->processes)
        signal(SIGCHLD, on_worker_exit);
    for (; g->started < count; g->started++)
        if (!spawn(g, g->started)) {
            /* The barriers count on every worker: nothing sane is left to do. */
            fprintf(stderr, "osslbench: cannot start %u %s\n", count, what(g));
            _exit(1);
        }
    pthread_barrier_wait(&g->done); /* every worker has set up */
    const worker_slot *bad = failed(g);
    if (bad != NULL) {
        snprintf(why, n, "setup failed: %s", bad->why);
        workers_close(g);
        return NULL;
    }
    step(g, CMD_CHECK);
    if ((bad = failed(g)) != NULL) {
        *status = ST_KAT_FAILED;
        snprintf(why, n, "with %u %s at once: %s", count, what(g), bad->why);
        workers_close(g);
        return NULL;
    }
    *status = ST_OK;
    return g;
}

/* The group's watch: every worker's switches, and the wall and CPU time of
 * the one that spent the most time off its CPU. */
static void group_watch(const worker_group *g, sample_watch *out)
{
    *out = (sample_watch){0};
    uint64_t worst = 0;
    for (unsigned i = 0; i < g->count; i++) {
        const sample_watch *w = &g->slot[i].watch;
        uint64_t off = w->wall_ns > w->cpu_ns ? w->wall_ns - w->cpu_ns : 0;
        if (i == 0 || off > worst) {
            worst = off;
            out->wall_ns = w->wall_ns;
            out->cpu_ns = w->cpu_ns;
        }
        out->switches += w->switches;
        out->migrated = out->migrated || w->migrated;
    }
}

bool workers_watchable(const worker_group *g)
{
    return ncpus > 0 && g->count <= (unsigned)ncpus;
}

uint64_t workers_sample(worker_group *g, uint64_t iterations, sample_watch *watch, char *why,
                        size_t n)
{
    g->iterations = iterations;
    step(g, CMD_RUN);
    if (failed(g) != NULL) {
        const worker_slot *bad = failed(g);
        snprintf(why, n, "operation failed%s%s", bad->why[0] ? ": " : "", bad->why);
        return UINT64_MAX;
    }
    uint64_t first = UINT64_MAX, last = 0, cpu = 0;
    for (unsigned i = 0; i < g->count; i++) {
        const worker_slot *w = &g->slot[i];
        first = w->start < first ? w->start : first;
        last = w->end > last ? w->end : last;
        cpu += w->cpu_ns;
    }
    if (watch != NULL)
        group_watch(g, watch);
    return g->cpu_clock ? cpu / g->count : last - first;
}

/* Calibration goes by the longest worker's own loop, not by the span from
 * the first start to the last end: on a busy machine a worker may wake up
 * late, and that delay must not shrink the operation count. */
static uint64_t longest_loop(void *p, uint64_t iterations)
{
    worker_group *g = p;
    char why[8];
    if (workers_sample(g, iterations, NULL, why, sizeof why) == UINT64_MAX)
        return UINT64_MAX;
    uint64_t longest = 0;
    for (unsigned i = 0; i < g->count; i++)
        if (g->slot[i].end - g->slot[i].start > longest)
            longest = g->slot[i].end - g->slot[i].start;
    return longest;
}

uint64_t workers_calibrate(worker_group *g, uint64_t target_ns)
{
    return calibrate_timed(longest_loop, g, target_ns);
}

void workers_close(worker_group *g)
{
    if (g == NULL)
        return;
    if (g->processes)
        signal(SIGCHLD, SIG_DFL); /* workers that end now end normally */
    step(g, CMD_QUIT);
    for (unsigned i = 0; i < g->started; i++) {
        if (!g->processes)
            pthread_join(g->tid[i], NULL);
        else
            while (waitpid(g->pid[i], NULL, 0) < 0 && errno == EINTR)
                ;
    }
    pthread_barrier_destroy(&g->go);
    pthread_barrier_destroy(&g->done);
    pthread_mutex_destroy(&g->setup_lock);
    munmap(g, sizeof *g);
}
