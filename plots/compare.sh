#!/usr/bin/env bash
# plots/compare.sh — `make compare`: benchmark every installed release on the
# same workloads in one interleaved run, keep the results in a fresh
# results/<timestamp>-<host>/ folder, then draw tables and charts.
#
# Knobs (environment; `make compare` passes NAME=value as COMPARE_NAME):
#   COMPARE_RELEASES   labels to keep, e.g. "1.1.1w system-3.0.19" (default: all found)
#   COMPARE_LIBS       extra libraries, "[LABEL=]PATH ..." (label default: its release)
#   COMPARE_BASELINE   label the speed-ups are relative to (default: oldest release)
#   COMPARE_WORKLOADS, COMPARE_SIZES, COMPARE_API, COMPARE_TIME, COMPARE_PRECISION,
#   COMPARE_CLOCK, COMPARE_QUICK=1, COMPARE_THREADS (e.g. 1,2), COMPARE_PROCS
#                      passed to `osslbench run` (its defaults otherwise)
#   COMPARE_NO_BUILD=1 never run `make builds`, even when nothing is installed
#   COMPARE_SYSTEM_LIB the system libcrypto (default this machine's own
#                      libcrypto.so.3, found by plots/system-lib.sh for any
#                      architecture; "none" leaves it out)
#   COMPARE_RESULTS_ROOT where run folders go (default results/)
#   OSSLBENCH_BUILDS_DIR as for builds/: its install/ is searched
# Before anything is loaded, built or measured, tools/deps.sh checks the
# Debian packages the run needs (as root with apt-get, installs the missing
# ones), then a plan line says what will be built and measured, and roughly
# how long it takes (plots/plan.sh); the last line names the files to open.
# Exit status: 0 all rows ok; 1 some rows failed (their status says why), a
# bad knob, a missing package, or nothing could be measured; 130 interrupted.
set -euo pipefail

PLOTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$PLOTS_DIR/.." && pwd)
BIN=${OSSLBENCH_BIN:-$REPO_ROOT/bin/osslbench}
INSTALL_ROOT=${OSSLBENCH_BUILDS_DIR:-$REPO_ROOT/builds}/install
MAKE=${COMPARE_MAKE:-${MAKE:-make}}

say() { printf 'compare: %s\n' "$*" >&2; }
die() { printf 'compare: error: %s\n' "$*" >&2; exit 1; }

# shellcheck source=plots/plan.sh
source "$PLOTS_DIR/plan.sh"
# ------------------------------------------------------------ knob checks
# Each knob's grammar is tools/knobs.sh's (make checked them already; a
# direct call of this script is checked the same way).  COMPARE_X becomes X
# for every knob of tools/knobs.tsv that make compare passes on.
# shellcheck source=tools/knobs.sh
source "$REPO_ROOT/tools/knobs.sh"
COMPARE_KNOBS=$(knob_list compare)
for k in $COMPARE_KNOBS; do
    v=COMPARE_$k
    knob_check "$k" "${!v-}"
    printf -v "$k" '%s' "${!v-}"
done
SYSTEM_LIB=${COMPARE_SYSTEM_LIB-$("$PLOTS_DIR/system-lib.sh" || true)}
RESULTS_ROOT=${RESULTS_ROOT:-$REPO_ROOT/results}
# Labels become file names and chart titles: a conservative alphabet.
LABEL_RE="^$KNOB_LABEL\$"
read -r -a wanted <<<"${RELEASES//,/ }"

[[ -x $BIN ]] || die "$BIN is missing: run make first"

