#!/usr/bin/env bash
# plots/report.sh — `make report`: the self-contained HTML page of a run
# folder (make compare) or of a fleet folder (make fleet), with whatever it
# needs drawn first.
#
#   plots/report.sh [--reference HOST] [--] DIR
#
# A run folder: its charts (plots/draw.sh, unless plots/ exists), then
# DIR/report.html.  A fleet folder (one sub-folder per host, each a run
# folder): each host's charts if missing, the report over hosts into
# DIR/cross/ (osslbench report, redrawn every time: it is derived data), then
# DIR/report.html.  HOST (default: the first host, by name) is what the
# other hosts are compared with.
set -euo pipefail

PLOTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$PLOTS_DIR/.." && pwd)
BIN=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}
say() { printf 'report: %s\n' "$*" >&2; }
die() { printf 'report: error: %s\n' "$*" >&2; exit 1; }
usage() { sed -n '6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; exit 2; }

reference='' dir=''
while (($#)); do
    case $1 in
    --reference) (($# >= 2)) || usage; reference=$2; shift 2 ;;
    --) (($# == 2)) || usage; dir=$2; shift 2 ;;
    -*) usage ;;
    *) [[ -z $dir ]] || usage; dir=$1; shift ;;
    esac
done
[[ -n $dir ]] || usage
[[ -z $reference || $reference =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "REFERENCE='$reference' is not a host label"
[[ -d $dir ]] || die "$dir: no such folder (RESULTS=results/<run> or a fleet folder)"
dir=$(cd -- "$dir" && pwd -P) # results/latest is a link
[[ -x $BIN ]] || die "$BIN is missing: run make first"

if [[ -f $dir/results.csv ]]; then
    [[ -d $dir/plots ]] || "$PLOTS_DIR/draw.sh" -- "$dir" >/dev/null
    exec "$PLOTS_DIR/html.sh" "$dir"
fi

hosts=()
for d in "$dir"/*/; do
    [[ ! -f $d/results.csv ]] || hosts+=("$(basename -- "$d")")
done
[[ -f $dir/fleet.txt ]] || ((${#hosts[@]})) || die "$dir: no results.csv and no host folders: not a run or fleet folder"
for h in "${hosts[@]}"; do
    [[ $h =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "host folder '$h' is not a usable host label"
    if [[ ! -d $dir/$h/plots ]]; then
        say "drawing $h's charts"
        "$PLOTS_DIR/draw.sh" -- "$dir/$h" >/dev/null || say "some of $h's charts could not be drawn"
    fi
done
if ((${#hosts[@]} >= 2)); then
    args=(report --out "$dir/cross.new")
    [[ -z $reference ]] || args+=(--reference "$reference")
    args+=(--)
    for h in "${hosts[@]}"; do args+=("$h=$dir/$h"); done
    rm -rf -- "$dir/cross.new"
    "$BIN" "${args[@]}" || { rm -rf -- "$dir/cross.new"; die "osslbench report over the hosts failed (above)"; }
    "$BIN" draw --plots "$PLOTS_DIR" --list "$dir/cross.new" || say "some cross-host charts could not be drawn"
    rm -rf -- "$dir/cross"
    mv -- "$dir/cross.new" "$dir/cross"
    say "across hosts: $dir/cross/hosts.txt, coverage.txt, charts"
else
    say "only ${#hosts[@]} host(s) with results: no comparison across hosts"
fi
exec "$PLOTS_DIR/html.sh" ${reference:+--reference "$reference"} "$dir"
