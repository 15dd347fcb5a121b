#!/usr/bin/env bash
# bisect/bisect.sh — find the first commit that changed the speed of one
# point (workload x size x API) between a GOOD and a BAD commit of an
# OpenSSL git history.  What `make bisect` runs.
#
#   OPENSSL_GIT=/path/to/openssl GOOD=<ref> BAD=<ref> [WORKLOAD=sha256] [SIZE=16]
#   [API=evp] [TIME=1] [THRESHOLD=5] [METRIC=time|instructions] [BISECT_OUT=dir]
#   [BISECT_BUILDS_DIR=dir] bisect/bisect.sh
#
# 1. builds GOOD and BAD (builds/build-release.sh --git, libcrypto only,
#    ccache when present) and measures them in one interleaved run; stops
#    unless `osslbench regress` calls them different (threshold AND t test);
# 2. sets the good/bad boundary at the geometric midpoint of the two rates
#    (like git's own perf bisect script): a commit is "bad" when its rate,
#    measured against GOOD in the same run, is on BAD's side of it;
# 3. drives `git bisect run bisect/step.sh` in a private clone made with
#    `git clone --shared --no-checkout` in a temporary folder, bisecting with
#    --no-checkout: the user's clone, work tree and branch are never touched;
# 4. prints each step, then the first bad commit, explained against its
#    parent (osslbench explain: where the instructions per operation went),
#    and draws the rate of every tested commit (gnuplot PNG + SVG) into
#    BISECT_OUT.
# Exit: 0 found, 1 not found (only skipped commits left, or GOOD and BAD do
# not differ), 2 bad input.
set -euo pipefail
# shellcheck source=bisect/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# ------------------------------------------------------------ inputs
point_knobs bisect

repo=$(require_git_repo "${OPENSSL_GIT:-}")
good=$(resolve_ref "$repo" GOOD "${GOOD:-}")
bad=$(resolve_ref "$repo" BAD "${BAD:-}")
[[ $good != "$bad" ]] || die "GOOD and BAD are the same commit (${good:0:12})"
git -C "$repo" merge-base --is-ancestor "$good" "$bad" \
    || die "GOOD (${good:0:12}) is not an ancestor of BAD (${bad:0:12}): nothing to bisect between them"
[[ -x $OSSLBENCH ]] || die "$OSSLBENCH not found: run make first"
[[ -x $BUILD_RELEASE ]] || die "$BUILD_RELEASE not found (builds/ provides the build step)"

point="$WORKLOAD/$SIZE/$API"
BISECT_OUT=${BISECT_OUT:-$REPO_ROOT/build/bisect/$(date -u +%Y%m%dT%H%M%SZ)-${good:0:7}-${bad:0:7}}
BISECT_BUILDS_DIR=${BISECT_BUILDS_DIR:-$REPO_ROOT/build/bisect/builds}
mkdir -p "$BISECT_OUT" "$BISECT_BUILDS_DIR"
BISECT_OUT=$(cd "$BISECT_OUT" && pwd)
BISECT_BUILDS_DIR=$(cd "$BISECT_BUILDS_DIR" && pwd)

# ------------------------------------------------------------ private clone
# --shared borrows the user's objects read-only (alternates): seconds even
# for OpenSSL's history, and nothing is written to the user's repository.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/osslbench-bisect.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT
trap 'say "interrupted"; exit 130' INT TERM
gitdir=$tmp/openssl