# ------------------------------------------------------------ discovery
labels=() paths=() origins=()
# A library that does not load is still run, as a labelled one is: its rows
# then say why, and the others are measured.
release_of() { # KNOB PATH -> release decoded by the runner, or nothing (and why)
    local out
    if ! out=$("$BIN" info --lib "$2" 2>&1); then
        say "$1: ${out#"osslbench info: --lib "} (its rows will say so)"
        return 0
    fi
    awk '$1 == "release" { print $2; exit }' <<<"$out"
}
add_lib() { # LABEL PATH ORIGIN
    local i
    [[ $1 =~ $LABEL_RE ]] || die "library label '$1' ($2) is not a valid label"
    for i in "${!labels[@]}"; do
        [[ ${labels[$i]} != "$1" ]] || die "two libraries are labelled '$1': ${paths[$i]} and $2"
    done
    labels+=("$1") paths+=("$2") origins+=("$3")
}
installed_builds() { # NAME<TAB>PATH per installed release
    local d name lib
    for d in "$INSTALL_ROOT"/*/; do
        [[ -f $d/build-info.txt ]] || continue
        name=$(basename -- "$d")
        lib=$(sed -n 's/^lib=//p' "$d/build-info.txt" | head -n 1)
        if [[ -z $lib || ! -f $d$lib ]]; then
            lib=$(cd -- "$d" && { compgen -G 'lib*/libcrypto.so.[0-9]*' || true; } | head -n 1)
        fi
        [[ -n $lib && -f $d$lib ]] && printf '%s\t%s\n' "$name" "${d%/}/$lib"
    done 2>/dev/null
    return 0
}
discover() {
    labels=() paths=() origins=()
    local name path entry label rel
    while IFS=$'\t' read -r name path; do
        if [[ $name =~ $LABEL_RE ]]; then add_lib "$name" "$path" builds
        else say "skipping builds/install/$name: not a usable label"; fi
    done < <(installed_builds)
    local -a extra=()
    read -r -a extra <<<"$LIBS" # a list split on blanks, never globbed
    for entry in "${extra[@]+"${extra[@]}"}"; do
        label='' path=$entry
        if [[ $entry == *=* && ${entry%%=*} =~ $LABEL_RE ]]; then
            label=${entry%%=*} path=${entry#*=}
        fi
        [[ -f $path ]] || die "LIBS: '$path' is not a file"
        if [[ -z $label ]]; then
            label=$(release_of LIBS "$path")
            [[ -n $label ]] || label=$(basename -- "$path" | tr -c 'A-Za-z0-9._+\n-' '_')
        fi
        add_lib "$label" "$path" LIBS
    done
    if [[ -n $SYSTEM_LIB && $SYSTEM_LIB != none ]]; then
        if [[ -f $SYSTEM_LIB ]]; then
            rel=$(release_of SYSTEM_LIB "$SYSTEM_LIB")
            [[ $rel =~ $LABEL_RE ]] || rel=unknown
            add_lib "system-$rel" "$SYSTEM_LIB" system
        else
            say "no system libcrypto at $SYSTEM_LIB (SYSTEM_LIB=none to silence this)"
        fi
    fi
}

# ------------------------------------------------------------ tools, plan
# Every Debian package this run needs is checked (and installed, as root)
# before anything is loaded, built or measured: a missing gnuplot found after
# twenty minutes of benchmarking would waste them.
will_build=0
if [[ -z $LIBS && $NO_BUILD != 1 ]] && ! installed_builds | cut -f1 | grep -qE "$LABEL_RE"; then
    will_build=1 # nothing installed (discover counts the same folders)
fi
if ((will_build)); then "$REPO_ROOT/tools/deps.sh" charts releases || exit 1
else "$REPO_ROOT/tools/deps.sh" charts || exit 1; fi

# The knobs that are `osslbench run` options, as tools/knobs.tsv maps them
# (a flag's option is given when the knob is 1; a list of names is the
# option once per name).
run_opts=()
for k in $COMPARE_KNOBS; do
    opt=$(knob_run_option "$k") || continue
    [[ -n ${!k} ]] || continue
    case $(knob_kind "$k") in
        flag) [[ ${!k} != 1 ]] || run_opts+=("$opt") ;;
        names) read -r -a items <<<"${!k//,/ }"
            for item in "${items[@]}"; do run_opts+=("$opt" "$item"); done ;;
        *) run_opts+=("$opt" "${!k}") ;;
    esac
