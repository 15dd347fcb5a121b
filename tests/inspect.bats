#!/usr/bin/env bats
# list and info on libraries that hang or crash before anything is measured,
# on more libraries than a command takes, and on a stdout that cannot be
# written: one line on stderr each, an exit status below 128, and the good
# libraries given alongside are still shown.

# shellcheck disable=SC2154 # stderr, stderr_lines: set by bats' run --separate-stderr
load helpers

bats_require_minimum_version 1.5.0

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export FAULTS="$BATS_FILE_TMPDIR"
    for f in load_hang load_crash info_crash; do
        cc -shared -fPIC -O1 -o "$FAULTS/libcrypto-$f.so" -DFAULT_"${f^^}" \
            "$ROOT/tests/faults/load_fault_lib.c"
    done
}

# Runs COMMAND with a bad library between two good ones; the outer timeout
# only keeps a hang of the old code from stopping the suite.
inspect_around() { # COMMAND FAULT
    run --separate-stderr timeout 60 "$OSSLBENCH" "$1" --timeout 2 --lib "$SYSTEM_LIBCRYPTO" \
        --lib "$FAULTS/libcrypto-$2.so" --lib "$SYSTEM_LIBCRYPTO"
}

# How many times the system library's listing starts in $output.
shown_twice() { # COMMAND
    local head="$SYSTEM_LIBCRYPTO"
    [ "$1" = info ] || head="$("$OSSLBENCH" list --lib "$SYSTEM_LIBCRYPTO" | head -1)"
    [ "$(grep -cxF -- "$head" <<<"$output")" -eq 2 ]
}

@test "a library that hangs while loading: info and list give one line after --timeout, the others are shown" {
    for cmd in info list; do
        inspect_around "$cmd" load_hang
        echo "$cmd: status $status, stderr: $stderr"
        [ "$status" -eq 1 ]
        [ "${#stderr_lines[@]}" -eq 1 ]
        [ "$stderr" = "osslbench $cmd: --lib $FAULTS/libcrypto-load_hang.so: no answer within 2 s while loading" ]
        shown_twice "$cmd"
    done
}

@test "a library that crashes while loading: info and list name the signal, exit 1, the others are shown" {
    for cmd in info list; do
        inspect_around "$cmd" load_crash
        echo "$cmd: status $status, stderr: $stderr"
        [ "$status" -eq 1 ]
        [ "${#stderr_lines[@]}" -eq 1 ]
        [ "$stderr" = "osslbench $cmd: --lib $FAULTS/libcrypto-load_crash.so: child killed by signal 11 (Segmentation fault) while loading" ]
        shown_twice "$cmd"
    done
}

@test "a library that loads, then crashes when info asks for its build: one line, no half listing" {
    inspect_around info info_crash
    echo "status $status, stderr: $stderr"
    [ "$status" -eq 1 ]
    [ "${#stderr_lines[@]}" -eq 1 ]
    [ "$stderr" = "osslbench info: --lib $FAULTS/libcrypto-info_crash.so: child killed by signal 11 (Segmentation fault) while reading what it has" ]
    shown_twice info
    [[ $output != *"libcrypto-info_crash.so"* ]]
}

@test "info and list take 64 libraries, not 65: one line, exit 2" {
    local -a libs=()
    for _ in $(seq 64); do libs+=(--lib "$SYSTEM_LIBCRYPTO"); done
    run --separate-stderr "$OSSLBENCH" info "${libs[@]}"
    [ "$status" -eq 0 ]
    [ "$(grep -c '^  release ' <<<"$output")" -eq 64 ]
    for cmd in info list; do
        run --separate-stderr "$OSSLBENCH" "$cmd" "${libs[@]}" --lib "$SYSTEM_LIBCRYPTO"
        echo "$cmd: status $status, stderr: $stderr"
        [ "$status" -eq 2 ]
        [ "$stderr" = "osslbench $cmd: at most 64 libraries (--lib) at once" ]
        [ -z "$output" ]
    done
}

@test "a bad --timeout for info or list: one line, exit 2" {
    for cmd in info list; do
        run --separate-stderr "$OSSLBENCH" "$cmd" --timeout soon --lib "$SYSTEM_LIBCRYPTO"
        [ "$status" -eq 2 ]
        [ "$stderr" = "osslbench $cmd: 'soon' is not a number of seconds" ]
        run --separate-stderr "$OSSLBENCH" "$cmd" --timeout 0 --lib "$SYSTEM_LIBCRYPTO"
        [ "$status" -eq 2 ]
        [ "${#stderr_lines[@]}" -eq 1 ]
    done
}

@test "list and info to a full disk: one line, exit 1" {
    for args in "list --workloads" "list --workloads --tsv" "list --apis" "list --workload sha256" \
        "list --speed-names" "list --speed-names --tsv" \
        "list --help" "list --lib $SYSTEM_LIBCRYPTO" "info --lib $SYSTEM_LIBCRYPTO" \
        "info -v --lib $SYSTEM_LIBCRYPTO"; do
        read -r -a argv <<<"$args"
        run --separate-stderr bash -c '"$@" >/dev/full' _ "$OSSLBENCH" "${argv[@]}"
        echo "$args: status $status, stderr: $stderr"
        [ "$status" -eq 1 ]
        [ "$stderr" = "osslbench ${argv[0]}: writing the listing failed: No space left on device" ]
    done
}

@test "list of several libraries into a closed pipe ends quietly, as any filter" {
    # shellcheck disable=SC2016 # expanded by the inner bash
    run --separate-stderr bash -c '"$@" | head -1; echo "${PIPESTATUS[0]}" >&2' _ "$OSSLBENCH" list \
        --lib "$SYSTEM_LIBCRYPTO" --lib "$SYSTEM_LIBCRYPTO" --lib "$SYSTEM_LIBCRYPTO"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ $stderr =~ ^(0|141)$ ]]
}

@test "make compare LIBS= a library that crashes while loading: it says so, the run reports it" {
    local lib="$FAULTS/libcrypto-load_crash.so" results="$BATS_TEST_TMPDIR/results"
    # no installed release either: the crashing library is the only one
    mkdir -p "$BATS_TEST_TMPDIR/builds/install"
    OSSLBENCH_BUILDS_DIR=$BATS_TEST_TMPDIR/builds \
        run --separate-stderr timeout 120 make -s -C "$ROOT" compare LIBS="$lib" SYSTEM_LIB=none NO_BUILD=1 \
        QUICK=1 WORKLOADS=sha256 SIZES=16 API=evp RESULTS_ROOT="$results"
    echo "status $status, stderr: $stderr"
    [ "$status" -ne 0 ]
    [ "$status" -ne 124 ]
    [ "${stderr_lines[0]}" = "compare: LIBS: $lib: child killed by signal 11 (Segmentation fault) while loading (its rows will say so)" ]
    [[ $stderr == *"osslbench run: --lib $lib: child killed by signal 11 (Segmentation fault) while loading"* ]]
    [[ $stderr == *"compare: error: osslbench run measured nothing"* ]]
    [ -z "$(ls -A "$results")" ]
}
