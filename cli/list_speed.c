/* `list --speed-names`, `list --speed-lists` and the speed-name columns of
 * `list --workloads`: read from speed_names.def and the registry
 * (tools/speed-coverage.sh renders README's coverage table from both
 * --tsv listings). */
#include "list_speed.h"

#include "inspect.h"

#include "../harness/workloads/speed_names.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void speed_names_for(const char *canonical, char *names, size_t nn, char *releases, size_t nr)
{
    size_t len = 0;
    unsigned mask = 0;
    names[0] = '\0';
    for (size_t i = 0; i < speed_name_count && len < nn; i++) {
        const speed_name *sn = &speed_names[i];
        if (sn->releases == 0 || !speed_name_covers(sn, canonical))
            continue;
        len += (size_t)snprintf(names + len, nn - len, "%s%s", len ? " " : "", sn->name);
        mask |= sn->releases;
    }
    if (names[0] == '\0')
        snprintf(names, nn, "-");
    speed_releases_text(mask, releases, nr);
}

/* The API paths, on release `series`, that every workload of the name has
 * one of ("legacy,evp,fetch": their union); "none" when one has none. */
static void paths_on(const workload_spec *specs, size_t count, long series, char *buf, size_t n)
{
    bool any[API_COUNT] = {false};
    for (size_t k = 0; k < count; k++) {
        bool one = false;
        for (int a = 0; a < API_COUNT; a++)
            if (workload_in_release(specs[k].w, (api_path)a, series))
                one = any[a] = true;
        if (!one) {
            snprintf(buf, n, "none");
            return;
        }
    }
    size_t len = 0;
    buf[0] = '\0';
    for (int a = 0; a < API_COUNT && len < n; a++)
        if (any[a])
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "," : "",
                                    api_name((api_path)a));
    if (buf[0] == '\0')
        snprintf(buf, n, "none");
}

/* The Configure options a build needs for the name's workloads
 * ("enable-md2"); "-" if none. */
static void options_of(const workload_spec *specs, size_t count, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < count && len < n; k++)
        if (specs[k].w->not_built != NULL && strstr(buf, specs[k].w->not_built) == NULL)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " " : "",
                                    specs[k].w->not_built);
    if (buf[0] == '\0')
        snprintf(buf, n, "-");
}

int list_speed_names(bool tsv)
{
    enum { MAX_SPECS = 160 };
    static workload_spec specs[MAX_SPECS];
    if (tsv) {
        printf("name\tworkloads\treleases\tbuild");
        for (int r = 0; r < SPEED_RELEASES; r++)
            printf("\t%s", speed_release_name(r));
        printf("\n");
    } else {
        printf("  %-18s %-22s %s\n", "speed name", "speed releases", "workloads");
    }
    for (size_t i = 0; i < speed_name_count; i++) {
        const speed_name *sn = &speed_names[i];
        if (sn->workloads[0] == '\0') /* a switch: no name --workloads takes */
            continue;
        size_t count = speed_name_expand(sn, specs, MAX_SPECS);
        count = count < MAX_SPECS ? count : MAX_SPECS;
        char releases[64], build[128];
        speed_releases_text(sn->releases, releases, sizeof releases);
        if (!tsv) {
            const char *what = sn->workloads[0] == '*' ? "every workload" : sn->workloads;
            if (printf("  %-18s %-22s %s\n", sn->name,
                       sn->releases ? releases : "(osslbench's own)", what) < 0) {
                inspect_write_failed(errno);
                break;
            }
            continue;
        }
        options_of(specs, count, build, sizeof build);
        printf("%s\t%s\t%s\t%s", sn->name, sn->workloads, releases, build);
        for (int r = 0; r < SPEED_RELEASES; r++) { /* "-": not a name of this speed */
            char paths[128] = "-";
            if (sn->releases & (1u << r))
                paths_on(specs, count, speed_release_series(r), paths, sizeof paths);
            printf("\t%s", paths);
        }
        printf("\n");
        if (ferror(stdout)) { /* keep the first error: a later flush reports none */
            inspect_write_failed(errno);
            break;
        }
    }
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp((*(const speed_name *const *)a)->name, (*(const speed_name *const *)b)->name);
}

int list_speed_lists(bool tsv)
{
    static const speed_name *lines[512];
    if (tsv)
        printf("release\tlist\tname\n");
    else
        printf("  %-8s %-11s %s\n", "release", "list", "name");
    for (int r = 0; r < SPEED_RELEASES; r++) {
        size_t n = 0; /* a name has one line per release (test_speed_names) */
        for (size_t i = 0; i < speed_name_count && n < sizeof lines / sizeof *lines; i++)
            if (speed_names[i].releases & (1u << r))
                lines[n++] = &speed_names[i];
        qsort(lines, n, sizeof *lines, by_name);
        for (size_t i = 0; i < n; i++)
            printf(tsv ? "%s\t%s\t%s\n" : "  %-8s %-11s %s\n", speed_release_name(r),
                   speed_list_name(lines[i]->list), lines[i]->name);
        if (ferror(stdout)) { /* keep the first error: a later flush reports none */
            inspect_write_failed(errno);
            break;
        }
    }
    return 0;
}
