#!/usr/bin/env bash
# bisect/regress.sh — what `make regress BASE=… NEW=…` runs: a verdict of
# NEW against BASE with `osslbench regress` (exit 0 same/faster, 1 slower,
# 2 bad input), for CI jobs.
#
# BASE and NEW are each either
#   results  a results CSV or a results folder (compared as they are), or
#   a library: a release installed by builds/ (1.1.1w, 3.0.20-noasm: its
#            builds/install/<name>/lib/libcrypto.so.*) or a path to a libcrypto.
# Two libraries are measured first in ONE interleaved run (so machine drift
# hits both alike), then compared; results and a library cannot be mixed
# (a verdict needs both sides measured on the same machine, same options).
# Knobs (environment): WORKLOADS (sha256), SIZES (16), API (evp), TIME (1: the
# run measures about that long per library, --span 0, not spread over minutes),
# METRIC (time; instructions: counted under valgrind, docs/instructions.md),
# THRESHOLD (5), FORMAT (term), REGRESS_OUT (build/regress), RUN_ARGS (words
# for `osslbench run` instead of the default "--quick --precision 0.0005").
set -euo pipefail
# shellcheck source=bisect/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The knobs of this goal, as tools/knobs.tsv lists them.
for k in $(knob_goal regress); do
    knob_check "$k" "${!k:-}"
done
BASE=${BASE:-} NEW=${NEW:-}
[[ -n $BASE && -n $NEW ]] || die "usage: make regress BASE=<results|release|libcrypto> NEW=<results|release|libcrypto>"
[[ -x $OSSLBENCH ]] || die "$OSSLBENCH not found: run make first"

# classify ARG: prints "results PATH" or "lib PATH", or dies.
classify() {
    local arg=$1 f
    [[ $arg != -* ]] || die "'$(printable "$arg")': cannot start with '-'"
    if [[ -d $arg && ! -d $arg/lib ]] || [[ -f $arg && $arg == *.csv ]]; then
        echo "results $arg"; return
    fi
    if [[ -f $arg ]]; then echo "lib $arg"; return; fi
    # A release name: only the shape builds/ allows, so it is safe in a path.
    if [[ $arg =~ ^[0-9a-z.]+(-noasm)?$ ]]; then
        for f in "$REPO_ROOT/builds/install/$arg/lib"/libcrypto.so.*; do
            [[ -f $f && ! -L $f ]] && { echo "lib $f"; return; }
        done
        die "release '$arg' is not built (make build-$arg)"
    fi
    die "'$(printable "$arg")' is neither a results CSV/folder, a built release nor a libcrypto file"
}

read -r base_kind base_path < <(classify "$BASE") || exit 2
read -r new_kind new_path < <(classify "$NEW") || exit 2
[[ -n ${base_kind:-} && -n ${new_kind:-} ]] || exit 2
[[ $base_kind == "$new_kind" ]] \
    || die "BASE is $base_kind and NEW is $new_kind: give two result sets or two libraries"

format=${FORMAT:-term}
threshold=${THRESHOLD:-5}
if [[ $base_kind == results ]]; then
    exec "$OSSLBENCH" regress --threshold "$threshold" --format "$format" -- "$base_path" "$new_path"
fi

# Two libraries: one interleaved run, labels "base" and "new".
out_dir=${REGRESS_OUT:-$REPO_ROOT/build/regress}
mkdir -p "$out_dir"
csv=$out_dir/$(date -u +%Y%m%dT%H%M%SZ)-$$.csv
# Default sampling: short (2 ms, --quick) samples, taken round by round for
# the whole --time budget (tiny --precision).  On a shared machine a sample
# shorter than a scheduler time slice is rarely cut in two, and both
# libraries keep alternating to the end: see bisect/README.md.
# shellcheck disable=SC2206  # RUN_ARGS are whitespace-separated words by design
extra=(${RUN_ARGS:---precision 0.0005})
# METRIC=instructions: one counted sample per library, no time budget to fill.
if [[ ${METRIC:-time} == instructions ]]; then
    # shellcheck disable=SC2206  # as above
    extra=(${RUN_ARGS:-} --metric instructions)
fi
rc=0
"$OSSLBENCH" run --lib "base=$base_path" --lib "new=$new_path" \
    --workloads "${WORKLOADS:-$(first_workload)}" --sizes "${SIZES:-16}" --api "${API:-evp}" \
    --time "${TIME:-1}" --span 0 --csv "$csv" --quiet "${extra[@]}" >/dev/null || rc=$?
if (( rc > 1 )) || [[ ! -s $csv ]]; then die "osslbench run failed (exit $rc)"; fi
say "results: ${csv#"$REPO_ROOT"/}"
exec "$OSSLBENCH" regress --threshold "$threshold" --format "$format" \
    --old-label base --new-label new -- "$csv"
