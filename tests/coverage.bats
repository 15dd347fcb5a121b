#!/usr/bin/env bats
# tools/interval-coverage.sh: the share of another run's ratios inside a run's
# intervals (docs/method.md's coverage table), and its refusals.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export RUNS=$BATS_FILE_TMPDIR
    for i in 1 2; do
        "$OSSLBENCH" run --lib a="$SYSTEM_LIBCRYPTO" --lib b="$SYSTEM_LIBCRYPTO" --quick --quiet \
            --workloads sha256 --api evp --sizes 16,64 --csv "$RUNS/r$i.csv" >/dev/null 2>&1
    done
}

@test "two runs: each ratio of one checked against the other's interval, both ways" {
    run "$ROOT/tools/interval-coverage.sh" --baseline a "$RUNS/r1.csv" "$RUNS/r2.csv"
    [ "$status" -eq 0 ]
    [[ $output =~ ^([0-9]+)\ of\ 4\ ratios\ of\ another\ run\ inside\ the\ interval\ \([0-9.]+%\)\;\ half-width\ median\ [0-9.]+%,\ within\ 1%:\ [0-9]+%,\ within\ 2%:\ [0-9]+%\ \(4\ intervals\)$ ]] || { echo "$output"; false; }
    [ "${BASH_REMATCH[1]}" -le 4 ]
}

@test "a run against itself holds every ratio (its estimate is inside its own interval)" {
    run "$ROOT/tools/interval-coverage.sh" --baseline a "$RUNS/r1.csv" "$RUNS/r1.csv"
    [ "$status" -eq 0 ]
    [[ $output == "4 of 4 ratios of another run inside the interval (100.0%);"* ]] || { echo "$output"; false; }
}

@test "bad input: one line, exit 2" {
    run "$ROOT/tools/interval-coverage.sh" "$RUNS/r1.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "interval-coverage: usage: interval-coverage.sh [--baseline LABEL] RUN.csv RUN.csv [RUN.csv ...]" ]
    run "$ROOT/tools/interval-coverage.sh" "$RUNS/r1.csv" "$RUNS/none.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "interval-coverage: $RUNS/none.csv: no such file" ]
    run "$ROOT/tools/interval-coverage.sh" --baseline zz "$RUNS/r1.csv" "$RUNS/r2.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
}
