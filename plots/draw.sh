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
# The terminal speed-up table goes to stdout, progress to stderr.  The work
# is `osslbench draw` (charts/chart_draw.c), which make compare calls too.
set -euo pipefail

PLOTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$PLOTS_DIR/.." && pwd)
BIN=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}

die() { printf 'plots: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '4,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

args=() results=''
while (($#)); do
    case $1 in
    --baseline | --out) (($# >= 2)) || usage; args+=("$1" "$2"); shift 2 ;;
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
exec "$BIN" draw --plots "$PLOTS_DIR" "${args[@]}" -- "$results"