# Snapshot the tools: a bisect runs for a long time, and every step must be
# built and measured by the same scripts and the same binary as the first
# (a `make` or an edit of builds/ in this work tree mid-run would otherwise
# change them under a running step).  builds/ finds bin/osslbench (its load
# check) relative to itself, hence tools/bin and tools/builds side by side.
mkdir -p "$tmp/tools/bin" "$tmp/tools/builds"
cp -- "$OSSLBENCH" "$tmp/tools/bin/osslbench"
cp -- "$(dirname "$BUILD_RELEASE")"/*.sh "$tmp/tools/builds/"
cp -- "$(dirname "$BUILD_RELEASE")/releases.tsv" "$tmp/tools/builds/" 2>/dev/null || true
OSSLBENCH=$tmp/tools/bin/osslbench
BUILD_RELEASE=$tmp/tools/builds/$(basename "$BUILD_RELEASE")
git clone --quiet --shared --no-checkout -- "$repo" "$gitdir" 2>"$BISECT_OUT/clone.log" \
    || die "cannot clone $(printable "$repo"): $(head -n 1 "$BISECT_OUT/clone.log")"

ncommits=$(git -C "$gitdir" rev-list --count "$good..$bad")
say "$point: GOOD ${good:0:12} \"$(subject_of "$gitdir" "$good")\""
say "$point: BAD  ${bad:0:12} \"$(subject_of "$gitdir" "$bad")\""
say "$ncommits commits after GOOD up to BAD; log and charts in ${BISECT_OUT#"$REPO_ROOT"/}"

# ------------------------------------------------------------ GOOD and BAD
build_or_die() {
    local what=$1 sha=$2 lib t0
    t0=$(now)
    lib=$(build_commit "$gitdir" "$sha") \
        || die "$what (${sha:0:12}) does not build; see ${BISECT_OUT#"$REPO_ROOT"/}/build.log"
    say "built $what ${sha:0:12} in $(( $(now) - t0 )) s"
    printf '%s\n' "$lib"
}
good_lib=$(build_or_die GOOD "$good")
bad_lib=$(build_or_die BAD "$bad")

t0=$(now)
measure_against_reference "$good_lib" "$bad_lib" "$BISECT_OUT/endpoints" \
    || DIE_STATUS=1 die "cannot measure $point on GOOD and BAD"
check_secs=$(( $(now) - t0 ))
good_rate=$M_REF_RATE bad_rate=$M_RATE ratio=$M_RATIO unit=$M_UNIT
# For people: three decimals for ratios, two digits for the p-value.
ci=$(awk -v lo="$(compare_field "$BISECT_OUT/endpoints.cmp.csv" ratio_ci_low)" \
         -v hi="$(compare_field "$BISECT_OUT/endpoints.cmp.csv" ratio_ci_high)" \
         -v r="$ratio" -v p="${M_P:-}" \
         'BEGIN { printf "%.3f [%.3f, %.3f], p = %s", r, lo, hi, p == "" ? "-" : sprintf("%.2g", p) }')
# Rates in the form every report gives them (csv/units.c).
good_shown=$("$OSSLBENCH" units rate "$good_rate" "${unit:-B/s}")
bad_shown=$("$OSSLBENCH" units rate "$bad_rate" "${unit:-B/s}")
say "GOOD $good_shown, BAD $bad_shown: BAD/GOOD = $ci, verdict $M_VERDICT (measured in ${check_secs} s)"
case $M_VERDICT in
    slower) direction=slower ;;
    faster) direction=faster ;;
    *) DIE_STATUS=1 die "GOOD and BAD do not differ on $point (BAD/GOOD = $ci; a change needs > ${BISECT_THRESHOLD}% and p < 0.05): nothing to bisect" ;;
esac
# Geometric midpoint of the two rates, as a ratio to GOOD: sqrt(BAD/GOOD).
boundary=$(awk -v r="$ratio" 'BEGIN { printf "%.4g", sqrt(r) }')
say "looking for the first $direction commit; boundary BAD/GOOD = $boundary (geometric midpoint)"

# ------------------------------------------------------------ steps
steps=$BISECT_OUT/steps.tsv
printf 'commit\tsubject\tratio\trate\tref_rate\tverdict\tbuild_s\tmeasure_s\n' >"$steps"
printf '%s\t%s\t1\t%s\t%s\tgood\t-\t%s\n' "$good" "$(subject_of "$gitdir" "$good")" "$good_rate" "$good_rate" "$check_secs" >>"$steps"
printf '%s\t%s\t%s\t%s\t%s\tbad\t-\t%s\n' "$bad" "$(subject_of "$gitdir" "$bad")" "$ratio" "$bad_rate" "$good_rate" "$check_secs" >>"$steps"

export METRIC=${METRIC:-time}
export BISECT_OUT BISECT_BUILDS_DIR BISECT_TIME BISECT_THRESHOLD WORKLOAD SIZE API OSSLBENCH BUILD_RELEASE
export BISECT_GITDIR=$gitdir BISECT_REF_LIB=$good_lib BISECT_BOUNDARY=$boundary BISECT_DIRECTION=$direction
export BISECT_STEPS=$steps BISECT_UNIT=$unit

runlog=$BISECT_OUT/bisect-run.log
git -C "$gitdir" bisect start --no-checkout "$bad" "$good" >"$runlog" 2>&1 \
    || die "git bisect start failed: $(tail -n 1 "$runlog")"
# git's own chatter goes to the log; the step's one line per commit (stderr)
# reaches the terminal.
rc=0
# With BAD a direct child of GOOD, `bisect start` has already answered.
if ! grep -q 'is the first bad commit' "$runlog"; then
    (cd "$gitdir" && git bisect run bash "$BISECT_SRC/step.sh") >>"$runlog" || rc=$?
fi

# ------------------------------------------------------------ result
first=''
grep -q 'is the first bad commit' "$runlog" && first=$(git -C "$gitdir" rev-parse --verify refs/bisect/bad)

# The chart and the cost summary are left even when the answer is ambiguous.
bash "$BISECT_SRC/chart.sh" "$steps" "$gitdir" "$good" "$bad" "$BISECT_OUT/rates" \
    "$point" "$first" 2>>"$BISECT_OUT/chart.log" \
    || say "no chart (gnuplot missing or failed; see chart.log)"
tested=$(awk -F'\t' 'NR > 3' "$steps" | wc -l)
skipped=$(awk -F'\t' 'NR > 3 && $6 == "skip"' "$steps" | wc -l)
cost=$(awk -F'\t' 'NR > 3 && $7 != "-" { b += $7; n++ } NR > 3 && $8 != "-" { m += $8; k++ }
    END { printf "%.0f s build + %.0f s measure per step on average", n ? b / n : 0, k ? m / k : 0 }' "$steps")

if [[ -n $first ]]; then
    printf '%s\n' "$first" >"$BISECT_OUT/first-bad"
    echo "first $direction commit: $first"
    echo "    $(subject_of "$gitdir" "$first")"
    echo "    $(git -C "$gitdir" log -1 --format='%an, %ad' --date=short "$first" | tr -cd '[:print:]')"
    explain_first "$gitdir" "$first"
    echo "$tested commits tested between GOOD and BAD ($skipped skipped), $cost"
    echo "steps: ${steps#"$REPO_ROOT"/}; chart: ${BISECT_OUT#"$REPO_ROOT"/}/rates.png, rates.svg"
    exit 0
fi
if grep -q "only 'skip'ped commits left" "$runlog"; then
    say "the first $direction commit is one of these (the others could not be built or measured):"
    sed -n '/could be any of:/,/^We cannot bisect more/p' "$runlog" | sed '1d;$d' | sed 's/^/    /' >&2
    exit 1
fi
say "git bisect run stopped without an answer (exit $rc): $(tail -n 2 "$runlog" | tr '\n' ' ')"
exit 1
