#!/usr/bin/env bats
# shellcheck disable=SC2016 # the $(...) in single quotes are injection attempts, on purpose
# make knobs are values, never code: a bad or injected knob of make compare
# (and of plots, report, builds, regress, fuzz, cross-build) is one error
# line and a non-zero exit, runs nothing, builds nothing and leaves no run
# folder.  The compare knobs are given with a real 1.1.1w (as in compare.bats)
# so that only the knob under test is wrong.

load helpers

knobs() { "$ROOT/tools/knobs.sh" "$@"; }

setup_file() {
    make -C "$ROOT" -s >/dev/null
    compare_env
    mkdir -p "$RES"
}

@test "bad knobs: one-line error, non-zero exit, no run folder, nothing executed" {
    need_111
    n0=$(find "$RES" -mindepth 1 -maxdepth 1 | wc -l)
    run make -s -C "$ROOT" compare QUICK=1 NO_BUILD=1 RESULTS_ROOT="$RES" LIBS="$LIB111" BASELINE=0.9.8q
    [ "$status" -ne 0 ]
    [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
    [[ $output == *"unknown BASELINE '0.9.8q'"* ]]
    # a name the runner does not know: refused before anything is built or measured
    run make -s -C "$ROOT" compare RESULTS_ROOT="$RES" OSSLBENCH_BUILDS_DIR="$BATS_TEST_TMPDIR/none" WORKLOADS=sha265
    [ "$status" -ne 0 ]
    [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
    [[ $output == "compare: error: unknown workload 'sha265' (did you mean 'sha256'?) (nothing was built or run)"* ]]
    run make -s -C "$ROOT" compare NO_BUILD=1 RESULTS_ROOT="$RES" RELEASES=9.9.9
    [ "$status" -ne 0 ]
    [[ $output == *"RELEASES: no library labelled '9.9.9'"* ]]
    [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
    cd "$BATS_TEST_TMPDIR"
    run make -s -C "$ROOT" compare NO_BUILD=1 RESULTS_ROOT="$RES" BASELINE='x;touch pwned'
    [ "$status" -ne 0 ]
    [[ $output == *"is not a release label"* ]]
    run make -s -C "$ROOT" compare NO_BUILD=1 RESULTS_ROOT="$RES" WORKLOADS='sha256$$(touch pwned)'
    [ "$status" -ne 0 ]
    [[ $output == *"compare: error: WORKLOADS: 'sha256\$\$(touch pwned)' is not"* ]]
    run make -s -C "$ROOT" compare NO_BUILD=1 RESULTS_ROOT="$RES" LIBS="'; touch pwned; '"
    [ "$status" -ne 0 ]
    [[ $output == *"compare: error: LIBS: ''; touch pwned; '' is not a path"* ]]
    run env COMPARE_NO_BUILD=1 COMPARE_RESULTS_ROOT="$RES" COMPARE_LIBS="a;touch\$IFS'pwned'=$LIB111" "$ROOT/plots/compare.sh"
    [ "$status" -eq 1 ]
    [ "$(grep -c . <<<"$output")" -eq 1 ]
    [[ $output == "compare: error: LIBS: "*"is not a path"* ]]
    run env COMPARE_NO_BUILD=1 COMPARE_RESULTS_ROOT="$RES" COMPARE_BASELINE='$(touch pwned)' "$ROOT/plots/compare.sh"
    [ "$status" -eq 1 ]
    [ "$(grep -c . <<<"$output")" -eq 1 ]
    [[ $output == *"is not a release label"* ]]
    [ ! -e pwned ]
    [ ! -e "$ROOT/pwned" ]
    [ "$(find "$RES" -mindepth 1 -maxdepth 1 | wc -l)" -eq "$n0" ]
}

@test "make knobs are values: \$(shell ...) in any knob runs nothing, one line, no folder, nothing built" {
    need_111
    n0=$(find "$RES" -mindepth 1 -maxdepth 1 | wc -l)
    # a runner that is not built yet (OBJDIR, BIN): a refused knob must not build it
    local knob fresh=(OBJDIR="$BATS_TEST_TMPDIR/obj" BIN="$BATS_TEST_TMPDIR/bin/osslbench")
    for knob in $(knobs list compare); do
        run make -s -C "$ROOT" compare "${fresh[@]}" NO_BUILD=1 RESULTS_ROOT="$RES" LIBS="$LIB111" \
            "$knob=\$(shell touch $BATS_TEST_TMPDIR/pw-$knob)"
        echo "$knob: $output"
        [ "$status" -eq 2 ]
        [ ! -e "$BATS_TEST_TMPDIR/pw-$knob" ]
        [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
        [[ $output == "compare: error: $knob: '\$(shell touch "*"' is not "*"(nothing was built or run)"* ]]
    done
    # a backquote and a ';' are not values either; $(value) keeps $$ as typed
    run make -s -C "$ROOT" compare WORKLOADS="sha256\`touch $BATS_TEST_TMPDIR/pw-bq\`"
    [ "$status" -eq 2 ]
    run make -s -C "$ROOT" compare BASELINE="x;touch $BATS_TEST_TMPDIR/pw-semi"
    [ "$status" -eq 2 ]
    [ ! -e "$BATS_TEST_TMPDIR/pw-bq" ]
    [ ! -e "$BATS_TEST_TMPDIR/pw-semi" ]
    # the same knob from the environment
    run env WORKLOADS="\$(shell touch $BATS_TEST_TMPDIR/pw-env)" make -s -C "$ROOT" compare
    [ "$status" -eq 2 ]
    [ ! -e "$BATS_TEST_TMPDIR/pw-env" ]
    [ ! -e "$BATS_TEST_TMPDIR/obj" ]
    [ ! -e "$BATS_TEST_TMPDIR/bin" ]
    [ "$(find "$RES" -mindepth 1 -maxdepth 1 | wc -l)" -eq "$n0" ]
}

@test "plots, report, builds, regress, fuzz, cross: \$(shell ...) in a knob runs nothing, one line" {
    local target knob
    while read -r target knob; do
        run make -s -C "$ROOT" "$target" "$knob=\$(shell touch $BATS_TEST_TMPDIR/pw-$target-$knob)"
        echo "$target $knob: $output"
        [ "$status" -eq 2 ]
        [ ! -e "$BATS_TEST_TMPDIR/pw-$target-$knob" ]
        [ "$(own_errors "$output" | grep -c .)" -eq 1 ]
        [[ $output == *": error: $knob: '\$(shell touch "* ]]
    done <<'CASES'
plots RESULTS
plots BASELINE
report RESULTS
report REFERENCE
builds RELEASES
builds OSSLBENCH_BUILDS_DIR
builds APPS
build-3.0.20 FORCE
regress BASE
regress THRESHOLD
regress RUN_ARGS
fuzz FUZZ_SECONDS
cross-build ARCH
CASES
}
