#include "bench_explain.h"

#include "../analysis/report_changes.h"
#include "../csv/units.h"
#include "../explain/explain_files.h"
#include "../explain/explain_run.h"
#include "bench_folder.h"
#include "../util/folder_remove.h"
#include "bench_say.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGV = 64 + 2 * MAX_LIBS };

typedef struct {
    char *v[MAX_ARGV];
    int n;
    char libs[MAX_LIBS][4096 + LABEL_SIZE];
} arg_vec;

static void push(arg_vec *a, const char *s)
{
    if (a->n < MAX_ARGV - 1)
        a->v[a->n++] = (char *)s;
    a->v[a->n] = NULL;
}

/* The run's options that change what a point executes (providers, their
 * properties) mean the same to explain; the rest are the timing's own. */
static void push_run_options(arg_vec *a, char **run_args, int nrun_args, bool all)
{
    for (int i = 0; i + 1 < nrun_args; i++)
        if (strcmp(run_args[i], "--provider") == 0 || strcmp(run_args[i], "--propquery") == 0 ||
            (all && (strcmp(run_args[i], "--workloads") == 0 || strcmp(run_args[i], "--sizes") == 0 ||
                     strcmp(run_args[i], "--api") == 0)))
            push(a, run_args[i]), push(a, run_args[++i]);
    for (int i = 0; all && i < nrun_args; i++)
        if (strcmp(run_args[i], "--quick") == 0)
            push(a, "--quick");
}

static void push_lib(arg_vec *a, size_t k, const bench_lib *l)
{
    snprintf(a->libs[k], sizeof a->libs[k], "%s=%s", l->label, l->path);
    push(a, "--lib");
    push(a, a->libs[k]);
}

typedef struct {
    explain_files *files;
    explain_writer *term; /* make explain: the terminal report too */
    size_t points;
} bench_sink;

static bool each_point(const explained_point *p, void *ctx, char *why, size_t n)
{
    bench_sink *s = ctx;
    s->points++;
    if (s->term != NULL)
        explain_write_point(s->term, p);
    return explain_files_point(s->files, p, why, n);
}

/* Explains a.v (run's options) with the libraries and labels given. */
static explain_end run_explain(arg_vec *a, const bench_lib *const *libs, size_t nlibs,
                               const char *baseline, bench_sink *sink, char *why, size_t n)
{
    push(a, "--metric"), push(a, "instructions"), push(a, "--quiet");
    run_args *ra = calloc(1, sizeof *ra); /* large: not on the stack */
    if (ra == NULL)
        abort();
    if (run_args_parse_why(a->n, a->v, ra, why, n) != 0)
        return free(ra), EXPLAIN_REFUSED;
    const char *paths[MAX_LIBS];
    char labels[MAX_LIBS][LABEL_SIZE];
    for (size_t i = 0; i < nlibs && i < MAX_LIBS; i++) {
        paths[i] = libs[i]->path;
        snprintf(labels[i], sizeof labels[i], "%s", libs[i]->label);
    }
    explain_request rq = {.plan = &ra->plan, .lib_paths = paths,
                          .labels = (const char(*)[LABEL_SIZE])labels, .nlibs = nlibs,
                          .baseline = baseline, .each = each_point, .ctx = sink};
    explain_end end = explain_run(&rq, why, n);
    free(ra);
    return end;
}

/* Whether an earlier change of the list already ran this one's workload,
 * API path and size on the same two libraries (every op is explained). */
static bool covered(const report_change *c, const report_change *done, size_t ndone)
{
    for (size_t i = 0; i < ndone; i++)
        if (strcmp(done[i].workload, c->workload) == 0 && strcmp(done[i].api, c->api) == 0 &&
            done[i].bytes == c->bytes && strcmp(done[i].new_label, c->new_label) == 0)
            return true;
    return false;
}

typedef struct {
    const report_change *c;
    size_t n;
} picked;

/* The changes picked (explain_files.want): one of a point's ops may be, the
 * others of the same run are not. */
static bool is_picked(const explained_point *p, const point_diff *d, void *ctx)
{
    const picked *k = ctx;
    for (size_t i = 0; i < k->n; i++) {
        const report_change *c = &k->c[i];
        if (strcmp(c->workload, p->workload) == 0 && strcmp(c->api, p->api) == 0 &&
            strcmp(c->op, p->op) == 0 && c->bytes == p->bytes &&
            strcmp(c->new_label, p->lib[d->lib].row.label) == 0 &&
            strcmp(c->old_label, p->lib[p->baseline].row.label) == 0)
            return true;
    }
    return false;
}

static bool explainable(const report_change *c)
{
    return c->verdict != V_FAILED && c->threads <= 1 && c->procs <= 1 && !unit_is_count(c->unit);
}

