#!/usr/bin/env bash
# tools/interval-coverage.sh — do a run's 95% intervals hold another run's ratio?
#
#   tools/interval-coverage.sh [--baseline LABEL] [--by COLUMN] [--across N] RUN.csv RUN.csv [RUN.csv ...]
#
# Each file is a results CSV of the same plan (bin/osslbench run ... --csv, or a
# make compare run folder's results.csv).  For every ordered pair of runs and
# every ratio both have (each library against the baseline, `osslbench report`),
# is the second run's ratio inside the first run's interval?  Prints the share
# held, the intervals' median half-width and the share within +-1% and +-2%:
# the figures of docs/method.md's coverage table.
#   --by COLUMN  one line per value of that column of `osslbench report --format
#                csv` (op: digest, encrypt, mac, sign, ...; workload; label),
#                then the line for all
#   --across N   only pairs of one of the first N runs and one of the others
#                (idle runs first, then busy ones: idle against busy)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${OSSLBENCH_BIN:-$ROOT/bin/osslbench}
die() { printf 'interval-coverage: %s\n' "$*" >&2; exit 2; }
usage="usage: interval-coverage.sh [--baseline LABEL] [--by COLUMN] [--across N] RUN.csv RUN.csv [RUN.csv ...]"

base=() by='' across=0
while [[ ${1-} == --* ]]; do
    [[ $# -ge 2 && -n $2 ]] || die "$1 needs a value"
    case $1 in
        --baseline) base=(--baseline "$2") ;;
        --by) [[ $2 =~ ^[a-z_]+$ ]] || die "--by: '$2' is not a column name"; by=$2 ;;
        --across) [[ $2 =~ ^[1-9][0-9]*$ ]] || die "--across wants a count of runs"; across=$2 ;;
        *) die "$usage" ;;
    esac
    shift 2
done
[[ $# -ge 2 ]] || die "$usage"
((across < $#)) || die "--across $across leaves no run on the other side"
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT
i=0
for f in "$@"; do
    [[ -f $f ]] || die "$f: no such file"
    i=$((i + 1))
    "$BIN" report "${base[@]}" --format csv "$f" >"$tmp/s.csv" 2>"$tmp/err" || die "report of $f failed: $(tail -1 "$tmp/err")"
    cols=(status ratio_low baseline label workload api op bytes threads procs ratio ratio_low ratio_high)
    [[ -z $by ]] || cols+=("$by")
    # One TAB-separated line per ratio with an interval: run, point, ratio, low, high, group.
    "$BIN" columns "$tmp/s.csv" "${cols[@]}" 2>"$tmp/err" >"$tmp/c.tsv" || die "$(head -1 "$tmp/err")"
    awk -F'\t' -v OFS='\t' -v run="$i" -v by="$by" '$1 == "ok" && $2 != "" && $3 != $4 {
            print run, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, (by == "" ? "" : $14) }' "$tmp/c.tsv" >>"$tmp/all.tsv"
done
[[ -s $tmp/all.tsv ]] || die "no ratio with an interval in these files"
# Values are data (awk reads them as fields), never program text.
awk -F'\t' -v across="$across" -v by="$by" '
    { key = $2 FS $3 FS $4 FS $5 FS $6 FS $7 FS $8; run[NR] = $1; k[NR] = key; g[NR] = $12
      r[$1, key] = $9; lo[$1, key] = $10; hi[$1, key] = $11; runs[$1] = 1
      half = (log($11) - log($10)) / 2
      for (j = 0; j < 2; j++) { grp = j ? "all" : $12; if (by == "" && !j) continue
          if (!(grp in nh)) order[++ng] = grp
          nh[grp]++; hv[grp, nh[grp]] = half; w1[grp] += half <= 0.01; w2[grp] += half <= 0.02 } }
    function side(x) { return across == 0 ? 0 : (x <= across ? 1 : 2) }
    END {
        for (a in runs) for (b in runs) if (a != b && (across == 0 || side(a + 0) != side(b + 0)))
            for (i = 1; i <= NR; i++) if (run[i] == a && ((b, k[i]) in r)) {
                y = r[b, k[i]]; in_ = lo[a, k[i]] <= y && y <= hi[a, k[i]]
                n["all"]++; held["all"] += in_; n[g[i]]++; held[g[i]] += in_ }
        for (o = 1; o <= ng; o++) {
            grp = order[o]; if (grp == "all") continue; line(grp, grp ": ") }
        line("all", "")
    }
    function line(grp, prefix,    m, t, x, y, v) {
        m = nh[grp]
        for (x = 1; x <= m; x++) v[x] = hv[grp, x]
        for (x = 2; x <= m; x++) { t = v[x]; for (y = x - 1; y >= 1 && v[y] > t; y--) v[y + 1] = v[y]; v[y + 1] = t }
        if (n[grp] == 0) { print "interval-coverage: no ratio is in two runs" > "/dev/stderr"; exit 2 }
        printf "%s%d of %d ratios of another run inside the interval (%.1f%%); half-width median %.2f%%, within 1%%: %.0f%%, within 2%%: %.0f%% (%d intervals)\n",
            prefix, held[grp], n[grp], 100 * held[grp] / n[grp], 100 * v[int((m + 1) / 2)], 100 * w1[grp] / m, 100 * w2[grp] / m, m
    }' "$tmp/all.tsv"
