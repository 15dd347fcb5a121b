#!/usr/bin/env bash
# bisect/step.sh — one `git bisect run` step, started by bisect/bisect.sh in
# its private clone (bisecting with --no-checkout: the commit is BISECT_HEAD).
#
# Builds libcrypto of the commit, measures the one point against GOOD's
# library in the same interleaved run, and compares the ratio with the
# boundary (geometric midpoint of GOOD and BAD).  Exit status, as git
# bisect run wants it:
#   0    good (on GOOD's side of the boundary)
#   1    bad  (on BAD's side)
#   125  skip: the commit does not build, or its library cannot be measured
#   128  abort: the step itself is broken (missing tool, bad environment)
# Inputs come from the environment that bisect.sh exports (BISECT_*).
set -uo pipefail
# shellcheck source=bisect/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DIE_STATUS=128 # read by die() in lib.sh
export DIE_STATUS

for v in BISECT_OUT BISECT_BUILDS_DIR BISECT_GITDIR BISECT_REF_LIB BISECT_BOUNDARY \
         BISECT_DIRECTION BISECT_STEPS BISECT_TIME BISECT_THRESHOLD WORKLOAD SIZE API; do
    [[ -n ${!v:-} ]] || die "step.sh: $v is not set (run through bisect/bisect.sh)"
done

sha=$(git -C "$BISECT_GITDIR" rev-parse --verify --quiet BISECT_HEAD) \
    || die "step.sh: no BISECT_HEAD in $BISECT_GITDIR"
subject=$(subject_of "$BISECT_GITDIR" "$sha")
short=${sha:0:12}
n=$(( $(wc -l <"$BISECT_STEPS") - 2 )) # header + GOOD + BAD lines

record() { # verdict ratio rate ref_rate build_s measure_s
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$sha" "$subject" "$2" "$3" "$4" "$1" "$5" "$6" \
        >>"$BISECT_STEPS"
}

t0=$(now)
if ! lib=$(build_commit "$BISECT_GITDIR" "$sha"); then
    secs=$(( $(now) - t0 ))
    record skip - - - "$secs" -
    say "step $n: $short \"$subject\": does not build ($secs s) -> skip"
    exit 125
fi
build_secs=$(( $(now) - t0 ))

t0=$(now)
if ! measure_against_reference "$BISECT_REF_LIB" "$lib" "$BISECT_OUT/step-$short"; then
    record skip - - - "$build_secs" "$(( $(now) - t0 ))"
    say "step $n: $short \"$subject\": cannot be measured -> skip"
    exit 125
fi
measure_secs=$(( $(now) - t0 ))

# On BAD's side of the geometric midpoint?  For a slowdown that is a ratio
# below the boundary, for a speed-up above it.
if awk -v r="$M_RATIO" -v b="$BISECT_BOUNDARY" -v d="$BISECT_DIRECTION" \
        'BEGIN { exit !(d == "slower" ? r < b : r > b) }'; then
    verdict=bad status=1
else
    verdict=good status=0
fi
record "$verdict" "$M_RATIO" "$M_RATE" "$M_REF_RATE" "$build_secs" "$measure_secs"
shown=$("$OSSLBENCH" units rate "$M_RATE" "${BISECT_UNIT:-B/s}") # as every report shows a rate
say "step $n: $short \"$subject\": $shown, x$(printf '%.3f' "$M_RATIO") of GOOD (boundary x$BISECT_BOUNDARY) -> $verdict (build ${build_secs} s, measure ${measure_secs} s)"
exit "$status"
