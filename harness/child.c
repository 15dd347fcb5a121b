#define _GNU_SOURCE
#include "child.h"

#include "counting.h"
#include "protocol.h"
#include "self_check.h"
#include "timing.h"
#include "workers.h"
#include "workload.h"

#include <alloca.h>
#include <libgen.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

static void isolate_environment(const char *lib_path)
{
    /* An empty configuration: a distro openssl.cnf (providers, policies)
     * must not change the numbers. */
    setenv("OPENSSL_CONF", "/dev/null", 1);
    /* A 3.x/4.x build looks for its modules where it was configured to be
     * installed; builds/ installs them beside the library.  Elsewhere the
     * library says where its own are (modules_from_library): one release's
     * OPENSSL_MODULES in our environment must not feed another release. */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", lib_path);
    char modules[4200];
    snprintf(modules, sizeof modules, "%s/ossl-modules", dirname(dir));
    struct stat st;
    if (stat(modules, &st) == 0 && S_ISDIR(st.st_mode))
        setenv("OPENSSL_MODULES", modules, 1);
    else
        unsetenv("OPENSSL_MODULES");
}

/* The system's 3.x keeps its modules in its own folder (OpenSSL_version's
 * MODULES_DIR, what it would use anyway), named so that a provider that
 * does not load says where it was looked for. */
static void modules_from_library(const crypto_lib *lib)
{
    const char *own = crypto_lib_info(lib, INFO_MODULES_DIR);
    const char *prefix = "MODULESDIR: \""; /* the answer is 'MODULESDIR: "/usr/lib/..."' */
    if (getenv("OPENSSL_MODULES") != NULL || own == NULL ||
        strncmp(own, prefix, strlen(prefix)) != 0)
        return;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", own + strlen(prefix));
    size_t len = strlen(dir);
    if (len > 1 && dir[len - 1] == '"') {
        dir[len - 1] = '\0';
        setenv("OPENSSL_MODULES", dir, 1);
    }
}

static void reply_error(reply *rp, row_status st, const char *what, const crypto_lib *lib)
{
    rp->status = st;
    const char *err = crypto_lib_last_error(lib);
    snprintf(rp->note, sizeof rp->note, "%s%s%s", what, *err ? ": " : "", err);
}

typedef struct {
    const workload *w;
    void *state;
    worker_group *group; /* more than one worker: they hold the states */
    workload_loop loop;
    uint64_t iterations;
    clock_fn clock;
} point;

static void prepare(const crypto_lib *lib, const request *rq, reply *rp, point *pt)
{
    workload_spec ws;
    if (!workload_parse(rq->workload, &ws)) {
        reply_error(rp, ST_ERROR, "unknown workload", lib);
        return;
    }
    char why[256];
    bool parallel = rq->threads > 1 || rq->procs > 1 || rq->on_workers;
    if (parallel && counting_active()) {
        rp->status = ST_UNSUPPORTED;
        snprintf(rp->note, sizeof rp->note, "valgrind runs threads one at a time: no count");
        return;
    }
    /* Before any sample of a run with threads, so that its 1-thread points
     * pay for the same locks. */
    if (rq->thread_safety && !crypto_lib_enable_threads(lib, why, sizeof why) &&
        rq->threads > 1) {
        rp->status = ST_UNSUPPORTED;
        snprintf(rp->note, sizeof rp->note, "%s", why);
        return;
    }
    if (workload_check(lib, &ws, (api_path)rq->api, why, sizeof why) != WL_SUPPORTED) {
        rp->status = ST_UNSUPPORTED;
        snprintf(rp->note, sizeof rp->note, "%s", why);
        return;
    }
    if (ws.w->block_multiple > 1 && rq->bytes % ws.w->block_multiple != 0) {
        rp->status = ST_UNSUPPORTED;
        snprintf(rp->note, sizeof rp->note, "%s needs a block size that is a multiple of %u",
                 ws.name, ws.w->block_multiple);
        return;
    }
    if (ws.w->op_available != NULL &&
        ws.w->op_available(lib, &ws, (api_path)rq->api, rq->op, why, sizeof why) != CHECK_PASS) {
        rp->status = ST_UNSUPPORTED;
        snprintf(rp->note, sizeof rp->note, "%s", why);
        return;
    }
    if (!self_check_passed(lib, &ws, (api_path)rq->api, &rp->status, rp->note, sizeof rp->note))
        return;
    agreement_point_fingerprint(lib, &ws, (api_path)rq->api, rq->op, rq->bytes, rp->fingerprint);
    pt->w = ws.w;
    pt->clock = rq->cpu_clock ? cpu_clock_ns : clock_ns;
    if (parallel) {
        pt->group = workers_open(lib, &ws, (api_path)rq->api, rq->op, rq->bytes, rq->threads,
                                 rq->procs, rq->cpu_clock, &rp->status, rp->note, sizeof rp->note);
        if (pt->group != NULL && (pt->iterations = workers_calibrate(pt->group, rq->target_ns)) == 0)
            reply_error(rp, ST_ERROR, "operation failed", lib);
        rp->iterations = pt->iterations;
        return;
    }
    char err[256] = "";
    pt->state = ws.w->setup(lib, &ws, (api_path)rq->api, rq->op, rq->bytes, &pt->loop, err,
                            sizeof err);
    if (pt->state == NULL) {
        rp->status = ST_ERROR;
        snprintf(rp->note, sizeof rp->note, "setup failed: %s", err);
        return;
    }
    if (counting_active()) {
        pt->iterations = count_calibrate(pt->loop, pt->state, rq->target_instructions, err,
                                         sizeof err);
        if (pt->iterations == 0) {
            reply_error(rp, ST_ERROR, err, lib);
            return;
        }
        rp->iterations = pt->iterations;
        return;
    }
    /* By the thread's CPU time: another process taking the CPU meanwhile
     * must not shorten the samples. */
    pt->iterations = calibrate(cpu_clock_ns, pt->loop, pt->state, rq->target_ns);
    if (pt->iterations == 0) {
        reply_error(rp, ST_ERROR, "operation failed", lib);
        return;
    }
    rp->iterations = pt->iterations;
}

