#!/usr/bin/env bash
# plots/draw.sh — tables and charts from one benchmark run.
#
#   plots/draw.sh [--baseline LABEL] [--out DIR] RESULTS
#
# RESULTS is a run folder (results/<timestamp>-<host>/, holding results.csv)
# or a results CSV.  Writes into DIR (default RESULTS/plots, or
# RESULTS/plots-<timestamp> when that exists: nothing is overwritten):
#   speedup.txt / speedup.csv / speedup.md   speed-up vs the baseline, 95% CI
#   speed-<label>.txt                        `openssl speed`-style tables
#   scaling.txt / scaling.csv                rate with N workers / rate with one
#                                            (runs with --threads or --procs)
#   <chart>.png, <chart>.svg (+ <chart>.dat) charts, listed in charts.list
#   timeline-releases.md                     3+ releases: what changed from one
#                                            release series to the next (docs/timeline.md)
# The terminal speed-up table goes to stdout, progress to stderr.
set -euo pipefail

PLOTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$PLOTS_DIR/.." && pwd)
BIN=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}

say() { printf 'plots: %s\n' "$*" >&2; }
die() { printf 'plots: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '4,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

baseline='' out='' results=''
while (($#)); do
    case $1 in
    --baseline) (($# >= 2)) || usage; baseline=$2; shift 2 ;;
    --out) (($# >= 2)) || usage; out=$2; shift 2 ;;
    --)
        shift
        if (($# != 1)) || [[ -n $results ]]; then usage; fi
        results=$1
        shift
        ;;
    -h | --help) usage ;;
    -*) printf 'plots: error: unknown option %s\n' "$1" >&2; usage ;;
    *) [[ -z $results ]] || usage; results=$1; shift ;;
    esac
done
[[ -n $results ]] || die "no results given (RESULTS=results/<run> or a results CSV)"
"$REPO_ROOT/tools/deps.sh" charts || exit 1 # gnuplot (one line when missing)
[[ -x $BIN ]] || die "$BIN is missing: run make first"

if [[ -d $results ]]; then
    csv=$results/results.csv
    [[ -f $csv ]] || die "$results has no results.csv: not a benchmark run folder"
    home=$results
elif [[ -f $results ]]; then
    csv=$results
    home=$(dirname -- "$results")
else
    die "$results: no such run folder or file"
fi

# A fresh output folder: mkdir (not -p) fails rather than reuse one.
if [[ -z $out ]]; then
    out=$home/plots
    [[ ! -e $out ]] || out=$home/plots-$(date -u +%Y%m%dT%H%M%SZ)
fi
base_out=$out n=1
until mkdir -- "$out" 2>/dev/null; do
    [[ -d $(dirname -- "$out") ]] || die "cannot create $out (no such parent folder)"
    ((n++ < 100)) || die "cannot create a fresh folder next to $base_out"
    out=$base_out-$n
done

args=(report --out "$out")
[[ -z $baseline ]] || args+=(--baseline "$baseline")
if ! "$BIN" "${args[@]}" -- "$csv" 2>"$out/report.err"; then
    msg=$(head -n 1 "$out/report.err")
    rm -rf -- "$out" # only what this script just created
    die "${msg#osslbench report: }"
fi
# Warnings of a report that succeeded (a cut last row) are the user's to read.
cat -- "$out/report.err" >&2
rm -f -- "$out/report.err"

"$PLOTS_DIR/draw-list.sh" "$out" || drawn=$?
cat -- "$out/speedup.txt"
scaling_note=
if [[ -f $out/scaling.txt ]]; then
    scaling_note=", $out/scaling.{txt,csv}"
    echo
    cat -- "$out/scaling.txt"
fi
timeline_note=
[[ ! -f $out/timeline-releases.md ]] || timeline_note=", $out/timeline-releases.md"
say "tables: $out/speedup.{txt,csv,md}, $out/speed-*.txt${scaling_note:-}${timeline_note}"
say "charts: $out/*.png, $out/*.svg"
exit "${drawn:-0}"
