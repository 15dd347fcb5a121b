#include "explain_run.h"

#include "../harness/host.h"
#include "../harness/libproc.h"
#include "../harness/scheduler.h"
#include "../harness/valgrind_child.h"
#include "elf_symbols.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const explain_request *rq;
    const char *dir;
    size_t nlibs;
    explained_point pt;
    bool failed, stopped, any_failure;
    char why[512];
} collector;

/* Rows come a point at a time, in library order (scheduler.h). */
static void take_row(const result_row *row, void *ctx)
{
    collector *c = ctx;
    if (c->stopped)
        return;
    c->any_failure = c->any_failure || row_status_is_failure(row->status);
    if (!explained_point_add(&c->pt, row, c->dir, c->why, sizeof c->why)) {
        c->stopped = true;
        return;
    }
    if (c->pt.nlib < c->nlibs)
        return;
    if (!explained_point_finish(&c->pt, c->rq->baseline, c->why, sizeof c->why) ||
        !c->rq->each(&c->pt, c->rq->ctx, c->why, sizeof c->why))
        c->stopped = true;
    explained_point_free(&c->pt);
}

/* Once per library: what callgrind will not be able to name. */
static void say_symbols(const libproc *lp)
{
    if (elf_symbol_names(lp->path) == SYMBOLS_DYNAMIC_ONLY)
        fprintf(stderr,
                "osslbench explain: %s (%s) has no symbol table: its functions are named from "
                "its exported symbols only; code between them shows as an address or under the "
                "exported function before it\n",
                lp->label, lp->path);
}

static bool start_libs(const explain_request *rq, libproc *libs, const char *dir, int cpu,
                       char *why, size_t n)
{
    for (size_t i = 0; i < rq->nlibs; i++) {
        libs[i] = (libproc){.path = rq->lib_paths[i], .setup = &rq->plan->providers,
                            .counts_dir = dir, .keep_profiles = true};
        if (!libproc_start(&libs[i], cpu, rq->plan->timeout_s)) {
            snprintf(why, n, "--lib %s: valgrind could not run it: %s", libs[i].path,
                     libs[i].load_error);
            for (size_t j = 0; j < i; j++)
                libproc_stop(&libs[j]);
            return false;
        }
    }
    libproc_assign_labels(libs, rq->nlibs, rq->labels);
    bool known = rq->baseline == NULL;
    for (size_t i = 0; i < rq->nlibs; i++)
        known = known || strcmp(libs[i].label, rq->baseline) == 0;
    if (!known) {
        snprintf(why, n, "--baseline %s is not the label of a library of this run", rq->baseline);
        for (size_t i = 0; i < rq->nlibs; i++)
            libproc_stop(&libs[i]);
        return false;
    }
    return true;
}

explain_end explain_run(const explain_request *rq, char *why, size_t n)
{
    char dir[4096];
    if (!valgrind_available(why, n) || !counts_dir_create(dir, sizeof dir, why, n))
        return EXPLAIN_REFUSED;
    libproc *libs = calloc(rq->nlibs, sizeof *libs);
    if (libs == NULL)
        abort();
    install_interrupt_handlers();
    int cpu = pick_benchmark_cpu();
    if (!start_libs(rq, libs, dir, cpu, why, n)) {
        free(libs);
        counts_dir_remove(dir);
        return EXPLAIN_REFUSED;
    }
    for (size_t i = 0; i < rq->nlibs; i++) {
        say_symbols(&libs[i]);
        if (!rq->plan->quiet)
            fprintf(stderr, "osslbench: %s = %s (%s)\n", libs[i].label, libs[i].path,
                    libs[i].version_text);
    }
    run_context where;
    run_context_init(&where);
    collector c = {.rq = rq, .dir = dir, .nlibs = rq->nlibs};
    schedule s = {.plan = rq->plan, .where = &where, .libs = libs, .nlibs = rq->nlibs,
                  .cpu = cpu, .ncpus = usable_cpu_count(), .sink = take_row, .sink_ctx = &c};
    runner_pin(cpu);
    bool finished = schedule_run(&s);
    runner_unpin();
    for (size_t i = 0; i < rq->nlibs; i++)
        libproc_stop(&libs[i]);
    free(libs);
    explained_point_free(&c.pt);
    counts_dir_remove(dir);
    if (c.stopped) {
        snprintf(why, n, "%s", c.why);
        return EXPLAIN_REFUSED;
    }
    if (!finished)
        return EXPLAIN_INTERRUPTED;
    return c.any_failure ? EXPLAIN_SOME_FAILED : EXPLAIN_DONE;
}