static void finish(point *pt)
{
    workers_close(pt->group);
    if (pt->state != NULL)
        pt->w->teardown(pt->state);
    *pt = (point){0};
}

/* The child's --provider/--propquery set-up (child_main), NULL when none. */
static const provider_setup *providers;

/* A point the run's --propquery leaves without an implementation is not a
 * wrong answer of the library: unsupported, saying so. */
static void blame_propquery(const crypto_lib *lib, const request *rq, reply *rp)
{
    workload_spec ws;
    if (rp->status == ST_UNSUPPORTED && strstr(rp->note, "needs ") == rp->note)
        return; /* the release lacks the path whatever the properties */
    if (!workload_parse(rq->workload, &ws) ||
        !propquery_excludes(lib, providers, &ws, (api_path)rq->api))
        return;
    char was[sizeof rp->note];
    snprintf(was, sizeof was, "%s", rp->note);
    rp->status = ST_UNSUPPORTED;
    snprintf(rp->note, sizeof rp->note, "no implementation matches --propquery '%.60s' (%.150s)",
             providers->propquery, was);
}

/* The capability vector the library's code paths follow: what 3.0+ reports
 * (OPENSSL_CPU_INFO: "CPUINFO: OPENSSL_ia32cap=0x..:0x.. [env:...]"), or
 * 1.0.2's exported vector; "" when the release keeps it to itself (1.1.x). */
static void library_ia32cap(const crypto_lib *lib, char *out, size_t n)
{
    const char *info = crypto_lib_info(lib, INFO_CPU);
    const char *key = "OPENSSL_ia32cap=";
    const char *at = info != NULL ? strstr(info, key) : NULL;
    out[0] = '\0';
    if (at != NULL)
        snprintf(out, n, "%s", at + strlen(key));
    else if (lib->fn.OPENSSL_ia32cap_loc != NULL && lib->fn.OPENSSL_ia32cap_loc() != NULL) {
        const unsigned long *p = lib->fn.OPENSSL_ia32cap_loc();
        snprintf(out, n, "0x%lx:0x%lx", p[0], p[1]);
    }
}

static void pin_to_cpu(int cpu)
{
    if (cpu < 0)
        return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    (void)sched_setaffinity(0, sizeof set, &set); /* best effort: a cgroup may forbid it */
}

