#include "run_metadata.h"
#include "../record/meta_text.h"
#include "../harness/cpuinfo.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

/* git describe at build time (the Makefile writes it); a tree shipped
 * without .git (make fleet) says its version in OSSLBENCH_VERSION. */
#if defined(__has_include)
#if __has_include("../build/version.h")
#include "../build/version.h"
#endif
#endif
#ifndef OSSLBENCH_BUILD_VERSION
#define OSSLBENCH_BUILD_VERSION ""
#endif

#if defined(__clang__)
#define COMPILER __VERSION__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "unknown"
#endif


static bool open_file(run_meta *m, const run_args *a, const run_file *csv)
{
    if (a->metadata_path != NULL) {
        snprintf(m->path, sizeof m->path, "%s", a->metadata_path);
    } else if (csv->f == NULL || csv->stream) {
        return true;
    } else if (!run_metadata_path(csv->path, m->path, sizeof m->path)) {
        fprintf(stderr, "osslbench run: file name too long: %s\n", csv->path);
        return false;
    }
    const char *others[] = {a->csv_path, a->trace_path};
    for (size_t i = 0; i < 2; i++)
        if (others[i] != NULL && strcmp(others[i], "-") != 0 && run_files_clash(m->path, others[i])) {
            fprintf(stderr, "osslbench run: the metadata file %s is also the --%s file\n", m->path,
                    i == 0 ? "csv" : "trace");
            return false;
        }
    return run_file_open(&m->file, m->path);
}

bool run_meta_open(run_meta *m, const run_args *a, const run_file *csv)
{
    memset(m, 0, sizeof *m);
    if (!open_file(m, a, csv))
        return false;
    if (m->file.f != NULL && (m->f = open_memstream(&m->text, &m->len)) == NULL)
        abort();
    return true;
}

void run_meta_sync(run_meta *m)
{
    if (m->f == NULL || fflush(m->f) != 0)
        return;
    fwrite(m->text + m->synced, 1, m->len - m->synced, m->file.f);
    fflush(m->file.f);
    m->synced = m->len;
}

bool run_meta_close(run_meta *m)
{
    run_meta_sync(m);
    if (m->f != NULL)
        fclose(m->f);
    m->f = NULL;
    return run_file_close(&m->file, "metadata", false);
}

void run_meta_discard(run_meta *m)
{
    if (m->f != NULL)
        fclose(m->f);
    free(m->text);
    *m = (run_meta){.file = m->file};
    run_file_discard(&m->file);
}

/* The value of a /sys file's first line, or "unreadable". */
static void sys_value(const char *path, char *out, size_t n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL || fgets(out, (int)n, f) == NULL)
        snprintf(out, n, "unreadable");
    else
        out[strcspn(out, "\n")] = '\0';
    if (f != NULL)
        fclose(f);
}

/* A value built by put() (a list, a command line), then written as one line. */
static void put_built(FILE *f, const char *key, void (*put)(FILE *, const run_metadata *),
                      const run_metadata *m)
{
    char *text = NULL;
    size_t len = 0;
    FILE *s = open_memstream(&text, &len);
    if (s == NULL)
        return;
    put(s, m);
    if (fclose(s) == 0)
        meta_put_line(f, key, text);
    free(text);
}

static void put_command(FILE *s, const run_metadata *m)
{
    for (int i = 0; i < m->argc; i++) {
        if (i)
            fputc(' ', s);
        meta_put_shell_word(s, m->argv[i]);
    }
}

/* label=path of each library, as --lib would take it back */
static void put_libraries(FILE *s, const run_metadata *m)
{
    for (size_t i = 0; i < m->nlibs; i++) {
        char *word = NULL;
        size_t len = 0;
        FILE *w = open_memstream(&word, &len);
        if (w != NULL) {
            fprintf(w, "%s=%s", m->libs[i].label, m->libs[i].path);
            if (fclose(w) == 0) {
                fputs(i ? " " : "", s);
                meta_put_shell_word(s, word);
            }
        }
        free(word);
    }
}

static void put_workloads(FILE *s, const run_metadata *m)
{
    const run_plan *p = &m->args->plan;
    for (size_t i = 0; i < p->nworkloads; i++)
        fprintf(s, "%s%s", i ? "," : "", p->workloads[i].name);
}

static void put_sizes(FILE *s, const run_metadata *m)
{
    const run_plan *p = &m->args->plan;
    for (size_t i = 0; i < p->nsizes; i++)
        fprintf(s, "%s%" PRIu64, i ? "," : "", p->sizes[i]);
}

