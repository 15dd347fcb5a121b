/* `osslbench bench`'s option table (options/bench_options.h). */
#include "bench_options.h"

#include <stdio.h>
#include <string.h>

static bool take_knob(const option_spec *spec, void *dest, const char *typed, const char *val,
                      char *why, size_t n)
{
    (void)spec, (void)typed;
    bench_options *o = dest;
    if (o->nknobs == MAX_KNOBS || strchr(val, '=') == NULL) {
        snprintf(why, n, "--knob wants NAME=VALUE (at most %d), got '%s'", MAX_KNOBS, val);
        return false;
    }
    o->knobs[o->nknobs++] = val;
    return true;
}

static const option_spec bench_specs[] = {
    OPTION_TEXT("--repo", NULL, "DIR", bench_options, repo,
                "the project (its builds/, tools/ and plots/ are run from there)"),
    OPTION_TEXT("--installed", NULL, "DIR", bench_options, installed,
                "where releases are installed (default REPO/builds/install)"),
    OPTION_TEXT("--results-root", NULL, "DIR", bench_options, results_root,
                "where run folders go (default REPO/results)"),
    OPTION_TEXT("--libs", NULL, "\"[LABEL=]PATH ...\"", bench_options, libs,
                "extra libraries (label default: the release read in it)"),
    OPTION_TEXT("--system-lib", NULL, "PATH", bench_options, system_lib,
                "the system libcrypto, labelled system-RELEASE (\"none\": left out)"),
    OPTION_TEXT("--releases", NULL, "L,L", bench_options, releases,
                "measure only these labels, in this order"),
    OPTION_TEXT("--baseline", NULL, "L", bench_options, baseline,
                "the label speed-ups are relative to (default: the oldest release)"),
    OPTION_FLAG("--no-build", NULL, bench_options, no_build,
                "never run make builds, even when nothing is installed"),
    OPTION_TEXT("--make", NULL, "PROGRAM", bench_options, make, "make (default make)"),
    OPTION_TEXT("--explain", NULL, "N", bench_options, explain,
                "explain the N largest significant changes (osslbench explain) into\n"
                "the run's explain/, under their verdicts on the page"),
    OPTION_FLAG("--explain-only", NULL, bench_options, explain_only,
                "make explain: explain the points instead of timing them, into a\n"
                "fresh folder under RESULTS_ROOT/explain/"),
    OPTION_FLAG("--from-make", NULL, bench_options, from_make,
                "make compare's knobs from COMPARE_<NAME> (tools/knobs.tsv), checked first"),
    OPTION_VALUE("--knob", NULL, "NAME=VALUE", take_knob,
                 "a knob make compare was given, for metadata.txt's make_command"),
    OPTION_END,
};

const option_table bench_option_table = {
    .command = "bench",
    .specs = bench_specs,
    .synopsis = "usage: osslbench bench [options] [-- RUN OPTIONS]\n"
                "\n"
                "What make compare runs: every installed release (and --libs, the system\n"
                "library) measured in one interleaved run into a fresh folder under\n"
                "--results-root, its metadata, the latest link and the charts.\n",
    .epilogue = "\nExit status: 0 all rows ok; 1 some rows failed, a bad option, or nothing\n"
                "could be measured; 130 interrupted.\n",
    .missing_fmt = "%s needs a value",
    .unknown_fmt = "unknown option '%s'; %s",
    .hint = "try --help",
};