done
# The runner counts the points (and refuses bad values) without loading anything.
plan=$("$BIN" run --plan --lib plan "${run_opts[@]}" 2>&1) \
    || die "${plan#osslbench run: } (nothing was built or run)"
points=$(awk '$1 == "points" { print $2 }' <<<"$plan")

discover

if ((will_build)); then
    to_build=()
    [[ ! -x $REPO_ROOT/builds/list-releases.sh ]] \
        || mapfile -t to_build < <("$REPO_ROOT/builds/list-releases.sh" --default 2>/dev/null || true)
    nplanned=$((${#labels[@]} + ${#to_build[@]})) # if every release builds
    ((${#wanted[@]} == 0)) || nplanned=${#wanted[@]}
    # shellcheck disable=SC2153 # TIME, QUICK: set by name in the knob loop
    say_plan "$TIME" "$QUICK" "$nplanned" "$points" "${to_build[@]+"${to_build[@]}"}"
    say "nothing is installed under ${INSTALL_ROOT#"$REPO_ROOT"/} besides the system library:"
    say "building the default release set first (make builds; this takes a while)"
    if ! "$MAKE" --no-print-directory -C "$REPO_ROOT" builds >&2; then
        say "make builds could not build every release (summary above); continuing with the rest"
    fi
    discover
    missing=()
    if [[ -x $REPO_ROOT/builds/list-releases.sh ]]; then
        while read -r r; do
            [[ -f $INSTALL_ROOT/$r/build-info.txt ]] || missing+=("$r")
        done < <("$REPO_ROOT/builds/list-releases.sh" --default 2>/dev/null || true)
    fi
    ((${#missing[@]} == 0)) || say "not available (builds/ could not reach them): ${missing[*]}"
fi

# RELEASES narrows the set; a name that matches nothing is an error.
if ((${#wanted[@]})); then
    keep_l=() keep_p=() keep_o=()
    for w in "${wanted[@]}"; do
        found=0
        for i in "${!labels[@]}"; do
            if [[ ${labels[$i]} == "$w" ]]; then
                keep_l+=("${labels[$i]}") keep_p+=("${paths[$i]}") keep_o+=("${origins[$i]}")
                found=1
            fi
        done
        ((found)) || die "RELEASES: no library labelled '$w' (found: ${labels[*]:-none})"
    done
    labels=("${keep_l[@]}") paths=("${keep_p[@]}") origins=("${keep_o[@]}")
fi
((${#labels[@]})) || die "no library to benchmark (install releases with make builds, or give LIBS=PATH)"

if [[ -n $BASELINE ]]; then
    ok=0
    for l in "${labels[@]}"; do [[ $l != "$BASELINE" ]] || ok=1; done
    ((ok)) || die "unknown BASELINE '$BASELINE' (releases: ${labels[*]})"
fi
((will_build)) || say_plan "$TIME" "$QUICK" "${#labels[@]}" "$points"
say "${#labels[@]} libraries:"
for i in "${!labels[@]}"; do
    printf '  %-20s %-8s %s\n' "${labels[$i]}" "${origins[$i]}" "${paths[$i]}" >&2
done

# ------------------------------------------------------------ run folder
mkdir -p -- "$RESULTS_ROOT"
host=$(hostname -s 2>/dev/null || uname -n)
host=$(printf '%s' "$host" | tr -c 'A-Za-z0-9.-' '_')
stamp=$(date -u +%Y%m%dT%H%M%SZ)
name=$stamp-$host n=1
until mkdir -- "$RESULTS_ROOT/$name" 2>/dev/null; do # mkdir is atomic: never reuse
    ((n++ < 100)) || die "cannot create a fresh run folder in $RESULTS_ROOT"
    name=$stamp-$host-$n
done
dir=$RESULTS_ROOT/$name
say "results go to $dir"

run_args=(run)
for i in "${!labels[@]}"; do run_args+=(--lib "${labels[$i]}=${paths[$i]}"); done
run_args+=("${run_opts[@]}" --csv "$dir/results.csv" --trace "$dir/trace.txt")
# the runner judges the precision of each ratio against the same baseline
[[ -z $BASELINE ]] || run_args+=(--baseline "$BASELINE")

cmdline="make compare"
for k in $COMPARE_KNOBS; do
    v=COMPARE_$k
    [[ -z ${!v+x} ]] || cmdline+=" $(printf '%q' "$k=${!v}")"
done

# ------------------------------------------------------------ benchmark
# Ctrl-C reaches the runner too (same process group): it stops, keeps the
# rows written so far and exits 130; this script then records the fact.
interrupted=no
trap 'interrupted=yes' INT TERM
t0=$SECONDS
rc=0
"$BIN" "${run_args[@]}" >"$dir/runner-stdout.txt" || rc=$?
((rc != 130)) || interrupted=yes
trap - INT TERM
if ((rc == 2)); then # no library loaded (or a refused option): nothing was measured
    rm -rf -- "$dir"
    die "osslbench run measured nothing (message above)"
fi

# ------------------------------------------------------------ metadata
# The runner wrote metadata.txt beside results.csv (host, CPU, kernel,
# governor, compiler, version, its command line, start and end:
# docs/metadata.md); make compare adds only what it alone knows.
meta() { # KEY VALUE: one "key: value" line, control characters as spaces
    printf '%s: %s\n' "$1" "${2//[[:cntrl:]]/ }"
}
{
    meta make_command "$cmdline"
    meta releases "${labels[*]}"
    meta baseline "${BASELINE:-oldest release}"
    for i in "${!labels[@]}"; do
        meta library "${labels[$i]} ${origins[$i]} ${paths[$i]}"
    done
    meta wall_seconds "$((SECONDS - t0))"
    meta runner_exit "$rc"
    meta compare_interrupted "$interrupted"
} >>"$dir/metadata.txt"

# results/latest -> this run, replaced atomically (rename over the old link).
tmp_link=$RESULTS_ROOT/.latest.$$
ln -s -- "$name" "$tmp_link"
mv -T -f -- "$tmp_link" "$RESULTS_ROOT/latest" || { rm -f -- "$tmp_link"; die "cannot update $RESULTS_ROOT/latest"; }

if [[ $interrupted == yes ]]; then
    say "interrupted: the rows measured so far are in $dir/results.csv (metadata says interrupted: yes)"
    say "draw them anyway with: make plots RESULTS=$dir"
    exit 130
fi
rows=0
[[ ! -f $dir/results.csv ]] || rows=$(($(wc -l <"$dir/results.csv") - 1))
((rows > 0)) || die "the runner wrote no result rows (exit $rc); see above"

# Instruction counts are no rates: no speed-up charts, but each release's
# verdict against the baseline, decided on the counts (compare.md).
if [[ ${METRIC:-time} == instructions ]]; then
    base=${BASELINE:-${labels[0]}}
    for l in "${labels[@]}"; do
        [[ $l != "$base" ]] || continue
        "$BIN" compare --format md --old-label "$base" --new-label "$l" -- "$dir/results.csv" \
            >>"$dir/compare.md" 2>&1 || true
        echo >>"$dir/compare.md"
    done
    say "done in $((SECONDS - t0))s: $dir (results/latest); instruction counts, no charts:" \
        "each release against $base in $dir/compare.md"
    exit $((rc != 0))
fi
draw_args=(--out "$dir/plots")
[[ -z $BASELINE ]] || draw_args+=(--baseline "$BASELINE")
"$PLOTS_DIR/draw.sh" "${draw_args[@]}" -- "$dir"
say "done in $((SECONDS - t0))s: $dir (results/latest)"
say_open_first "$dir/plots"
if ((rc != 0)); then
    failed=$("$BIN" columns "$dir/results.csv" status | grep -cvxE 'ok|unsupported' || true)
    say "some points failed (runner exit $rc, about $failed rows): see the status and note columns"
    exit 1
fi
