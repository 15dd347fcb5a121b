#!/usr/bin/env bats
# make compare writes the run's page, report.html, in the same process and
# by the same function as make report, names it first, and a page that
# cannot be written loses nothing else of the run.  QUICK=1, one workload,
# one size, the system libcrypto alone, nothing built.
# Needs: gnuplot (gnuplot-nox).

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    compare_env
    local rc=0
    make -s -C "$ROOT" compare QUICK=1 NO_BUILD=1 WORKLOADS=sha256 SIZES=16 RESULTS_ROOT="$RES" \
        >"$BATS_FILE_TMPDIR/main.out" 2>"$BATS_FILE_TMPDIR/main.err" || rc=$?
    echo "$rc" >"$BATS_FILE_TMPDIR/main.rc"
    export RUN
    RUN=$(readlink -f "$RES/latest" 2>/dev/null || true)
}

@test "make compare QUICK=1 writes results/latest/report.html and names it first" {
    run cat "$BATS_FILE_TMPDIR/main.rc"
    [ "$output" = 0 ] || { cat "$BATS_FILE_TMPDIR/main.err"; false; }
    [ -s "$RES/latest/report.html" ]
    run grep -c '<title>osslbench report: ' "$RUN/report.html"
    [ "$output" = 1 ]
    run tail -n 1 "$BATS_FILE_TMPDIR/main.err"
    [[ $output == "compare: open first: $RUN/report.html, $RUN/plots/speedup.txt, "* ]]
}

@test "the page make compare wrote is the very page make report writes of the run" {
    [ -s "$RUN/report.html" ]
    cp "$RUN/report.html" "$BATS_TEST_TMPDIR/compare.html"
    sleep 1 # a clock second later: a page that depended on the time would differ
    run make -s -C "$ROOT" report RESULTS="$RES/latest"
    [ "$status" -eq 0 ] || { echo "$output"; false; }
    run cmp "$BATS_TEST_TMPDIR/compare.html" "$RUN/report.html"
    [ "$status" -eq 0 ]
}

@test "a page that cannot be written: one line says so, the results, metadata and charts stay" {
    # gnuplot as usual, but each chart also puts a folder where the page goes
    # (gnuplot runs in a stage of its own inside plots/, record/folder_out.h):
    # renaming the finished page over it fails (EISDIR), even as root
    mkdir "$BATS_TEST_TMPDIR/bin"
    # shellcheck disable=SC2016 # $@ and $? are the wrapper's own, expanded when it runs
    printf '#!/bin/sh\n"%s" "$@"\nrc=$?\nmkdir -p ../../report.html\nexit $rc\n' "$(command -v gnuplot)" \
        >"$BATS_TEST_TMPDIR/bin/gnuplot"
    chmod +x "$BATS_TEST_TMPDIR/bin/gnuplot"
    PATH=$BATS_TEST_TMPDIR/bin:$PATH run make -s -C "$ROOT" compare QUICK=1 NO_BUILD=1 WORKLOADS=sha256 \
        SIZES=16 RESULTS_ROOT="$BATS_TEST_TMPDIR/res"
    [ "$status" -ne 0 ]
    run2=$(readlink -f "$BATS_TEST_TMPDIR/res/latest")
    run own_errors "$output"
    [ "$(grep -c '^compare: error: ' <<<"$output")" -eq 1 ]
    [[ ${lines[-1]} == "compare: error: the page was not written ($run2/report.html: Is a directory); the run's results, metadata and charts are kept in $run2" ]]
    [[ $output == *"compare: open first: $run2/plots/speedup.txt, "* ]]
    [ "$(grep -c ',ok,' "$run2/results.csv")" -ge 1 ]
    run grep -c '^compare_interrupted: no$' "$run2/metadata.txt"
    [ "$output" = 1 ]
    [ -s "$run2/plots/speedup.txt" ]
    [ -s "$run2/plots/throughput-sha256-evp.svg" ]
    run find "$run2" -maxdepth 2 -name '.report.html.*' -o -maxdepth 2 -name '.osslbench-*'
    [ -z "$output" ]
}
