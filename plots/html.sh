#!/usr/bin/env bash
# plots/html.sh — one self-contained HTML page for a run folder or a fleet
# folder: every chart as inline SVG, the speed-up tables, the metadata of
# each host, the verdicts.  No script, no remote asset: it reads offline.
#
#   plots/html.sh DIR         writes DIR/report.html (atomically: temp + rename)
#
# A run folder (make compare) needs its plots/ drawn; a fleet folder (make
# fleet) needs cross/ (osslbench report over the hosts, drawn) and each
# host's plots/.  plots/report.sh prepares both; `make report` runs it.
set -euo pipefail

PLOTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$PLOTS_DIR/.." && pwd)
BIN=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}
die() { printf 'report: error: %s\n' "$*" >&2; exit 1; }
(($# == 1)) || die "usage: plots/html.sh DIR"
dir=${1%/}
[[ -d $dir ]] || die "$dir: no such folder"

# Text from the run (labels, versions, notes, host names, metadata) is data:
# it reaches sed, awk and gnuplot only as input or through the environment,
# never inside their program text, and the page only through html_esc
# (plots/html.awk).
esc() { awk -v html_lines=1 -f "$PLOTS_DIR/html.awk"; }
esc_s() { printf '%s\n' "$1" | esc; }
table() { # CSV COLUMNS CAPTION
    CSV_COLS=$2 CSV_CAPTION=$3 awk -f "$PLOTS_DIR/csv.awk" -f "$PLOTS_DIR/html.awk" \
        -f "$PLOTS_DIR/csv-table.awk" "$1"
}
columns() { # CSV "NAME..." -> those columns of each row, TAB-separated
    CSV_COLUMNS=$2 awk -f "$PLOTS_DIR/csv.awk" -f "$PLOTS_DIR/csv-column.awk" "$1"
}
CHART_NAME_RE='^[A-Za-z0-9][A-Za-z0-9._-]*$' # as plots/draw-list.sh checks
chart_no=0
# A gnuplot SVG made fit to sit inline next to others: no XML prologue, its
# own title, and ids (and the references to them) prefixed so that two
# charts' clip paths and markers never collide.
inline_svg() { # FILE TITLE
    chart_no=$((chart_no + 1))
    local p=c$chart_no- # the prefix is ours: the only value in the sed program
    sed -e '/^<?xml/d' -e '/^<!DOCTYPE/,/>$/d' \
        -e "s/id=\\([\"']\\)/id=\\1$p/g" -e "s/href=\\([\"']\\)#/href=\\1#$p/g" \
        -e "s/url(#/url(#$p/g" -e 's/<svg /<svg role="img" /' -- "$1" |
        SVG_TITLE=$(esc_s "$2") awk '!done && (i = index($0, "<title>Gnuplot</title>")) {
            $0 = substr($0, 1, i + 6) ENVIRON["SVG_TITLE"] substr($0, i + 14); done = 1 } { print }'
}
charts() { # PLOTS_DIR: every chart charts.list names, in its order
    local d=$1 name title
    [[ -f $d/charts.list ]] || { echo "<p>No charts in $(esc_s "$d").</p>"; return; }
    while IFS=$'\t' read -r _ name _ title _; do
        if [[ ! $name =~ $CHART_NAME_RE ]]; then
            echo '<p class="bad">charts.list names a chart that is not a file name.</p>'
        elif [[ -s $d/$name.svg ]]; then
            printf '<figure class="chart" data-chart="%s">\n' "$(esc_s "$name")"
            inline_svg "$d/$name.svg" "$title"
            printf '<figcaption>%s</figcaption></figure>\n' "$(esc_s "$title")"
        else
            printf '<p class="bad">Chart %s was not drawn.</p>\n' "$(esc_s "$name")"
        fi
    done <"$d/charts.list"
}
metadata() { # RUN_DIR: the run's metadata as a table (CPU flags folded away)
    local f=$1/metadata.txt key value
    [[ -f $f ]] || { echo "<p>No metadata.txt.</p>"; return; }
    echo '<table class="meta"><tbody>'
    while IFS= read -r line; do
        key=${line%%: *} value=${line#*: }
        if [[ $key == cpu_flags || $key == runner_command ]]; then
            printf '<tr><th>%s</th><td><details><summary>show</summary>%s</details></td></tr>\n' \
                "$(esc_s "$key")" "$(esc_s "$value")"
        else
            printf '<tr><th>%s</th><td>%s</td></tr>\n' "$(esc_s "$key")" "$(esc_s "$value")"
        fi
    done <"$f"
    echo '</tbody></table>'
}
VERDICT_COLS='workload api op bytes unit old_label new_label ratio:%.3f ratio_ci_low:%.3f ratio_ci_high:%.3f p_value:%.3g verdict note'
verdict_table() { # CAPTION osslbench-compare-arguments...
    local caption=$1 csv
    shift
    csv=$(mktemp)
    # exit 1 means "a point is slower": a verdict, not an error
    if "$BIN" compare --format csv "$@" >"$csv" 2>"$csv.err" || [[ -s $csv ]]; then
        table "$csv" "$VERDICT_COLS" "$caption"
    else
        printf '<p class="bad">%s: %s</p>\n' "$(esc_s "$caption")" "$(head -n 1 "$csv.err" | esc)"
    fi
    rm -f -- "$csv" "$csv.err"
}
plots_of() { # RUN_DIR -> its newest plots folder
    local p=$1/plots c
    for c in "$1"/plots-*/; do [[ ! -d $c ]] || p=${c%/}; done
    printf '%s' "$p"
}
# One run: metadata, speed-up table, each release vs the baseline, charts.
run_section() { # RUN_DIR HEADING_LEVEL
    local run=$1 h=$2 p base label
    p=$(plots_of "$run")
    printf '<h%d>Metadata</h%d>\n' "$h" "$h"
    metadata "$run"
    printf '<h%d>Speed-up vs the baseline</h%d>\n' "$h" "$h"
    if [[ -f $p/speedup.csv ]]; then
        table "$p/speedup.csv" 'label workload api op bytes unit ratio:%.3f ratio_low:%.3f ratio_high:%.3f ci_method status' \
            "each release's rate / the baseline's, 95% CI"
    else
        echo '<p>No speed-up table (draw the run first: make plots).</p>'
    fi
    printf '<h%d>Verdicts</h%d>\n' "$h" "$h"
    base=$(columns "$p/speedup.csv" baseline 2>/dev/null | head -n 1 || true)
    if [[ -z $base ]]; then
        echo '<p>One release only: nothing to compare.</p>'
    else
        while IFS= read -r label; do
            verdict_table "$label vs $base" --old-label "$base" --new-label "$label" "$run"
        done < <(columns "$p/speedup.csv" label | awk '!seen[$0]++')
    fi
    printf '<h%d>Charts</h%d>\n' "$h" "$h"
    charts "$p"
}

fleet=0 hosts=() reference=''
if [[ ! -f $dir/results.csv ]]; then
    fleet=1
    for d in "$dir"/*/; do
        [[ ! -f $d/results.csv ]] || hosts+=("$(basename -- "$d")")
    done
    [[ -f $dir/fleet.txt ]] || ((${#hosts[@]})) || die "$dir: neither a run folder (results.csv) nor a fleet folder"
    [[ ! -f $dir/cross/hosts.csv ]] || reference=$(columns "$dir/cross/hosts.csv" reference | head -n 1 || true)
fi

out=$dir/report.html
tmp=$(mktemp "$dir/.report.html.XXXXXX")
trap 'rm -f -- "$tmp"' EXIT
{
    title="osslbench report: $(basename -- "$(cd -- "$dir" && pwd -P)")"
    cat <<EOF
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$(esc_s "$title")</title>
<style>
body { font-family: "DejaVu Sans", sans-serif; margin: 1.5em auto; max-width: 1100px; color: #222; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; }
caption { font-weight: bold; text-align: left; padding: 0.3em 0; }
tr.bad td, p.bad { color: #a00; } tr.good td { color: #060; }
table.meta th { background: #f4f4f4; }
figure.chart { margin: 1em 0; } figure.chart svg { width: 100%; max-width: 960px; height: auto; }
figcaption { font-size: 0.85em; color: #555; }
pre { background: #f7f7f7; padding: 0.6em; overflow-x: auto; }
nav a { margin-right: 1em; }
</style>
</head>
<body>
<h1>$(esc_s "$title")</h1>
<p>Generated $(date -u +%Y-%m-%dT%H:%M:%SZ) from $(esc_s "$dir"). Every chart is drawn inline;
the page needs no network and runs no script.</p>
EOF
    if ((fleet)); then
        echo '<nav>'
        for h in "${hosts[@]}"; do printf '<a href="#host-%s">%s</a>' "$(esc_s "$h")" "$(esc_s "$h")"; done
        echo '</nav>'
        echo '<h2>Fleet</h2>'
        [[ ! -f $dir/fleet.txt ]] || { echo '<pre class="fleet">'; esc <"$dir/fleet.txt"; echo '</pre>'; }
        if [[ -z $reference ]]; then
            echo '<p class="bad">No comparison across hosts: fewer than two hosts returned results.</p>'
        else
            echo '<h3>Releases per host</h3><pre class="coverage">'
            esc <"$dir/cross/coverage.txt"
            echo '</pre>'
            echo '<h3>Hosts side by side</h3>'
            charts "$dir/cross"
            table "$dir/cross/hosts.csv" 'release workload api op bytes unit host rate:%.4g ratio:%.3f ratio_low:%.3f ratio_high:%.3f ci_method status' \
                "rate per host; ratio = host / $reference, 95% CI"
            echo "<h3>Verdicts: each host vs $(esc_s "$reference")</h3>"
        fi
        for h in "${hosts[@]}"; do
            [[ -n $reference ]] || break
            [[ $h != "$reference" ]] || continue
            while IFS= read -r rel; do
                verdict_table "$rel on $h vs $reference" --old-label "$rel" --new-label "$rel" \
                    "$dir/$reference" "$dir/$h"
            done < <(columns "$dir/cross/hosts.csv" 'release host status' |
                     A=$h B=$reference awk -F'\t' '$3 == "ok" { on[$1, $2] = 1; r[$1] = 1 }
                     END { for (x in r) if (on[x, ENVIRON["A"]] && on[x, ENVIRON["B"]]) print x }' | sort)
        done
        for h in "${hosts[@]}"; do
            printf '<h2 id="host-%s">Host %s</h2>\n' "$(esc_s "$h")" "$(esc_s "$h")"
            if [[ -f $dir/$h/results.csv ]]; then run_section "$dir/$h" 3; else echo '<p class="bad">No results from this host.</p>'; fi
        done
    else
        run_section "$dir" 2
    fi
    echo '</body></html>'
} >"$tmp"
chmod 644 "$tmp"
mv -f -- "$tmp" "$out"
trap - EXIT
printf 'report: %s (%d charts inline)\n' "$out" "$chart_no" >&2
