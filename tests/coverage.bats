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
    [ "$output" = "interval-coverage: usage: interval-coverage.sh [--baseline LABEL] [--by COLUMN] [--across N] RUN.csv RUN.csv [RUN.csv ...]" ]
    run "$ROOT/tools/interval-coverage.sh" "$RUNS/r1.csv" "$RUNS/none.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "interval-coverage: $RUNS/none.csv: no such file" ]
    run "$ROOT/tools/interval-coverage.sh" --baseline zz "$RUNS/r1.csv" "$RUNS/r2.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
}

@test "--by COLUMN: one line per value of the column, then all" {
    run "$ROOT/tools/interval-coverage.sh" --baseline a --by bytes "$RUNS/r1.csv" "$RUNS/r1.csv"
    [ "$status" -eq 0 ]
    [ "${#lines[@]}" -eq 3 ]
    [[ ${lines[0]} == "16: 2 of 2 ratios of another run inside the interval (100.0%);"*"(2 intervals)" ]] || { echo "$output"; false; }
    [[ ${lines[1]} == "64: 2 of 2 ratios "* ]] || { echo "$output"; false; }
    [[ ${lines[2]} == "4 of 4 ratios of another run inside the interval (100.0%);"*"(4 intervals)" ]] || { echo "$output"; false; }
}

@test "--across N: only pairs of one of the first N runs and one of the rest" {
    run "$ROOT/tools/interval-coverage.sh" --baseline a "$RUNS/r1.csv" "$RUNS/r2.csv" "$RUNS/r2.csv"
    [ "$status" -eq 0 ]
    [[ $output =~ ^[0-9]+\ of\ 12\ ratios ]] || { echo "$output"; false; }
    run "$ROOT/tools/interval-coverage.sh" --baseline a --across 1 "$RUNS/r1.csv" "$RUNS/r2.csv" "$RUNS/r2.csv"
    [ "$status" -eq 0 ]
    [[ $output =~ ^[0-9]+\ of\ 8\ ratios ]] || { echo "$output"; false; }
}

@test "bad --by and --across: one line, exit 2" {
    run "$ROOT/tools/interval-coverage.sh" --by 'a;b' "$RUNS/r1.csv" "$RUNS/r2.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "interval-coverage: --by: 'a;b' is not a column name" ]
    run "$ROOT/tools/interval-coverage.sh" --by nosuch "$RUNS/r1.csv" "$RUNS/r2.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    run "$ROOT/tools/interval-coverage.sh" --across 2 "$RUNS/r1.csv" "$RUNS/r2.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "interval-coverage: --across 2 leaves no run on the other side" ]
}

@test "coverage-runs.sh: an idle and a busy run per round, no loop left behind; bad input refused" {
    out=$BATS_TEST_TMPDIR/runs
    run "$ROOT/tools/coverage-runs.sh" "$out" 1 -- --lib a="$SYSTEM_LIBCRYPTO" --lib b="$SYSTEM_LIBCRYPTO" \
        --quick --quiet --workloads sha256 --api evp --sizes 16
    [ "$status" -eq 0 ]
    [ -s "$out/idle1.csv" ]
    [ -s "$out/busy1.csv" ]
    [ "$(wc -l <"$out/log")" -eq 2 ]
    run pgrep -f "while :; do :; done"
    [ "$status" -eq 1 ]
    run "$ROOT/tools/coverage-runs.sh" "$out" 1 -- --quick
    [ "$status" -eq 2 ]
    [ "$output" = "coverage-runs: $out: cannot create it (it must not exist)" ]
    run "$ROOT/tools/coverage-runs.sh" "$BATS_TEST_TMPDIR/x" 0 -- --quick
    [ "$status" -eq 2 ]
    [ "$output" = "coverage-runs: N: '0' is not a count of rounds (1-99)" ]
}
