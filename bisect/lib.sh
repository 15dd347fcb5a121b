# bisect/lib.sh — shared shell code of the bisect/ scripts (sourced, never run).
#
# One place for: messages, validation of everything that comes from the user
# (refs, workload, size, API), the build step (one function, build_commit, is
# the only place that knows builds/' interface) and the measurement (one
# function, measure_against_reference, the only place that knows
# `osslbench run` and `osslbench regress`).
# shellcheck shell=bash

BISECT_SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$BISECT_SRC/.." && pwd)
OSSLBENCH=${OSSLBENCH:-$REPO_ROOT/bin/osslbench}
BUILD_RELEASE=${BISECT_BUILD_RELEASE:-$REPO_ROOT/builds/build-release.sh}

# ---------------------------------------------------------------- messages
# One line per error, prefixed so that make output says who complained.
# SAY_AS: the make target the script serves (bisect, track).
say() { printf '%s: %s\n' "${SAY_AS:-bisect}" "$*" >&2; }
die() { printf '%s: error: %s\n' "${SAY_AS:-bisect}" "$*" >&2; exit "${DIE_STATUS:-2}"; }
now() { date +%s; }
# printable: never echo control characters a user (or a commit subject) sent.
printable() { printf '%s' "${1//[^[:print:]]/?}"; }

# ---------------------------------------------------------------- validation
# The shape of every knob is tools/knobs.sh's (knob_check NAME VALUE dies
# here with its one line); what follows checks what the values mean.
# shellcheck source=tools/knobs.sh
source "$REPO_ROOT/tools/knobs.sh"
# SIZE, TIME, THRESHOLD, API, ...: the runner's own parsers judge them
# (knob_check asks `osslbench check-value`), so SIZE=8K is what --sizes 8K is.
KNOB_RUNNER=$OSSLBENCH
# Values end up in paths, in command lines (always quoted) and in git
# arguments; a shape check first makes every later message predictable.
# Workloads and API paths are the runner's: it is asked, never a list here.
# workload_info NAME: its line of `osslbench list` (name kind unit ops ...).
workload_info()  { "$OSSLBENCH" list --workload "$1" 2>/dev/null; }
valid_workload() { [[ $1 =~ ^[a-z0-9-]+$ ]] && workload_info "$1" >/dev/null; }
workload_unit()  { workload_info "$1" | cut -f3; }
# The default knob value: the runner's first workload.
first_workload() { "$OSSLBENCH" list --workloads --tsv | awk -F'\t' 'NR == 2 { print $1 }'; }
api_names()      { "$OSSLBENCH" list --apis --tsv | tail -n +2 | cut -f1 | paste -sd, -; }
valid_api()      { [[ $1 =~ ^[a-z-]+$ ]] && [[ ,$(api_names), == *,"$1",* ]]; }

# require_git_repo DIR: a work tree or a bare repository; prints its path.
require_git_repo() {
    local dir=$1
    [[ -n $dir ]] || die "OPENSSL_GIT is not set (OPENSSL_GIT=/path/to/an/openssl/clone)"
    [[ -d $dir ]] || die "OPENSSL_GIT='$(printable "$dir")' is not a folder"
    git -C "$dir" rev-parse --git-dir >/dev/null 2>&1 \
        || die "OPENSSL_GIT='$(printable "$dir")' is not a git repository"
    (cd "$dir" && pwd)
}

# resolve_ref DIR NAME REF: the full commit id of REF, or a one-line error.
# A leading '-' would be read as an option by git; --end-of-options makes sure.
resolve_ref() {
    local dir=$1 what=$2 ref=$3 sha
    [[ -n $ref ]] || die "$what is not set ($what=<commit, tag or branch>)"
    [[ $ref != -* ]] || die "$what='$(printable "$ref")': a ref cannot start with '-'"
    sha=$(git -C "$dir" rev-parse --verify --quiet --end-of-options "$ref^{commit}" 2>/dev/null) \
        || die "$what='$(printable "$ref")' is not a commit in $(printable "$dir")"
    printf '%s\n' "$sha"
}

