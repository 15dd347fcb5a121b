#!/usr/bin/env bash
# tools/interval-coverage.sh — do a run's 95% intervals hold another run's ratio?
#
#   tools/interval-coverage.sh [--baseline LABEL] RUN.csv RUN.csv [RUN.csv ...]
#
# Each file is a results CSV of the same plan (bin/osslbench run ... --csv, or a
# make compare run folder's results.csv).  For every ordered pair of runs and
# every ratio both have (each library against the baseline, `osslbench report`),
# is the second run's ratio inside the first run's interval?  Prints the share
# held, the intervals' median half-width and the share within +-1% and +-2%:
# the figures of docs/method.md's coverage table.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${OSSLBENCH_BIN:-$ROOT/bin/osslbench}
die() { printf 'interval-coverage: %s\n' "$*" >&2; exit 2; }

base=()
if [[ ${1-} == --baseline ]]; then
    [[ $# -ge 2 && -n $2 ]] || die "--baseline needs a label"
    base=(--baseline "$2")
    shift 2
fi
[[ $# -ge 2 ]] || die "usage: interval-coverage.sh [--baseline LABEL] RUN.csv RUN.csv [RUN.csv ...]"
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
i=0
for f in "$@"; do
    [[ -f $f ]] || die "$f: no such file"
    i=$((i + 1))
    "$BIN" report "${base[@]}" --format csv "$f" >"$tmp/s.csv" 2>"$tmp/err" || die "report of $f failed: $(tail -1 "$tmp/err")"
    # One TAB-separated line per ratio with an interval: run, point, ratio, low, high.
    "$BIN" columns "$tmp/s.csv" status ratio_low baseline label workload api op bytes threads procs ratio ratio_low ratio_high |
        awk -F'\t' -v OFS='\t' -v run="$i" '$1 == "ok" && $2 != "" && $3 != $4 {
            print run, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 }' >>"$tmp/all.tsv"
done
[[ -s $tmp/all.tsv ]] || die "no ratio with an interval in these files"
# Values are data (awk reads them as fields), never program text.
held=$(awk -F'\t' '
    { key = $2 FS $3 FS $4 FS $5 FS $6 FS $7 FS $8; run[NR] = $1; k[NR] = key
      r[$1, key] = $9; lo[$1, key] = $10; hi[$1, key] = $11; runs[$1] = 1 }
    END {
        for (a in runs) for (b in runs) if (a != b)
            for (i = 1; i <= NR; i++) if (run[i] == a && ((b, k[i]) in r)) {
                n++; y = r[b, k[i]]; held += (lo[a, k[i]] <= y && y <= hi[a, k[i]]) }
        print held + 0, n + 0 }' "$tmp/all.tsv")
read -r h n <<<"$held"
[[ $n -gt 0 ]] || die "no ratio is in two runs"
awk -F'\t' '{ print (log($11) - log($10)) / 2 }' "$tmp/all.tsv" | sort -g >"$tmp/half"
awk -v held="$h" -v n="$n" '
    { v[NR] = $1; w1 += $1 <= 0.01; w2 += $1 <= 0.02 }
    END { printf "%d of %d ratios of another run inside the interval (%.1f%%); half-width median %.2f%%, within 1%%: %.0f%%, within 2%%: %.0f%% (%d intervals)\n",
            held, n, 100 * held / n, 100 * v[int((NR + 1) / 2)], 100 * w1 / NR, 100 * w2 / NR, NR }' "$tmp/half"
