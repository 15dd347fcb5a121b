#!/usr/bin/env bash
# plots/html.sh — DIR/report.html for a run folder or a fleet folder, by
# `osslbench report --format html` (the page is written from the report
# model, atomically: temp + rename).  This script only says which folders
# the page is made of.
#
#   plots/html.sh [--reference HOST] DIR
#
# A run folder (make compare) needs its plots/ drawn; a fleet folder (make
# fleet) needs cross/ (osslbench report over the hosts, drawn) and each
# host's plots/.  plots/report.sh prepares both; `make report` runs it.
set -euo pipefail

PLOTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$PLOTS_DIR/.." && pwd)
BIN=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}
die() { printf 'report: error: %s\n' "$*" >&2; exit 1; }
reference=''
if (($# == 3)) && [[ $1 == --reference ]]; then reference=$2; shift 2; fi
(($# == 1)) || die "usage: plots/html.sh [--reference HOST] DIR"
dir=${1%/}
[[ -d $dir ]] || die "$dir: no such folder"

args=(report --format html --out "$dir")
if [[ -f $dir/results.csv ]]; then
    args+=(-- "$dir")
else
    hosts=()
    for d in "$dir"/*/; do
        [[ ! -f $d/results.csv ]] || hosts+=("$(basename -- "$d")")
    done
    [[ -f $dir/fleet.txt ]] || ((${#hosts[@]})) || die "$dir: neither a run folder (results.csv) nor a fleet folder"
    [[ ! -f $dir/fleet.txt ]] || args+=(--notes "$dir/fleet.txt")
    if ((${#hosts[@]} >= 2)); then
        args+=(--charts "$dir/cross")
        [[ -z $reference ]] || args+=(--reference "$reference")
        args+=(--)
        for h in "${hosts[@]}"; do args+=("$h=$dir/$h"); done
    elif ((${#hosts[@]} == 1)); then
        args+=(-- "$dir/${hosts[0]}")
    fi
fi
"$BIN" "${args[@]}" || die "the page could not be written (above)"
printf 'report: %s\n' "$dir/report.html" >&2
