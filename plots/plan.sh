# plots/plan.sh — what `make compare` tells the user before and after a run
# (sourced by compare.sh, which defines say): the plan with a time estimate,
# and the files to open first.
# shellcheck shell=bash

# Rules of thumb for the estimate, measured on this project's 2-core machine
# (plots/README.md, "How long it takes"); a quiet or faster machine needs less.
PLAN_BUILD_S=125      # one release from source, cold cache: 625 s for the default five
PLAN_ROW_S=1          # one row (point x library), default TIME=1: 637 s for 660 rows
PLAN_QUICK_ROW_S=0.03 # the same with QUICK=1: 22 s for 792 rows

plural() { # N WORD [PLURAL]
    if (($1 == 1)); then echo "1 $2"; else echo "$1 ${3:-$2s}"; fi
}
plan_duration() { # SECONDS -> "about N min" / "under a minute"
    awk -v s="$1" 'BEGIN { if (s < 60) print "under a minute"; else printf "about %d min\n", (s + 30) / 60 }'
}

# say_plan TIME QUICK NLIBS POINTS [RELEASE_TO_BUILD...]: the seconds a row
# takes are at most about TIME (its sampling budget per point and library;
# the precision target often stops a point sooner), else the rules above.
say_plan() {
    local time=$1 quick=$2 nlibs=$3 points=$4 row_s rows
    shift 4
    if [[ -n $time ]]; then row_s=$time
    elif [[ $quick == 1 ]]; then row_s=$PLAN_QUICK_ROW_S
    else row_s=$PLAN_ROW_S; fi
    rows=$((points * nlibs))
    if (($#)); then
        say "plan: build $(plural $# release) first ($*): $(plan_duration $(($# * PLAN_BUILD_S))) with a cold ccache"
    fi
    say "plan: measure $(plural "$points" point) x $(plural "$nlibs" library libraries) = $(plural "$rows" row) ($(plan_duration \
        "$(awk -v r="$rows" -v s="$row_s" 'BEGIN { print r * s }')")), then draw the charts"
}

# say_open_first PLOTS_DIR: the speed-up table, the first speed-up chart
# (throughput when there is only one library) and the first API-path chart,
# taken from the charts draw.sh listed.
say_open_first() {
    local out=$1 kind name speedup='' throughput='' apis='' files=() f
    [[ -f $out/charts.list ]] || return 0
    while IFS=$'\t' read -r kind name _; do
        case $kind in
            speedup) speedup=${speedup:-$name} ;;
            throughput) throughput=${throughput:-$name} ;;
            apis) apis=${apis:-$name} ;;
        esac
    done <"$out/charts.list"
    [[ ! -f $out/speedup.txt ]] || files+=("$out/speedup.txt")
    for name in "${speedup:-$throughput}" "$apis"; do
        [[ -z $name || ! -f $out/$name.png ]] || files+=("$out/$name.png")
    done
    ((${#files[@]})) || return 0
    for f in "${!files[@]}"; do files[f]=${files[f]#"$PWD"/}; done
    printf -v f '%s, ' "${files[@]}"
    say "open first: ${f%, } ($(grep -c . "$out/charts.list") charts in all, PNG and SVG)"
}
