#!/usr/bin/env bash
# plots/draw-list.sh — draw every chart a charts.list names, PNG and SVG, with
# the gnuplot script of its kind, up to one gnuplot per CPU at a time.
#
#   plots/draw-list.sh DIR     (DIR holds charts.list and the .dat files)
#
# Used by draw.sh (one run) and report.sh (the charts over hosts).  A chart
# that cannot be drawn is named with gnuplot's first lines; exit 1 then.
set -euo pipefail

PLOTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$PLOTS_DIR/.." && pwd)
BIN=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}
say() { printf 'plots: %s\n' "$*" >&2; }
die() { printf 'plots: error: %s\n' "$*" >&2; exit 1; }
(($# == 1)) || die "usage: plots/draw-list.sh DIR"
out=$1
[[ -f $out/charts.list ]] || die "$out has no charts.list"
command -v gnuplot >/dev/null || die "gnuplot is not installed (apt-get install gnuplot-nox)"

# The chart kinds are analysis/charts.def's, one plots/KIND.gp each.
[[ -x $BIN ]] || die "$BIN is not built (make)"
kinds=$("$BIN" list --charts --tsv 2>/dev/null) || die "$BIN list --charts --tsv failed"
mapfile -t kinds < <(awk -F'\t' 'NR > 1 { print $1 }' <<<"$kinds")
((${#kinds[@]})) || die "$BIN list --charts --tsv named no chart kind"
known_kind() {
    local k
    for k in "${kinds[@]}"; do [[ $k != "$1" ]] || return 0; done
    return 1
}

# Every field of charts.list is checked before it reaches gnuplot, and all
# of them reach it as strings (gnuplot -c ARGn), never as code.
charts=()
while IFS=$'\t' read -r kind name slots title extra; do
    known_kind "$kind" || die "charts.list: unknown chart kind '$kind'"
    [[ $name =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || die "charts.list: bad chart name '$name'"
    [[ $slots =~ ^[0-9]+( [0-9]+)*$ ]] || die "charts.list: bad series list for $name"
    charts+=("$kind"$'\t'"$name"$'\t'"$slots"$'\t'"$title"$'\t'"$extra")
done <"$out/charts.list"

draw_one() { # KIND NAME SLOTS TITLE EXTRA FORMAT
    local -a more=()
    [[ -z $5 ]] || IFS=$'\t' read -r -a more <<<"$5"
    (cd -- "$out" && GNUPLOT_LIB=$PLOTS_DIR gnuplot -c "$PLOTS_DIR/$1.gp" \
        "$6" "$2.dat" "$2" "$3" "$4" "${more[@]}") 2>>"$out/gnuplot-$2.$6.log"
}

say "drawing ${#charts[@]} charts (PNG + SVG) into $out"
jobs_max=$(nproc 2>/dev/null || echo 2)
running=0 failed=0
for c in "${charts[@]}"; do
    IFS=$'\t' read -r kind name slots title extra <<<"$c"
    for fmt in png svg; do
        if ((running >= jobs_max)); then
            wait -n || failed=$((failed + 1))
            running=$((running - 1))
        fi
        draw_one "$kind" "$name" "$slots" "$title" "$extra" "$fmt" &
        running=$((running + 1))
    done
done
while ((running > 0)); do
    wait -n || failed=$((failed + 1))
    running=$((running - 1))
done

missing=0
for c in "${charts[@]}"; do
    IFS=$'\t' read -r kind name _ <<<"$c"
    for fmt in png svg; do
        log=$out/gnuplot-$name.$fmt.log
        if [[ ! -s $out/$name.$fmt ]]; then
            missing=$((missing + 1))
            say "chart $name.$fmt was not drawn: $(head -n 3 "$log" 2>/dev/null | tr '\n' ' ')"
        elif [[ ! -s $log ]]; then
            rm -f -- "$log"
        fi
    done
done

((failed == 0 && missing == 0)) || die "$((missing)) chart file(s) could not be drawn"
