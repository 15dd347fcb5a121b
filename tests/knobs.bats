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
    [[ $output == "compare: error: WORKLOADS: unknown workload 'sha265' (did you mean 'sha256'?) (nothing was built or run)"* ]]
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
    run env COMPARE_NO_BUILD=1 COMPARE_RESULTS_ROOT="$RES" COMPARE_LIBS="a;touch\$IFS'pwned'=$LIB111" "$ROOT/bin/osslbench" bench --from-make --repo "$ROOT"
    [ "$status" -eq 1 ]
    [ "$(grep -c . <<<"$output")" -eq 1 ]
    [[ $output == "compare: error: LIBS: "*"is not a path"* ]]
    run env COMPARE_NO_BUILD=1 COMPARE_RESULTS_ROOT="$RES" COMPARE_BASELINE='$(touch pwned)' "$ROOT/bin/osslbench" bench --from-make --repo "$ROOT"
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


# knob_problem with the runner asked (as the scripts make runs ask it) or not
# (make's own check, before bin/osslbench is built).
problem() { (KNOB_RUNNER=$1 && source "$ROOT/tools/knobs.sh" && knob_problem "$2" "$3"); }

@test "the runner's kinds: each judge of tools/knob-kinds.tsv is a parser of the runner; a knob of a run option is judged by that option" {
    local k judge
    for k in $(knobs runner-kinds); do
        judge=$(knobs judge "$k")
        run "$ROOT/bin/osslbench" check-value "$judge" ''
        echo "$k ($judge): $output"
        [ "$status" -eq 1 ] # refused by the parser, not an unknown judge (2)
    done
    for k in $(knobs names); do
        knobs run-option "$k" >/dev/null && [ "$(knobs kind "$k")" != flag ] || continue
        judge=$(knobs judge "$(knobs kind "$k")")
        [[ "$judge " == "run $(knobs run-option "$k") "* ]] || { echo "$k (run option $(knobs run-option "$k")) is judged by '$judge'"; false; }
    done
    run "$ROOT/bin/osslbench" check-value 'run --nope' 1
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench check-value: judge 'run --nope': osslbench run has no such option with a value" ]
    run "$ROOT/bin/osslbench" check-value nope 1
    [ "$status" -eq 2 ]
    [[ $output == "osslbench check-value: 'nope' is not a judge"* ]]
}

@test "a knob of a run option takes exactly what \`osslbench run\` takes for it, and refuses with the runner's line" {
    local bin=$ROOT/bin/osslbench k opt v want got
    while read -r k v; do
        opt=$(knobs run-option "$k")
        want=0; "$bin" run --plan --lib x "$opt" "$v" >/dev/null 2>&1 || want=1
        got=0; problem "$bin" "$k" "$v" >/dev/null || got=1
        echo "$k=$v: run $opt says $want, the knob $got"
        [ "$want" = "$got" ]
        # and the bytes are the runner's, an argument, never program text
        out=$(problem "$bin" "$k" "$v") || [[ $out == "$k: "* && $(grep -c . <<<"$out") -eq 1 ]]
    done <<'VALUES'
SIZES 8K
SIZES 8k
SIZES 16,1m
SIZES 8x
SIZES 0
SIZES 99M
SIZES 16,16
WORKLOADS sha256,evp:sm4-cbc
WORKLOADS sha265
WORKLOADS aes
API evp,fetch
API evp-x
TIME 0.5
TIME 1e-1
TIME 0
TIME 4000
PRECISION 1%
PRECISION 0.9
BUDGET 1.5h
BUDGET 6d
CLOCK cpu
CLOCK tsc
THREADS 1,2,4
THREADS 0
PROCS 2
PROCS 2,2
VALUES
    run problem "$bin" SIZES 8x
    [ "$output" = "SIZES: block size '8x' is not a positive whole number" ]
}

@test "make's own check runs before bin/osslbench exists: alphabets only; the scripts ask the runner" {
    local bin=$ROOT/bin/osslbench
    # no runner: a value of a run option only has to be made of its kind's characters
    SIZES=8x run env -u KNOB_RUNNER "$ROOT/tools/knobs.sh" check compare
    [ "$status" -eq 0 ]
    SIZES='8$(x)' run env -u KNOB_RUNNER "$ROOT/tools/knobs.sh" check compare
    [ "$status" -eq 2 ]
    [ "$output" = "compare: error: SIZES: '8\$(x)' is not a comma-separated list of sizes (nothing was built or run)" ]
    # with it: the parser's line
    SIZE=8x run env KNOB_RUNNER="$bin" "$ROOT/tools/knobs.sh" check bisect
    [ "$status" -eq 2 ]
    [ "$output" = "bisect: error: SIZE: block size '8x' is not a positive whole number (nothing was built or run)" ]
    SIZE=8K THRESHOLD=2.5 TIME=1e-1 run env KNOB_RUNNER="$bin" "$ROOT/tools/knobs.sh" check bisect
    [ "$status" -eq 0 ]
    # a runner that is not there is said, never taken for a yes
    run problem "$BATS_TEST_TMPDIR/none" SIZE 16
    [ "$status" -ne 0 ]
    [ "$output" = "SIZE: cannot check it: $BATS_TEST_TMPDIR/none is not built (make first)" ]
    # make compare: the runner's line once bin/osslbench is built, before any release is
    run make -s -C "$ROOT" compare OSSLBENCH_BUILDS_DIR="$BATS_TEST_TMPDIR/none" RESULTS_ROOT="$BATS_TEST_TMPDIR/res" SIZES=8x
    [ "$status" -ne 0 ]
    [ "$(own_errors "$output")" = "compare: error: SIZES: block size '8x' is not a positive whole number (nothing was built or run)" ]
    [ ! -e "$BATS_TEST_TMPDIR/none" ]
    [ ! -e "$BATS_TEST_TMPDIR/res" ]
}