# point_knobs GOAL: every knob of make GOAL checked (tools/knobs.tsv), then
# the one point bisect and track follow: WORKLOAD, SIZE, API (defaults:
# the runner's first workload, 16, evp), BISECT_TIME and BISECT_THRESHOLD.
# knob_check has had each value judged by the runner's parser (SIZE as
# --sizes, TIME as --time, THRESHOLD as regress's --threshold); what follows
# checks that WORKLOAD and API name one workload and one API path.
# shellcheck disable=SC2034 # set for the caller
point_knobs() {
    local k
    for k in $(knob_goal "$1"); do
        knob_check "$k" "${!k:-}"
    done
    WORKLOAD=${WORKLOAD:-$(first_workload)}
    SIZE=${SIZE:-16}
    API=${API:-evp}
    BISECT_TIME=${TIME:-1}
    BISECT_THRESHOLD=${THRESHOLD:-5}
    valid_workload "$WORKLOAD" || die "WORKLOAD='$(printable "$WORKLOAD")' is not a workload (bin/osslbench list --workloads)"
    [[ $(workload_unit "$WORKLOAD") != op/s ]] || SIZE=0 # op/s points have no block size
    valid_api "$API" || die "API='$(printable "$API")' is not one of $(api_names)"
}

# subject_of DIR SHA: the commit's one-line subject, printable.
subject_of() { printable "$(git -C "$1" log -1 --format=%s "$2" 2>/dev/null)"; }

# ---------------------------------------------------------------- building
# build_commit GITDIR SHA: libcrypto of that commit, built through builds/
# (ccache when present); prints the library path, non-zero when the commit
# does not build.
#
# Every commit is built under ONE builds/ name ("bisect"), so its work folder
# and install folder stay the same from step to step and nothing path-
# dependent on a compile line changes (with a name per commit, the install
# prefix that 1.1.1/3.x compile into every object as -DOPENSSLDIR made every
# step a cold build, ~110 s instead of ~30 s for 1.1.1w; builds/ now also
# pins that prefix).  ccache then hits for every file the commit did not
# change.  builds/ rebuilds that name whenever the commit differs; the
# library is then copied to BISECT_BUILDS_DIR/libs/<commit>/, which also lets
# a later bisect over the same commits skip their builds.  Installs go to
# BISECT_BUILDS_DIR, never to the team's builds/install.
build_commit() {
    local gitdir=$1 sha=$2 built cache=$BISECT_BUILDS_DIR/libs/$2 f
    for f in "$cache"/libcrypto.so*; do
        [[ -f $f ]] && { printf '%s\n' "$f"; return 0; }
    done
    # builds/ reads the recipe (generation) from the commit's own tree.
    built=$(OSSLBENCH_BUILDS_DIR=$BISECT_BUILDS_DIR \
        "$BUILD_RELEASE" --git "$gitdir" --ref "$sha" --name bisect \
        2>>"$BISECT_OUT/build.log" </dev/null) || return 1
    [[ -f $built ]] || { say "builds/ printed no library for ${sha:0:12}"; return 1; }
    # Publish by rename: a half-copied library never has the final name.
    rm -rf -- "$cache.tmp.$$"
    mkdir -p "$cache.tmp.$$" && cp -- "$built" "$cache.tmp.$$/" || return 1
    # its libssl beside it, for the TLS workloads (the same name with libssl)
    local ssl; ssl=$(dirname "$built")/$(basename "$built" | sed 's/^libcrypto/libssl/')
    [[ ! -f $ssl ]] || cp -- "$ssl" "$cache.tmp.$$/" || return 1
    cp -- "$(dirname "$built")/../build-info.txt" "$cache.tmp.$$/" 2>/dev/null || true
    rm -rf -- "$cache" && mv -- "$cache.tmp.$$" "$cache" || return 1
    printf '%s\n' "$cache/$(basename "$built")"
}

# ---------------------------------------------------------------- measuring
# compare_field CSV COLUMN: a column of the first data row of a
# `osslbench regress --format csv` output (osslbench columns reads it).
compare_field() {
    "$OSSLBENCH" columns "$1" "$2" 2>/dev/null | head -n 1
}

