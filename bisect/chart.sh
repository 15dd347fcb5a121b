#!/usr/bin/env bash
# bisect/chart.sh STEPS.tsv GITDIR GOOD BAD OUTPREFIX POINT [FIRSTBAD]
#
# Draws the rate of every tested commit, in history order from GOOD to BAD,
# as OUTPREFIX.png and OUTPREFIX.svg (chart kind bisect: plots/bisect.gp,
# drawn by `osslbench draw --list`), with the boundary used to
# call a commit good or bad, and skipped commits marked on the axis.
# The x axis is the position in `git rev-list --topo-order GOOD..BAD`, so the
# gaps between tested commits show how much history each step ruled out.
set -euo pipefail
# shellcheck source=bisect/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

steps=$1 gitdir=$2 good=$3 bad=$4 out=$5 point=$6 first=${7:-}
command -v gnuplot >/dev/null || die "gnuplot not installed"

data=$out.dat
# A bisect's last steps are neighbours in history, and their labels would
# print over each other: GOOD's, BAD's and the first commit's are kept, any
# other only with 1/40 of the axis free on both sides of it.
thin_labels() {
    awk -F'\t' -v OFS='\t' '
        { n = NR; row[n] = $0; p[n] = $1; if ($4 == "first") fp = $1 }
        function far(a, b) { return (a > b ? a - b : b - a) >= gap }
        END {
            gap = (p[n] - p[1]) / 40; last = p[1]
            for (i = 1; i <= n; i++) {
                split(row[i], f, "\t")
                keep = i == 1 || i == n || f[4] == "first"
                if (!keep && far(p[i], last) && far(p[i], p[n]) && (fp == "" || far(p[i], fp)))
                    keep = 1
                if (keep) last = p[i]; else f[3] = ""
                print f[1], f[2], f[3], f[4]
            }
        }'
}
# position of each commit: GOOD = 0, then 1.. in topological order.
{ echo "$good"; git -C "$gitdir" rev-list --reverse --topo-order "$good..$bad"; } \
    | awk '{ print NR - 1 "\t" $1 }' >"$out.pos"
awk -F'\t' -v OFS='\t' -v first="$first" '
    FNR == NR { pos[$2] = $1; next }
    FNR == 1 { next }                       # header of steps.tsv
    ($1 in pos) {
        rate = ($4 == "-" || $4 == "") ? "NaN" : $4
        mark = ($1 == first) ? "first" : $6
        print pos[$1], rate, substr($1, 1, 7), mark
    }' "$out.pos" "$steps" | sort -n -k1,1 | thin_labels >"$data"
rm -f -- "$out.pos"

good_rate=$(awk -F'\t' 'NR == 2 { print $4 }' "$steps")
boundary=$(awk -F'\t' 'NR == 3 { printf "%.6g", sqrt($3) }' "$steps")
unit=${BISECT_UNIT:-B/s}
# A count's ratio is GOOD/commit (regress's OLD/NEW instructions): its
# boundary count is GOOD's divided by it; a rate's is GOOD's times it.
what=rate
if [[ $unit == instr/op ]]; then
    boundary=$(awk -v b="$boundary" 'BEGIN { printf "%.6g", 1 / b }')
    what=instructions
fi
title="$point: $what per tested commit (${good:0:7}..${bad:0:7})"
# Scale to the prefix of GOOD's rate so the axis reads "MB/s", not 1e+08:
# the decimal prefixes of every report (csv/units.c).
root=$(dirname "${BASH_SOURCE[0]}")/..
bin=${OSSLBENCH_BIN:-$root/bin/osslbench}
read -r scale prefix < <("$bin" units prefix "$good_rate")
shown=$(awk -v g="$good_rate" -v b="$boundary" -v s="$scale" 'BEGIN { printf "%.6g", g * b / s }')

# The chart is a kind of the chart table (analysis/charts.def: bisect):
# a charts.list of one line beside its data, drawn by `osslbench draw --list`.
dir=$(mktemp -d "${TMPDIR:-/tmp}/bisect-chart.XXXXXX")
trap 'rm -rf -- "$dir"' EXIT
awk -F'\t' -v OFS='\t' -v s="$scale" '{ if ($2 != "NaN") $2 = $2 / s; print }' "$data" >"$dir/bisect.dat"
printf 'bisect\tbisect\t0\t%s\t%s\t%s\t%s\n' "$title" "$what (${prefix}${unit})" "$shown" \
    "first ${BISECT_DIRECTION:-bad}" >"$dir/charts.list"
"$bin" draw --plots "$root/plots" --list "$dir" >/dev/null ||
    die "the bisect chart could not be drawn"
mv -- "$dir/bisect.png" "$out.png"
mv -- "$dir/bisect.svg" "$out.svg"
rm -f -- "$data"
