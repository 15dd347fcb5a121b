/* `osslbench list`: the workloads and API paths the runner knows (from the
 * registry and apis.def), the chart kinds a report draws (charts.def), and
 * which workloads a library can run. */
#include "command_options.h"
#include "commands.h"
#include "inspect.h"
#include "list_speed.h"

#include "../analysis/chart_kinds.h"
#include "../harness/workload.h"
#include "../harness/workloads/speed_names.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const option_table list_option_table = {
    .command = "list",
    .specs = inspect_specs,
    .synopsis =
        "usage: osslbench list --workloads [--tsv]   every workload: kind, unit, operations,\n"
        "                                            default set, API paths, one operation,\n"
        "                                            openssl speed's names for it and releases\n"
        "       osslbench list --speed-names [--tsv] openssl speed's names --workloads takes:\n"
        "                                            the workloads, releases, paths per release\n"
        "       osslbench list --speed-lists [--tsv] each release's openssl speed list:\n"
        "                                            release, list, name\n"
        "       osslbench list --workload NAME       that workload's line (tab-separated,\n"
        "                                            any member of a family: rsa768)\n"
        "       osslbench list --apis [--tsv]        the API paths and what each times\n"
        "       osslbench list --charts [--tsv]      the chart kinds a report draws\n"
        "       osslbench list --lib PATH [--lib ...] which workload x API paths each release\n"
        "                                            supports, and why not where it does not\n"
        "--tsv: tab-separated with a header line, for scripts.  With --lib:\n",
    .missing_fmt = "unexpected argument '%s' (see --help)",
    .unknown_fmt = "unexpected argument '%s' (%s)",
    .hint = "see --help",
};

static bool is_family(const workload *w)
{
    return w->param_max > 0;
}

static void join_ops(const workload *w, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; w->ops[i] != NULL && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "," : "", w->ops[i]);
}

static void join_apis(const workload *w, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int a = 0; a < API_COUNT && len < n; a++)
        if (w->needs[a] != NULL)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? "," : "",
                                    api_name((api_path)a));
}

static bool in_list(const int *list, int v)
{
    for (; list != NULL && *list != 0; list++)
        if (*list == v)
            return true;
    return false;
}

/* One line per name a user can give: fixed workloads and every listed
 * member of a family. */
static void print_workload(const workload *w, const char *name, bool dflt, bool tsv)
{
    char ops[128], apis[128], speed[256], releases[64];
    join_ops(w, ops, sizeof ops);
    join_apis(w, apis, sizeof apis);
    speed_names_for(name, speed, sizeof speed, releases, sizeof releases);
    workload_spec ws;
    if (!workload_parse(name, &ws))
        workload_example(w, &ws); /* "evp:NAME" */
    int written;
    if (tsv)
        written = printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, kind_name(w->kind),
               workload_unit(w), ops, dflt ? "yes" : "no", apis, w->doc, speed, releases,
               workload_family(&ws));
    else
        written = printf("  %-20s %-12s %-5s %-11s %-3s %-24s %s\n", name, kind_name(w->kind),
                         workload_unit(w), ops, dflt ? "yes" : "", speed, w->doc);
    if (written < 0) /* the listing outgrew stdio's buffer: keep the first error */
        inspect_write_failed(errno);
}

static int list_workloads(bool tsv)
{
    if (tsv)
        puts("workload\tkind\tunit\tops\tdefault\tapis\tdoc\tspeed_names\tspeed_releases\tfamily");
    else
        printf("  %-20s %-12s %-5s %-11s %-3s %-24s %s\n", "workload", "kind", "unit", "ops",
               "def", "openssl speed's names", "one operation");
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        if (w->any_name_example != NULL) {
            char name[32];
            snprintf(name, sizeof name, "%sNAME", w->name);
            print_workload(w, name, false, tsv);
            if (!tsv)
                printf("  %-20s any NAME the library has works: %s%s\n", "", w->name,
                       w->any_name_example);
            continue;
        }
        if (!is_family(w)) {
            print_workload(w, w->name, w->in_default, tsv);
            continue;
        }
        for (const int *p = w->members; p != NULL && *p != 0; p++) {
            char name[32];
            snprintf(name, sizeof name, "%s%d", w->name, *p);
            print_workload(w, name, in_list(w->default_members, *p), tsv);
        }
        if (!tsv)
            printf("  %-20s any %s<N> with N from %d to %d\n", "", w->name, w->param_min,
                   w->param_max);
    }
    return 0;
}

