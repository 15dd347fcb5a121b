#!/usr/bin/env bats
# shellcheck disable=SC2016 # the $(...) in single quotes are injection attempts, on purpose
# make knobs are values, never code: a bad or injected knob of make compare
# (and of plots, report, builds, regress, fuzz, cross-build) is one error
# line and a non-zero exit, runs nothing, builds nothing and leaves no run
# folder.  The compare knobs are given with a real 1.1.1w (as in compare.bats)
# so that only the knob under test is wrong.  And every knob that
# tools/knobs.tsv forwards to fleet hosts reaches every host of a
# `make fleet DRY_RUN=1` (GNU parallel, no sshd: nothing is contacted).

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


# A value that fits a kind's grammar (tools/knobs.sh), for the kinds of the
# knobs fleet forwards: a new kind needs one here.
sample_value() {
    case $1 in
        workloads) echo sha256,rsa2048 ;;
        sizes) echo 16,8k ;;
        apis) echo evp,fetch ;;
        number) echo 0.5 ;;
        duration) echo 6m ;;
        clock) echo cpu ;;
        metric) echo instructions ;;
        counts) echo 1,2 ;;
        names) echo legacy,default ;;
        flag) echo 1 ;;
        labels) echo 1.1.1w,3.0.20 ;;
        label) echo 1.1.1w ;;
        path) echo /opt/ssl/lib/libcrypto.so.3 ;;
        *) return 1 ;;
    esac
}

@test "make fleet DRY_RUN=1: every knob the table forwards reaches every host; no host is contacted, nothing written" {
    for t in parallel ssh rsync git; do
        command -v "$t" >/dev/null || skip "needs $t (apt-get install parallel openssh-client rsync git)"
    done
    local fake=$BATS_TEST_TMPDIR/fake-ssh res=$BATS_TEST_TMPDIR/res k v h args=() forwarded
    printf '#!/bin/sh\ntouch "%s"\nexit 255\n' "$BATS_TEST_TMPDIR/contacted" >"$fake"
    chmod +x "$fake"
    read -r -a forwarded <<<"$(knobs list forward)"
    [ "${#forwarded[@]}" -ge 10 ]
    for k in "${forwarded[@]}"; do
        v=$(sample_value "$(knobs kind "$k")") || { echo "no sample value for $k"; false; }
        args+=("$k=$v")
    done
    mkdir "$BATS_TEST_TMPDIR/tmp"
    run env TMPDIR="$BATS_TEST_TMPDIR/tmp" make -s -C "$ROOT" fleet HOSTS="a@127.0.0.1 b@localhost" SSH="$fake" \
        RESULTS_ROOT="$res" DRY_RUN=1 "${args[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/tmp")" ]
    for h in 127.0.0.1 localhost; do
        [ "$(grep -c "^$h"$'\t''.*fleet/remote.sh" "$d" '"$h 2>&1\$" <<<"$output")" -eq 1 ]
        line=$(grep "^host $h: " <<<"$output")
        for v in "${args[@]}"; do
            [[ " $line " == *" $v "* ]] || { echo "host $h does not get $v"; false; }
        done
    done
    [ ! -e "$BATS_TEST_TMPDIR/contacted" ]
    [ ! -e "$res" ]
    # a dry run checks as a real one does
    run make -s -C "$ROOT" fleet HOSTS="a@127.0.0.1" REFERENCE=nope RESULTS_ROOT="$res" DRY_RUN=1
    [ "$status" -ne 0 ]
    [ "$(own_errors "$output")" = "fleet: error: REFERENCE 'nope' is not one of the hosts (127.0.0.1)" ]
    [ ! -e "$res" ]
}

@test "every knob make compare passes on is forwarded to fleet hosts or is fleet's own" {
    for k in $(knobs list compare); do
        [[ " $(knobs list forward) $(knobs list fleet) " == *" $k "* ]] || { echo "$k does not reach the hosts"; false; }
    done
}

@test "fleet/remote.sh takes exactly the knobs the table forwards to hosts" {
    local ship=$BATS_TEST_TMPDIR/ship k
    mkdir -p "$ship"
    echo v1 >"$ship/fleet-version.txt"
    for k in $(knobs names); do
        echo "$k=x" >"$ship/fleet-knobs.txt"
        run bash "$ROOT/fleet/remote.sh" --dry-run "$ship" h wd
        if [[ " $(knobs list forward) " == *" $k "* ]]; then
            [ "$status" -eq 0 ] || { echo "$k: $output"; false; }
            [[ $output == "host h: "*" compare $k=x RESULTS_ROOT=wd/results" ]]
        else
            [ "$status" -eq 1 ] || { echo "$k was taken: $output"; false; }
            [ "$output" = "fleet-remote: unexpected knob line '$k=x'" ]
        fi
    done
}
