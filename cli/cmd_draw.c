/* `osslbench draw`: the charts of a run (what plots/draw.sh, make plots,
 * runs), or with --list those of a charts.list already written (make
 * report's charts over hosts).  charts/chart_draw.c does the work. */
#define _GNU_SOURCE
#include "../charts/chart_draw.h"
#include "command_options.h"
#include "commands.h"
#include "../util/spawn.h"

#include <libgen.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    const char *baseline, *out, *plots, *results;
    bool list;
} draw_args;

static bool take_results(const option_spec *spec, void *dest, const char *typed, const char *word,
                         char *why, size_t n)
{
    (void)spec, (void)typed;
    draw_args *a = dest;
    if (a->results != NULL) {
        snprintf(why, n, "one run folder or results CSV, not '%s' too", word);
        return false;
    }
    a->results = word;
    return true;
}

static const option_spec draw_specs[] = {
    OPTION_TEXT("--baseline", NULL, "LABEL", draw_args, baseline,
                "the release speed-ups are relative to (default: the oldest)"),
    OPTION_TEXT("--out", NULL, "DIR", draw_args, out,
                "a fresh folder for it all (default RESULTS/plots, or plots-<time>)"),
    OPTION_TEXT("--plots", NULL, "DIR", draw_args, plots,
                "the gnuplot scripts (default: the plots/ beside bin/)"),
    OPTION_FLAG("--list", NULL, draw_args, list,
                "RESULTS is a folder with charts.list and its .dat files: draw those only"),
    OPTION_END,
};

static const option_table draw_table = {
    .command = "draw",
    .specs = draw_specs,
    .synopsis = "usage: osslbench draw [--baseline LABEL] [--out DIR] [--] RESULTS\n"
                "       osslbench draw --list DIR\n"
                "\n"
                "RESULTS (a run folder or a results CSV): the report's tables and chart data\n"
                "into a fresh folder, every chart of it in PNG and SVG (gnuplot), then the\n"
                "speed-up table on stdout.\n",
    .epilogue = "\nExit status: 0 all drawn; 1 a chart could not be drawn or bad input; 2 bad usage.\n",
    .positional = take_results,
    .missing_fmt = "%s needs a value",
    .unknown_fmt = "unknown option '%s' (%s)",
    .hint = "try --help",
};

int cmd_draw(int argc, char **argv)
{
    draw_args a = {0};
    int rc = option_parse(&draw_table, argc, argv, &a);
    if (rc != OPTIONS_READY)
        return rc == OPTIONS_HELP ? 0 : 2;
    if (a.results == NULL) {
        fputs("plots: error: no results given (RESULTS=results/<run> or a results CSV)\n", stderr);
        return 1;
    }
    char plots[4200];
    if (a.plots == NULL) { /* bin/osslbench -> plots/ */
        char self[4096];
        snprintf(self, sizeof self, "%s", spawn_self());
        snprintf(plots, sizeof plots, "%s/../plots", dirname(self));
        a.plots = plots;
    }
    if (a.list)
        return chart_draw_list(a.plots, a.results);
    chart_job job = {.plots_dir = a.plots, .results = a.results, .out = a.out,
                     .baseline = a.baseline};
    return chart_draw_run(&job);
}