static int list_apis(bool tsv)
{
    if (tsv)
        puts("api\tdoc");
    for (int a = 0; a < API_COUNT; a++)
        printf(tsv ? "%s\t%s\n" : "  %-9s %s\n", api_name((api_path)a), api_doc((api_path)a));
    return 0;
}

/* The kinds a charts.list may name (osslbench draw checks them against the same table). */
static int list_charts(bool tsv)
{
    if (tsv)
        puts("chart\tprefix\tfields\tdoc");
    for (int k = 0; k < CHART_COUNT; k++) {
        if (tsv)
            printf("%s\t%s\t%s\t%s\n", chart_kind_name((chart_kind)k),
                   chart_kind_prefix((chart_kind)k), chart_kind_fields((chart_kind)k),
                   chart_kind_doc((chart_kind)k));
        else
            printf("  %-11s %s\n", chart_kind_name((chart_kind)k), chart_kind_doc((chart_kind)k));
    }
    return 0;
}

static void list_one(const crypto_lib *lib, bool verbose, FILE *out)
{
    (void)verbose;
    if (crypto_lib_is_fork(lib))
        fprintf(out, "%s (%s; %s, claims OpenSSL %s)\n", lib->ver.name, lib->path,
                flavor_title(lib->ver.flavor), lib->ver.claimed);
    else
        fprintf(out, "%s (%s)\n", lib->ver.name, lib->path);
    for (size_t i = 0; workload_registry[i] != NULL; i++) {
        const workload *w = workload_registry[i];
        workload_spec ws;
        workload_example(w, &ws);
        if (is_family(w))
            snprintf(ws.name, sizeof ws.name, "%s<N>", w->name);
        for (int a = 0; a < API_COUNT; a++) {
            char why[256];
            workload_support s = workload_check(lib, &ws, (api_path)a, why, sizeof why);
            if (s != WL_NO_SHAPE)
                fprintf(out, "  %-20s %-8s %s%s\n", ws.name, api_name((api_path)a),
                        s == WL_SUPPORTED ? "yes" : "no: ", s == WL_SUPPORTED ? "" : why);
        }
    }
}

/* One name, any member of a family or speed name of one workload
 * (blowfish) included: its --tsv line. */
static int list_one_workload(const char *name)
{
    workload_spec specs[2];
    size_t count = workload_expand(name, specs, 2);
    if (count == 0) {
        const char *near = workload_expand_suggest(name);
        fprintf(stderr, "osslbench list: unknown workload '%s'%s%s%s\n", name,
                near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
        return 2;
    }
    if (count > 1) {
        fprintf(stderr, "osslbench list: '%s' names %zu workloads (list --speed-names): give one\n",
                name, count);
        return 2;
    }
    const workload_spec *ws = &specs[0];
    bool dflt = is_family(ws->w) ? in_list(ws->w->default_members, ws->param) : ws->w->in_default;
    print_workload(ws->w, ws->name, dflt, true);
    return 0;
}

int cmd_list(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--workload") == 0)
        return inspect_output_done(argv[0], list_one_workload(argv[2]));
    bool tsv = false, workloads = false, apis = false, charts = false, speed = false,
         lists = false;
    for (int i = 1; i < argc; i++) {
        tsv = tsv || strcmp(argv[i], "--tsv") == 0;
        workloads = workloads || strcmp(argv[i], "--workloads") == 0;
        apis = apis || strcmp(argv[i], "--apis") == 0;
        charts = charts || strcmp(argv[i], "--charts") == 0;
        speed = speed || strcmp(argv[i], "--speed-names") == 0;
        lists = lists || strcmp(argv[i], "--speed-lists") == 0;
    }
    if (workloads || apis || charts || speed || lists) {
        for (int i = 1; i < argc; i++)
            if (strcmp(argv[i], "--tsv") != 0 && strcmp(argv[i], "--workloads") != 0 &&
                strcmp(argv[i], "--apis") != 0 && strcmp(argv[i], "--charts") != 0 &&
                strcmp(argv[i], "--speed-names") != 0 && strcmp(argv[i], "--speed-lists") != 0) {
                fprintf(stderr, "osslbench list: unexpected argument '%s' (see --help)\n",
                        argv[i]);
                return 2;
            }
        int rc = workloads ? list_workloads(tsv)
                 : apis    ? list_apis(tsv)
                 : speed   ? list_speed_names(tsv)
                 : lists   ? list_speed_lists(tsv)
                           : list_charts(tsv);
        return inspect_output_done(argv[0], rc);
    }
    return inspect(argc, argv, list_one, &list_option_table);
}