# A value that fits a kind's grammar (tools/knobs.sh), for the kinds of the
# knobs fleet forwards: a new kind needs one here.
sample_value() {
    case $1 in
        workloads) echo sha256,rsa2048 ;;
        sizes) echo 16,8k ;;
        apis) echo evp,fetch ;;
        time | precision) echo 0.5 ;;
        duration) echo 6m ;;
        clock) echo cpu ;;
        metric) echo instructions ;;
        threads | procs) echo 1,2 ;;
        providers) echo legacy,default ;;
        flag) echo 1 ;;
        count) echo 3 ;;
        labels) echo 1.1.1w,3.0.20 ;;
        label) echo 1.1.1w ;;
        path) echo /opt/ssl/lib/libcrypto.so.3 ;;
        *) return 1 ;;
    esac
}

@test "make compare's own check (osslbench bench --from-make) says what tools/knobs.sh says, knob for knob" {
    local k v want
    for k in $(knobs list compare); do
        for v in "$(sample_value "$(knobs kind "$k")")" 2 8x sha265 'x;y' '$(z)' 'a b' ../x "$(printf 'a\tb')"; do
            want=$(problem "$ROOT/bin/osslbench" "$k" "$v") && want=
            # --help: checked and mapped, then nothing is run
            run env "COMPARE_$k=$v" "$ROOT/bin/osslbench" bench --from-make --repo "$ROOT" --help
            if [ -z "$want" ]; then
                [ "$status" -eq 0 ] || { echo "$k=$v: $output"; false; }
            else
                [ "$status" -eq 1 ] || { echo "$k=$v: $output"; false; }
                [ "$output" = "compare: error: $want (nothing was built or run)" ] || { echo "$k=$v: $output"; false; }
            fi
        done
    done
}

@test "make compare starts at most 25 shells (strace), most of them none" {
    command -v strace >/dev/null || apt-get install -y strace >/dev/null 2>&1 || skip "needs strace (apt-get install strace)"
    need_111
    local st=$BATS_TEST_TMPDIR/st
    run strace -f -qq -s 4096 -e trace=execve -o "$st" make -s -C "$ROOT" compare QUICK=1 WORKLOADS=sha256 SIZES=16 \
        NO_BUILD=1 LIBS="$LIB111" RESULTS_ROOT="$BATS_TEST_TMPDIR/res"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    # every attempt counts, a PATH lookup's failed ones too (#!/usr/bin/env bash: one per PATH folder)
    all=$(grep -cE 'execve\("[^"]*/(ba)?sh"' "$st")
    echo "shells: $all"
    [ "$all" -le 25 ]
    [ "$(grep -cE 'execve\("[^"]*/osslbench", \["[^"]*", "check-value"' "$st")" -eq 0 ]
}

@test "make's and the scripts' views of the knob tables are what osslbench knobs prints of them; a row they could not hold is refused" {
    run "$ROOT/bin/osslbench" knobs --make --repo "$ROOT"
    [ "$status" -eq 0 ]
    [ "$output" = "$(cat "$ROOT/tools/knobs.gen.mk")" ] || { echo "tools/knobs.gen.mk is stale: make knob-views"; false; }
    run "$ROOT/bin/osslbench" knobs --shell --repo "$ROOT"
    [ "$status" -eq 0 ]
    [ "$output" = "$(cat "$ROOT/tools/knobs.gen.sh")" ] || { echo "tools/knobs.gen.sh is stale: make knob-views"; false; }
    local t=$BATS_TEST_TMPDIR/t
    mkdir -p "$t/tools"
    cp "$ROOT/tools/knob-kinds.tsv" "$t/tools/"
    # a field that would be make or shell code: refused, one line
    for row in $'X\tpath\tcompare;rm\t-\t-' $'X\tpath\tcompare\t-\t$(y)' $'X\tpa$th\tcompare\t-\t-' $'X\tpath\tcompare\t--a b\t-'; do
        printf '%s\n' "$row" >"$t/tools/knobs.tsv"
        run "$ROOT/bin/osslbench" knobs --make --repo "$t"
        [ "$status" -eq 2 ]
        [ "$output" = "osslbench knobs: $t/tools/knobs.tsv: line 1 is not NAME KIND GOALS COMPARE FLEET" ] || { echo "$row: $output"; false; }
    done
    printf 'X\tnokind\tcompare\t-\t-\n' >"$t/tools/knobs.tsv"
    run "$ROOT/bin/osslbench" knobs --shell --repo "$t"
    [ "$status" -eq 2 ]
    [[ $output == "osslbench knobs: $t/tools/knobs.tsv: knob X is of kind 'nokind', which "* ]]
    # what a kind says may hold quotes: the scripts read it back as written
    printf 'X\tpath\tcompare\t-\t-\n' >"$t/tools/knobs.tsv"
    printf "path\t^[a-z]*\$\t-\tit's \"a\" \$(path)\n" >"$t/tools/knob-kinds.tsv"
    "$ROOT/bin/osslbench" knobs --shell --repo "$t" >"$t/view.sh"
    [ "$(bash -c 'source "$1"; printf %s "${KIND_WHAT[path]}"' _ "$t/view.sh")" = "it's \"a\" \$(path)" ]
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