# shellcheck disable=SC2034  # M_* are this function's results, read by its callers
# measure_against_reference REFLIB TESTLIB OUTPREFIX: one interleaved run of
# the single point (WORKLOAD, SIZE, API) on both libraries, then the rank
# comparison TEST vs REF.  Measuring against a reference in the same run,
# rather than an absolute rate, cancels the slow drift of a shared machine.
# Leaves OUTPREFIX.csv (raw) and OUTPREFIX.cmp.csv (verdict); sets M_RATIO,
# M_RATE (test), M_REF_RATE, M_P, M_VERDICT.  Non-zero when it cannot measure.
measure_against_reference() {
    local ref=$1 test=$2 out=$3
    rm -f -- "$out.csv" "$out.metadata.txt" "$out.cmp.csv"
    # Exit 1 means some row failed (that is in the CSV); >1 is a real error.
    local rc=0 sampling
    # --time is the budget; the tiny --precision keeps both libraries
    # sampling, round by round, for the whole of it; --span 0 keeps a step
    # that short (not spread over minutes: a step is judged by its threshold).
    # METRIC=instructions: one counted sample per library (counts repeat).
    if [[ ${METRIC:-time} == instructions ]]; then
        sampling=(--metric instructions)
    else
        sampling=(--time "$BISECT_TIME" --precision 0.0005 --span 0)
    fi
    "$OSSLBENCH" run --lib "ref=$ref" --lib "test=$test" --workloads "$WORKLOAD" \
        --sizes "$SIZE" --api "$API" "${sampling[@]}" \
        --csv "$out.csv" --quiet >"$out.run.log" 2>&1 || rc=$?
    if (( rc > 1 )) || [[ ! -s $out.csv ]]; then
        say "osslbench run failed (exit $rc): $(tail -n 1 "$out.run.log")"
        return 1
    fi
    # regress exits 1 for "slower": that is an answer here, not a failure.
    rc=0
    "$OSSLBENCH" regress "$out.csv" --old-label ref --new-label test --format csv \
        --threshold "$BISECT_THRESHOLD" >"$out.cmp.csv" 2>"$out.cmp.log" || rc=$?
    (( rc <= 1 )) || { say "osslbench regress failed: $(head -n 1 "$out.cmp.log")"; return 1; }
    M_VERDICT=$(compare_field "$out.cmp.csv" verdict)
    M_RATIO=$(compare_field "$out.cmp.csv" ratio)
    M_RATE=$(compare_field "$out.cmp.csv" new_rate)
    M_REF_RATE=$(compare_field "$out.cmp.csv" old_rate)
    M_P=$(compare_field "$out.cmp.csv" p_value)
    M_UNIT=$(compare_field "$out.cmp.csv" unit)
    [[ -n $M_RATIO && -n $M_RATE ]] || {
        say "no rate for $WORKLOAD/$SIZE/$API: $(compare_field "$out.cmp.csv" note)"; return 1; }
}

# explain_first GITDIR SHA: the first bad commit against its parent on the
# bisected point (osslbench explain, docs/explain.md): one line, "+3,412
# instr/op: 61% in ...", the rest in BISECT_OUT/explain/.  Never fails the
# bisect: without valgrind, a parent or a build, it says why in one line.
explain_first() {
    local parent plib lib line args
    command -v valgrind >/dev/null || { say "not explained: valgrind is not installed (apt-get install valgrind)"; return 0; }
    parent=$(git -C "$1" rev-parse --verify --quiet "$2^") || { say "not explained: ${2:0:12} has no parent"; return 0; }
    plib=$(build_commit "$1" "$parent") || { say "not explained: the parent ${parent:0:12} does not build"; return 0; }
    lib=$(build_commit "$1" "$2") || { say "not explained: ${2:0:12} does not build again"; return 0; }
    args=(explain -q --lib "parent=$plib" --lib "first=$lib" --baseline parent --workloads "$WORKLOAD" --api "$API" --top 10
        --out "$BISECT_OUT/explain")
    [[ $SIZE == 0 ]] || args+=(--sizes "$SIZE")
    if ! "$OSSLBENCH" "${args[@]}" >"$BISECT_OUT/explain.txt" 2>"$BISECT_OUT/explain.log"; then
        say "not explained: $(tail -n 1 "$BISECT_OUT/explain.log")"
        return 0
    fi
    line=$("$OSSLBENCH" columns "$BISECT_OUT/explain/changes.csv" bytes summary | awk -F'\t' -v s="$SIZE" '$1 == s { print $2; exit }')
    echo "    against its parent ${parent:0:12}: ${line:-no change in instructions}"
    echo "    why, function by function: ${BISECT_OUT#"$REPO_ROOT"/}/explain.txt, explain/ (charts)"
}