static void put_apis(FILE *s, const run_metadata *m)
{
    int k = 0;
    for (int a = 0; a < API_COUNT; a++)
        if (m->args->plan.apis[a])
            fprintf(s, "%s%s", k++ ? "," : "", api_name((api_path)a));
}

static void put_counts(FILE *s, const unsigned *counts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(s, "%s%u", i ? "," : "", counts[i]);
    if (n == 0)
        fputs("none", s);
}

/* --threads and --procs as given (threads default 1) */
static void put_threads(FILE *s, const run_metadata *m)
{
    put_counts(s, m->args->thread_counts, m->args->nthread_counts);
}

static void put_procs(FILE *s, const run_metadata *m)
{
    put_counts(s, m->args->proc_counts, m->args->nproc_counts);
}

/* label=vector of each library: the OPENSSL_ia32cap its code paths follow */
static void put_ia32caps(FILE *s, const run_metadata *m)
{
    for (size_t i = 0; i < m->nlibs; i++)
        fprintf(s, "%s%s=%s", i ? " " : "", m->libs[i].label,
                m->libs[i].ia32cap[0] ? m->libs[i].ia32cap : "unreported");
}

static void put_number(FILE *f, const char *key, const char *format, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, format, v);
    meta_put_line(f, key, buf);
}

static void put_system(FILE *f, const run_metadata *m)
{
    char *cpuinfo = cpuinfo_read(), buf[4096];
    cpuinfo_flags(cpuinfo, buf, sizeof buf);
    free(cpuinfo);
    meta_put_line(f, "cpu_flags", buf);
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    put_number(f, "cpus", "%.0f", online > 0 ? (double)online : 0);
    put_number(f, "cpu_count", "%.0f", (double)usable_cpu_count());
    put_number(f, "benchmark_cpu", "%.0f", m->cpu);
    struct utsname u;
    if (uname(&u) == 0) {
        meta_put_line(f, "arch", u.machine);
        snprintf(buf, sizeof buf, "%s %s %s %s", u.sysname, u.release, u.version, u.machine);
        meta_put_line(f, "kernel", buf);
    }
    char path[128];
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor",
             m->cpu < 0 ? 0 : m->cpu);
    sys_value(path, buf, sizeof buf);
    meta_put_line(f, "governor", buf);
}

void run_metadata_write_head(FILE *f, const run_metadata *m)
{
    const run_plan *p = &m->args->plan;
    meta_put_line(f, "host", m->where->host);
    meta_put_line(f, "cpu_model", m->where->cpu);
    put_system(f, m);
    meta_put_line(f, "compiler", COMPILER);
    const char *env = getenv("OSSLBENCH_VERSION");
    meta_put_line(f, "osslbench_version", OSSLBENCH_BUILD_VERSION[0] ? OSSLBENCH_BUILD_VERSION
                                          : env && *env ? env : "unknown (no git history)");
    meta_put_line(f, "run_id", m->where->run_id);
    put_built(f, "command", put_command, m);
    put_built(f, "libraries", put_libraries, m);
    put_built(f, "workloads", put_workloads, m);
    put_built(f, "sizes", put_sizes, m);
    put_built(f, "apis", put_apis, m);
    put_built(f, "threads", put_threads, m);
    put_built(f, "procs", put_procs, m);
    meta_put_line(f, "clock", p->cpu_clock ? "cpu" : "wall");
    meta_put_line(f, "metric", p->metric == METRIC_INSTRUCTIONS ? "instructions" : "time");
    meta_put_line(f, "cpu_mask", m->args->cpu_mask ? m->args->cpu_mask : "none");
    put_built(f, "cpu_capabilities", put_ia32caps, m);
    put_number(f, "time", "%g", p->sampling.time_s);
    put_number(f, "precision", "%g", p->sampling.precision);
    put_number(f, "span", "%g", p->sampling.span_s);
    put_number(f, "timeout", "%g", p->timeout_s);
    meta_put_line(f, "quick", m->args->quick ? "yes" : "no");
    meta_put_line(f, "started", m->where->timestamp);
}

void run_metadata_write_tail(FILE *f, bool interrupted)
{
    char now[32];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm);
    meta_put_line(f, "finished", now);
    meta_put_line(f, "interrupted", interrupted ? "yes" : "no");
}
