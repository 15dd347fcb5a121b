# plots/plan.sh — what `make compare` tells the user before and after a run
# (sourced by compare.sh, which defines say): the plan with a time estimate,
# and the files to open first.
# shellcheck shell=bash

# Rules of thumb for the estimate, measured on this project's 2-core machine
# (plots/README.md): a quiet moment and a loaded one (other builds running).
PLAN_BUILD_QUIET_S=68  # one release from source, no ccache: 342 s for the default five
PLAN_BUILD_BUSY_S=125  # the same at load 2-7: 625 s
PLAN_ROW_QUIET_S=0.2   # one row (point x library), default options: 189 s for 948 rows
PLAN_ROW_BUSY_S=0.3    # the same beside a busy loop on the benchmark CPU: 267 s
PLAN_QUICK_ROW_S=0.008 # QUICK=1: 7 s for 948 rows

plural() { # N WORD [PLURAL]
    if (($1 == 1)); then echo "1 $2"; else echo "$1 ${3:-$2s}"; fi
}
plan_duration() { # LOW_SECONDS HIGH_SECONDS -> "under a minute" / "about N min" / "N-M min"
    awk -v lo="$1" -v hi="$2" 'BEGIN {
        if (hi < 60) { print "under a minute"; exit }
        l = int((lo + 30) / 60); h = int((hi + 30) / 60)
        if (l < 1) l = 1
        if (l == h) printf "about %d min\n", h; else printf "%d-%d min\n", l, h
    }'
}

# say_plan TIME QUICK NLIBS POINTS [RELEASE_TO_BUILD...]: a row takes at most
# about TIME seconds (its sampling budget per point and library; the precision
# target often stops a point sooner), else the rules above.
say_plan() {
    local time=$1 quick=$2 nlibs=$3 points=$4 lo hi rows
    shift 4
    if [[ -n $time ]]; then lo=$(awk -v t="$time" 'BEGIN { print t / 4 }') hi=$time
    elif [[ $quick == 1 ]]; then lo=$PLAN_QUICK_ROW_S hi=$PLAN_QUICK_ROW_S
    else lo=$PLAN_ROW_QUIET_S hi=$PLAN_ROW_BUSY_S; fi
    rows=$((points * nlibs))
    if (($#)); then
        say "plan: build $(plural $# release) first ($*): $(plan_duration $(($# * PLAN_BUILD_QUIET_S)) \
            $(($# * PLAN_BUILD_BUSY_S))) with a cold ccache"
    fi
    say "plan: measure $(plural "$points" point) x $(plural "$nlibs" library libraries) = $(plural "$rows" row) ($(plan_duration \
        "$(awk -v r="$rows" -v s="$lo" 'BEGIN { print r * s }')" "$(awk -v r="$rows" -v s="$hi" 'BEGIN { print r * s }')")), then draw the charts"
}

# say_open_first PLOTS_DIR: the speed-up table, the first speed-up chart
# (throughput when there is only one library; the first timeline chart when
# a long release history has neither) and the first API-path chart, taken
# from the charts draw.sh listed; the release notes of a timeline.
say_open_first() {
    local out=$1 kind name speedup='' throughput='' apis='' timeline='' files=() f
    [[ -f $out/charts.list ]] || return 0
    while IFS=$'\t' read -r kind name _; do
        case $kind in
            speedup) speedup=${speedup:-$name} ;;
            throughput) throughput=${throughput:-$name} ;;
            apis) apis=${apis:-$name} ;;
            timeline) timeline=${timeline:-$name} ;;
        esac
    done <"$out/charts.list"
    [[ ! -f $out/speedup.txt ]] || files+=("$out/speedup.txt")
    [[ ! -f $out/timeline-releases.md ]] || files+=("$out/timeline-releases.md")
    for name in "${speedup:-${throughput:-$timeline}}" "$apis"; do
        [[ -z $name || ! -f $out/$name.png ]] || files+=("$out/$name.png")
    done
    ((${#files[@]})) || return 0
    for f in "${!files[@]}"; do files[f]=${files[f]#"$PWD"/}; done
    printf -v f '%s, ' "${files[@]}"
    say "open first: ${f%, } ($(grep -c . "$out/charts.list") charts in all, PNG and SVG)"
}
