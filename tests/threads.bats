#!/usr/bin/env bats
# --threads / --procs: a row per worker count, every thread's known answers
# checked while the others run, and the scaling report and chart.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export FAULTS="$BATS_FILE_TMPDIR"
    cc -shared -fPIC -O1 -o "$FAULTS/libcrypto-threads.so" -DFAULT_THREADS "$ROOT/tests/faults/fault_lib.c"
}

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf -- "$TMP"
}

# Values of one column, one per row, in file order (no quoted fields before it).
column_of() { # FILE NAME
    awk -F, -v c="$(csv_col "$1" "$2")" 'NR > 1 { print $c }' "$1" | tr '\n' ' '
}

@test "--threads 1,2 --procs 2: a row per worker count, aggregate rates, all ok" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --threads 1,2 --procs 2 --quick --quiet \
        --workloads sha256 --sizes 16 --api evp --csv "$TMP/r.csv"
    [ "$status" -eq 0 ]
    [ "$(column_of "$TMP/r.csv" threads)" = "1 2 1 " ]
    [ "$(column_of "$TMP/r.csv" procs)" = "1 1 2 " ]
    [ "$(column_of "$TMP/r.csv" status)" = "ok ok ok " ]
    cpus=$(column_of "$TMP/r.csv" cpus)
    [ "${cpus%% *}" = "$(nproc)" ]
    for rate in $(column_of "$TMP/r.csv" rate); do
        awk -v r="$rate" 'BEGIN { exit !(r > 0) }'
    done
}

@test "a library right on one thread but wrong when two overlap: kat_failed at 2 threads only" {
    run "$OSSLBENCH" run --lib bad="$FAULTS/libcrypto-threads.so" --threads 1,2 --procs 2 --quick \
        --quiet --workloads sha256 --sizes 16 --api legacy --csv "$TMP/r.csv"
    [ "$status" -eq 1 ]
    # one thread: right; two threads of one process: caught; two processes share nothing
    [ "$(column_of "$TMP/r.csv" status)" = "ok kat_failed ok " ]
    grep -q 'kat_failed,"\?with 2 threads at once: SHA-256' "$TMP/r.csv"
    [ -z "$(awk -F, -v r="$(csv_col "$TMP/r.csv" rate)" 'NR == 3 { print $r }' "$TMP/r.csv")" ]
}

@test "every default workload and path, 2 threads at once: each thread's answers pass" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --threads 2 --quick --quiet --sizes 64 \
        --time 0.01 --csv "$TMP/r.csv"
    [ "$status" -eq 0 ]
    bad=$(column_of "$TMP/r.csv" status | tr ' ' '\n' | grep -vxE 'ok|unsupported|' || true)
    [ -z "$bad" ]
    [ "$(column_of "$TMP/r.csv" threads | tr ' ' '\n' | sort -u | tr -d '\n')" = "2" ]
}

@test "releases before 1.1.0 run threads with the locking callbacks installed" {
    local lib old=()
    while read -r lib; do
        [[ -n $lib ]] || continue
        v=$("$OSSLBENCH" info --lib "$lib" 2>/dev/null | awk '$1 == "release" { print $2 }')
        [[ $v == 0.* || $v == 1.0.* ]] && old+=("$lib")
    done < <(installed_libcryptos; tr ':' '\n' <<<"${OSSLBENCH_TEST_LIBS:-}")
    ((${#old[@]})) || skip "no release before 1.1.0 installed (builds/install or OSSLBENCH_TEST_LIBS)"
    for lib in "${old[@]}"; do
        rm -f "$TMP/r.csv" "$TMP/r.metadata.txt"
        run "$OSSLBENCH" run --lib "$lib" --threads 1,2 --quick --quiet --workloads sha256,hmac-sha256,md-fetch \
            --sizes 64 --csv "$TMP/r.csv"
        [ "$status" -eq 0 ]
        bad=$(column_of "$TMP/r.csv" status | tr ' ' '\n' | grep -vxE 'ok|unsupported|' || true)
        [ -z "$bad" ]
    done
}

@test "make compare THREADS=1,2 PROCS=2: scaling table and chart, metadata says CPUs and counts" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    run make -s -C "$ROOT" compare QUICK=1 NO_BUILD=1 SYSTEM_LIB="$SYSTEM_LIBCRYPTO" THREADS=1,2 PROCS=2 \
        WORKLOADS=sha256 SIZES=16,1024 API=evp RESULTS_ROOT="$TMP/results" OSSLBENCH_BUILDS_DIR="$TMP/none"
    [ "$status" -eq 0 ]
    run_dir=$(readlink -f "$TMP/results/latest")
    [ -s "$run_dir/plots/scaling-sha256-evp.png" ]
    [ -s "$run_dir/plots/scaling-sha256-evp.svg" ]
    grep -q '^sha256, evp API, digest 16 B$' "$run_dir/plots/scaling.txt"
    grep -qE '^  system-3\.0\.[0-9]+ +[0-9.]+ \[[0-9.]+,[0-9.]+\] +[0-9.]+ \[' "$run_dir/plots/scaling.txt"
    # the 2-thread line of sha256/evp/16 has a scaling (columns found by name)
    run awk -F, -v w="$(csv_col "$run_dir/plots/scaling.csv" workload)" \
        -v a="$(csv_col "$run_dir/plots/scaling.csv" api)" -v b="$(csv_col "$run_dir/plots/scaling.csv" bytes)" \
        -v t="$(csv_col "$run_dir/plots/scaling.csv" threads)" -v s="$(csv_col "$run_dir/plots/scaling.csv" scaling)" \
        '$w == "sha256" && $a == "evp" && $b == 16 && $t == 2 { print $s }' "$run_dir/plots/scaling.csv"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} =~ ^[0-9.e+-]+$ ]]
    grep -qx "cpu_count: $(nproc)" "$run_dir/metadata.txt"
    grep -qx 'threads: 1,2' "$run_dir/metadata.txt"
    grep -qx 'procs: 2' "$run_dir/metadata.txt"
    # the 1-thread charts are the usual ones; the 2-thread ones are separate
    [ -s "$run_dir/plots/throughput-sha256-evp.png" ]
    [ -s "$run_dir/plots/throughput-sha256-evp-2threads.png" ]
}