static int explain_list(const bench_libs *libs, const report_change *ch, size_t nch, size_t n,
                        char **run_args, int nrun_args, explain_files *files)
{
    bench_sink sink = {.files = files};
    report_change *done = calloc(nch + 1, sizeof *done), *pick = calloc(nch + 1, sizeof *pick);
    size_t ndone = 0, npick = 0;
    for (size_t i = 0; pick != NULL && i < nch && npick < n; i++)
        if (explainable(&ch[i]))
            pick[npick++] = ch[i];
    picked chosen = {pick, npick};
    files->want = is_picked, files->want_ctx = &chosen;
    int rc = 0;
    for (size_t i = 0; done != NULL && pick != NULL && i < npick; i++) {
        const report_change *c = &pick[i];
        if (covered(c, done, ndone))
            continue;
        const bench_lib *two[2] = {bench_find(libs, c->old_label), bench_find(libs, c->new_label)};
        if (two[0] == NULL || two[1] == NULL)
            continue;
        arg_vec a = {.v = {"run"}, .n = 1};
        char bytes[32];
        snprintf(bytes, sizeof bytes, "%" PRIu64, c->bytes);
        push_lib(&a, 0, two[0]), push_lib(&a, 1, two[1]);
        push(&a, "--workloads"), push(&a, c->workload), push(&a, "--api"), push(&a, c->api);
        if (c->bytes > 0)
            push(&a, "--sizes"), push(&a, bytes);
        push_run_options(&a, run_args, nrun_args, false);
        bench_say("explaining %s %s %s %s: %s against %s (%.3fx), under valgrind", c->workload,
                  c->api, c->op, bytes, c->new_label, c->old_label, c->ratio);
        char why[1024];
        explain_end end = run_explain(&a, two, 2, c->old_label, &sink, why, sizeof why);
        if (end == EXPLAIN_REFUSED || end == EXPLAIN_INTERRUPTED) {
            bench_say("EXPLAIN: %s; the run and its page stand without it",
                      end == EXPLAIN_REFUSED ? why : "interrupted");
            rc = 1;
            break;
        }
        done[ndone++] = *c;
    }
    free(done);
    free(pick);
    files->want = NULL;
    return rc;
}

bool bench_explain_count(const char *s, size_t *n, char *why, size_t wn)
{
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end != '\0' || v < 1 || v > 100) {
        snprintf(why, wn, "EXPLAIN '%s' is not a whole number from 1 to 100", s);
        return false;
    }
    *n = v;
    return true;
}

int bench_explain_changes(const bench_libs *libs, const char *dir, const report *r, size_t n,
                          char **run_args, int nrun_args)
{
    char why[1024], out[4200];
    report_change *ch = NULL;
    size_t nch = 0;
    bool ok = report_changes(r, &ch, &nch);
    int rc = 1;
    if (!ok)
        bench_say("EXPLAIN: no verdicts (out of memory)");
    else if (nch == 0) {
        bench_say("EXPLAIN=%zu: no significant change to explain", n);
        rc = 0;
    } else {
        explain_files files;
        snprintf(out, sizeof out, "%s/explain", dir);
        if (!explain_files_open(&files, out, false, 15, why, sizeof why))
            bench_say("EXPLAIN: %s", why);
        else {
            rc = explain_list(libs, ch, nch, n, run_args, nrun_args, &files);
            if (!explain_files_close(&files, why, sizeof why))
                rc = 1, bench_say("EXPLAIN: %s", why);
            else
                bench_say("explained: %s/explain (changes.csv, explain.md, %zu charts)", dir,
                          files.charts);
        }
    }
    free(ch);
    return rc;
}

int bench_explain_only(const bench_libs *libs, const char *results_root, const char *baseline,
                       char **run_args, int nrun_args)
{
    char root[4200], dir[4096], name[512], why[1024];
    bool named = false;
    for (int i = 0; i < nrun_args; i++)
        named = named || strcmp(run_args[i], "--workloads") == 0;
    if (!named) {
        fprintf(stderr, "explain: error: name the points with WORKLOADS= (each runs under "
                        "valgrind: seconds a point and library)\n");
        return 2;
    }
    arg_vec a = {.v = {"run"}, .n = 1};
    const bench_lib *all[MAX_LIBS];
    for (size_t i = 0; i < libs->count && i < MAX_LIBS; i++)
        push_lib(&a, i, &libs->lib[i]), all[i] = &libs->lib[i];
    push_run_options(&a, run_args, nrun_args, true);
    snprintf(root, sizeof root, "%s/explain", results_root);
    explain_files files;
    if (!bench_fresh_folder(root, dir, sizeof dir, name, sizeof name, why, sizeof why) ||
        !explain_files_open(&files, dir, true, 15, why, sizeof why)) {
        fprintf(stderr, "explain: error: %s\n", why);
        return 2;
    }
    explain_writer term = {.f = stdout, .format = EXPLAIN_TERM, .top = 15};
    bench_sink sink = {.files = &files, .term = &term};
    explain_end end = run_explain(&a, all, libs->count, baseline, &sink, why, sizeof why);
    char close_why[512];
    bool closed = explain_files_close(&files, close_why, sizeof close_why);
    if (end == EXPLAIN_REFUSED) {
        fprintf(stderr, "explain: error: %s\n", why);
        folder_remove(dir);
        return 2;
    }
    if (!closed)
        fprintf(stderr, "explain: error: %s\n", close_why);
    bench_say("explained %zu point(s): %s (explain.md, explain.csv, explain.json, %zu charts)",
              sink.points, dir, files.charts);
    return end == EXPLAIN_INTERRUPTED ? 130 : end == EXPLAIN_SOME_FAILED || !closed ? 1 : 0;
}
