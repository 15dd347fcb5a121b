#define _GNU_SOURCE
#include "bench_plan.h"
#include "bench_say.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Rules of thumb for the estimate, measured on this project's 2-core machine
 * (plots/README.md): a quiet moment and a loaded one. */
#define PLAN_BUILD_QUIET_S 68.0 /* one release from source, no ccache: 342 s for the default five */
#define PLAN_BUILD_BUSY_S 125.0 /* the same at load 2-7: 625 s */
#define PLAN_ROW_QUIET_S 0.2    /* one row (point x library), default options: 189 s for 948 rows */
#define PLAN_ROW_BUSY_S 0.3     /* beside a busy loop on the benchmark CPU: 267 s */
#define PLAN_QUICK_ROW_S 0.008  /* QUICK=1: 7 s for 948 rows */

/* "under a minute", "about N min" or "N-M min". */
static const char *duration(double lo, double hi, char *buf, size_t n)
{
    if (hi < 60)
        return "under a minute";
    int l = (int)((lo + 30) / 60), h = (int)((hi + 30) / 60);
    if (l < 1)
        l = 1;
    if (l == h)
        snprintf(buf, n, "about %d min", h);
    else
        snprintf(buf, n, "%d-%d min", l, h);
    return buf;
}

static const char *plural(long count, const char *one, const char *many, char *buf, size_t n)
{
    snprintf(buf, n, "%ld %s", count, count == 1 ? one : many);
    return buf;
}

void bench_say_plan(double seconds, double span_s, int quick, size_t nlibs, long points,
                    size_t nbuild, const char *builds)
{
    double lo = PLAN_ROW_QUIET_S, hi = PLAN_ROW_BUSY_S;
    if (seconds > 0)
        lo = seconds / 4, hi = seconds;
    else if (quick)
        lo = hi = PLAN_QUICK_ROW_S;
    long rows = points * (long)nlibs;
    char a[64], b[64], c[64], d[64];
    if (nbuild > 0)
        bench_say("plan: build %s first (%s): %s with a cold ccache",
                  plural((long)nbuild, "release", "releases", a, sizeof a), builds,
                  duration((double)nbuild * PLAN_BUILD_QUIET_S, (double)nbuild * PLAN_BUILD_BUSY_S,
                           b, sizeof b));
    bench_say("plan: measure %s x %s = %s (%s), then draw the charts",
              plural(points, "point", "points", a, sizeof a),
              plural((long)nlibs, "library", "libraries", b, sizeof b),
              plural(rows, "row", "rows", c, sizeof c),
              duration(fmax((double)rows * lo, span_s), fmax((double)rows * hi, span_s), d, sizeof d));
}

static bool exists(const char *dir, const char *name, const char *ext, char *path, size_t n)
{
    struct stat st;
    snprintf(path, n, "%s/%s%s", dir, name, ext);
    return name[0] != '\0' && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* A path as the user would type it from here: relative under the cwd. */
static void add_file(char *out, size_t n, const char *path)
{
    char cwd[PATH_MAX];
    size_t len = getcwd(cwd, sizeof cwd) != NULL ? strlen(cwd) : 0;
    if (len > 0 && strncmp(path, cwd, len) == 0 && path[len] == '/')
        path += len + 1;
    snprintf(out + strlen(out), n - strlen(out), "%s%s", out[0] ? ", " : "", path);
}

void bench_say_open_first(const char *page, const char *plots_dir)
{
    char list[PATH_MAX], line[4096], path[PATH_MAX], files[4 * PATH_MAX] = "";
    char speedup[256] = "", throughput[256] = "", apis[256] = "", timeline[256] = "";
    struct { const char *kind; char *first; } firsts[] = {
        {"speedup", speedup}, {"throughput", throughput}, {"apis", apis}, {"timeline", timeline}};
    snprintf(list, sizeof list, "%s/charts.list", plots_dir);
    FILE *f = fopen(list, "r");
    long charts = 0;
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        char *tab = strchr(line, '\t');
        charts += line[0] != '\n' && line[0] != '\0';
        if (tab == NULL)
            continue;
        *tab = '\0';
        char *name = tab + 1;
        name[strcspn(name, "\t\n")] = '\0';
        for (size_t i = 0; i < sizeof firsts / sizeof firsts[0]; i++)
            if (strcmp(line, firsts[i].kind) == 0 && firsts[i].first[0] == '\0')
                snprintf(firsts[i].first, 256, "%s", name);
    }
    if (f != NULL)
        fclose(f);
    if (page != NULL) /* the one file that shows all the others */
        add_file(files, sizeof files, page);
    if (exists(plots_dir, "speedup.txt", "", path, sizeof path))
        add_file(files, sizeof files, path);
    if (exists(plots_dir, "timeline-releases.md", "", path, sizeof path))
        add_file(files, sizeof files, path);
    const char *main_chart = speedup[0] ? speedup : throughput[0] ? throughput : timeline;
    if (exists(plots_dir, main_chart, ".png", path, sizeof path))
        add_file(files, sizeof files, path);
    if (exists(plots_dir, apis, ".png", path, sizeof path))
        add_file(files, sizeof files, path);
    if (files[0] != '\0')
        bench_say("open first: %s (%ld charts in all, PNG and SVG)", files, charts);
}