/* The requests of a run: prepare a point, time samples of it. */
static void measure(const crypto_lib *lib, int in_fd, int out_fd)
{
    reply rp;
    point pt = {0};
    request rq;
    while (proto_read(in_fd, &rq, sizeof rq)) {
        rp = (reply){.status = ST_OK};
        switch (rq.type) {
        case REQ_PREPARE:
            finish(&pt);
            prepare(lib, &rq, &rp, &pt);
            if (rp.status != ST_OK) {
                finish(&pt);
                blame_propquery(lib, &rq, &rp);
            }
            break;
        case REQ_SAMPLE:
            if (pt.state == NULL && pt.group == NULL) {
                rp.status = ST_ERROR;
                snprintf(rp.note, sizeof rp.note, "sample before prepare");
                break;
            }
            rp.iterations = rq.iterations ? rq.iterations : pt.iterations;
            if (pt.group != NULL) {
                /* The same untimed warm-up batch as a single worker gets. */
                uint64_t warm = rp.iterations / WARMUP_DIVISOR;
                if (workers_sample(pt.group, warm > 0 ? warm : 1, NULL, rp.note,
                                   sizeof rp.note) == UINT64_MAX ||
                    (rp.ns = workers_sample(pt.group, rp.iterations, &rp.watch, rp.note,
                                            sizeof rp.note)) == UINT64_MAX)
                    rp.status = ST_ERROR;
                rp.watched = workers_watchable(pt.group);
                break;
            }
            if (counting_active()) {
                char why[256] = "";
                rp.instructions = count_sample(pt.loop, pt.state, rp.iterations, rp.profile,
                                               sizeof rp.profile, why, sizeof why);
                if (rp.instructions == UINT64_MAX)
                    reply_error(&rp, ST_ERROR, why, lib);
                break;
            }
            rp.ns = time_sample_watched(pt.clock, pt.loop, pt.state, rp.iterations, &rp.watch);
            rp.watched = true;
            if (rp.ns == UINT64_MAX)
                reply_error(&rp, ST_ERROR, "operation failed", lib);
            break;
        case REQ_FINISH:
            finish(&pt);
            break;
        default:
            rp.status = ST_ERROR;
            snprintf(rp.note, sizeof rp.note, "unknown request");
        }
        if (!proto_write(out_fd, &rp, sizeof rp))
            break;
    }
    finish(&pt);
}

/* Every child forks from the same runner at the same depth, so without
 * this each would put its stack, its heap and the library's state at the
 * same addresses, down to the low bits that decide cache sets and
 * 4 KiB aliasing between loads and stores: one layout for a whole run,
 * another for the next (the runner itself is placed anew at each exec).
 * Small operations move by several percent with it.  A random shift of the
 * stack and of the heap (up to 4 KiB, 16-byte steps) gives each child --
 * each visit of a point -- a layout of its own, so that the visits, and
 * the interval over them, sample layouts as runs do. */
/* The same for where the library is mapped: a random 1 to 64 pages
 * reserved first move it (mappings are placed top down). */
static void shift_mappings(void)
{
    uint32_t r = 0;
    if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r)
        r = (uint32_t)getpid() * 2654435761u;
    long page = sysconf(_SC_PAGESIZE);
    (void)mmap(NULL, (size_t)(page > 0 ? page : 4096) * (1 + r % 64), PROT_NONE,
               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

static void serve_shifted(child_serve_fn serve, const crypto_lib *lib, int in_fd, int out_fd)
{
    uint32_t r[2] = {0, 0};
    if (getrandom(r, sizeof r, 0) != (ssize_t)sizeof r)
        r[0] = r[1] = (uint32_t)getpid() * 2654435761u;
    volatile char *stack = alloca(16 + (r[0] % 256) * 16);
    stack[0] = 0;
    void *heap = malloc(16 + (r[1] % 256) * 16); /* kept: later blocks start after it */
    serve(lib, in_fd, out_fd);
    free(heap);
}

_Noreturn void child_main(const char *path, int in_fd, int out_fd, int cpu, child_serve_fn serve,
                          const provider_setup *setup)
{
    /* Die with the parent: no orphan keeps a CPU busy after Ctrl-C. */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1)
        _exit(0);
    /* Interrupts are the parent's to handle; it ends us when it must. */
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    workers_remember_cpus();
    pin_to_cpu(cpu);
    isolate_environment(path);
    providers = setup;

    static crypto_lib lib;
    reply rp = {0};
    char why[256];
    shift_mappings();
    bool ok = crypto_lib_open(&lib, path, why, sizeof why);
    if (ok)
        modules_from_library(&lib);
    ok = ok && crypto_lib_init(&lib, why, sizeof why);
    /* Before the hello: a library that lacks a provider asked for measures
     * nothing (no row would say what it measured without it). */
    ok = ok && (setup == NULL || providers_set_up(&lib, setup, rp.providers, sizeof rp.providers,
                                                  rp.note, sizeof rp.note, why, sizeof why));
    if (!ok) {
        rp.status = ST_LOAD_FAILED;
        snprintf(rp.note, sizeof rp.note, "%s", why);
        proto_write(out_fd, &rp, sizeof rp);
        _exit(1);
    }
    rp.status = ST_OK;
    rp.version_num = lib.ver.number;
    snprintf(rp.version, sizeof rp.version, "%s", lib.ver.name);
    snprintf(rp.version_text, sizeof rp.version_text, "%s", lib.version_text);
    snprintf(rp.flavor, sizeof rp.flavor, "%s", flavor_name(lib.ver.flavor));
    library_ia32cap(&lib, rp.ia32cap, sizeof rp.ia32cap);
    if (!proto_write(out_fd, &rp, sizeof rp))
        _exit(1);
    serve_shifted(serve != NULL ? serve : measure, &lib, in_fd, out_fd);
    _exit(0);
}
