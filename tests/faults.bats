#!/usr/bin/env bats
# Faults inside a library (crash, abort, hang, wrong answers) and interrupts:
# the run goes on, the affected rows say what happened, nothing else is lost.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
    export FAULTS="$BATS_FILE_TMPDIR"
    for f in crash abort hang wrong; do
        cc -shared -fPIC -O1 -o "$FAULTS/libcrypto-$f.so" -DFAULT_"${f^^}" "$ROOT/tests/faults/fault_lib.c"
    done
}

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    rm -rf -- "$TMP"
}

# Fails when any of the given processes (the runner's children) still lives.
all_gone() {
    local p
    for p in "$@"; do
        if kill -0 "$p" 2>/dev/null; then echo "child $p is still running"; return 1; fi
    done
}

status_of() { # label -> statuses of its rows
    local st lb
    st=$(csv_col "$TMP/r.csv" status) lb=$(csv_col "$TMP/r.csv" label)
    awk -F, -v s="$st" -v l="$lb" -v want="$1" 'NR>1 && $l==want {print $s}' "$TMP/r.csv" | sort -u | tr '\n' ' '
}

run_with_fault() {
    run "$OSSLBENCH" run --lib good="$SYSTEM_LIBCRYPTO" --lib bad="$FAULTS/libcrypto-$1.so" \
        --lib good2="$SYSTEM_LIBCRYPTO" --quick --quiet --workloads sha256,hmac-sha256 \
        --api legacy,evp --sizes 16,64 --timeout 2 --csv "$TMP/r.csv"
}

# bad's statuses on one API path of sha256 (the fault library's workload)
sha256_status_of_bad() {
    local st lb wl api
    st=$(csv_col "$TMP/r.csv" status) lb=$(csv_col "$TMP/r.csv" label)
    wl=$(csv_col "$TMP/r.csv" workload) api=$(csv_col "$TMP/r.csv" api)
    awk -F, -v s="$st" -v l="$lb" -v w="$wl" -v a="$api" -v want="$1" \
        'NR>1 && $l=="bad" && $w=="sha256" && $a==want {print $s}' "$TMP/r.csv" | sort -u | tr '\n' ' '
}

@test "a library that crashes: its rows say crashed, the others are measured" {
    run_with_fault crash
    [ "$status" -eq 1 ]
    [ "$(status_of bad)" = "crashed unsupported " ]
    [ "$(status_of good)" = "ok " ]
    [ "$(status_of good2)" = "ok " ]
    grep -q 'crashed,child killed by signal 11' "$TMP/r.csv"
    # both paths of the fault library crash: the low-level calls and EVP_Digest
    [ "$(sha256_status_of_bad legacy)" = "crashed " ]
    [ "$(sha256_status_of_bad evp)" = "crashed " ]
    # 2 workloads x 2 APIs x 2 sizes x 3 libraries
    [ "$(tail -n +2 "$TMP/r.csv" | wc -l)" -eq 24 ]
}

@test "a library that aborts: crashed with SIGABRT, the others are measured" {
    run_with_fault abort
    [ "$status" -eq 1 ]
    [ "$(status_of bad)" = "crashed unsupported " ]
    [ "$(status_of good2)" = "ok " ]
    grep -q 'signal 6' "$TMP/r.csv"
}

@test "a library that hangs: timeout after --timeout, the others are measured" {
    SECONDS=0
    run_with_fault hang
    [ "$status" -eq 1 ]
    [ "$(status_of bad)" = "timeout unsupported " ]
    [ "$(status_of good)" = "ok " ]
    [ "$SECONDS" -lt 60 ]
}

@test "a library that computes wrong digests: kat_failed, no rate" {
    run_with_fault wrong
    [ "$status" -eq 1 ]
    [ "$(status_of bad)" = "kat_failed unsupported " ]
    [ "$(sha256_status_of_bad legacy)" = "kat_failed " ]
    [ "$(sha256_status_of_bad evp)" = "kat_failed " ]
    rate=$(csv_col "$TMP/r.csv" rate)
    [ -z "$(awk -F, -v r="$rate" 'NR>1 && $1=="bad" {print $r}' "$TMP/r.csv" | tr -d '\n')" ]
}

@test "SIGINT mid-run: a valid CSV of whole rows, exit 130, no child left" {
    "$OSSLBENCH" run --span 0 --lib a="$SYSTEM_LIBCRYPTO" --lib b="$SYSTEM_LIBCRYPTO" --workloads sha256,aes-128-cbc \
        --time 0.2 --quiet --csv "$TMP/r.csv" --trace "$TMP/t" 2>"$TMP/err" &
    pid=$!
    wait_for_lines "$TMP/t.partial" 10 # measuring (the trace of its samples grows)
    kids=() # filled by wait_for_children
    wait_for_children "$pid" 2 # one child per library
    kill -INT "$pid"
    rc=0; wait "$pid" || rc=$?
    [ "$rc" -eq 130 ]
    [ -f "$TMP/r.csv" ]
    [ ! -e "$TMP/r.csv.partial" ]
    grep -q interrupted "$TMP/err"
    # every line whole: the reader of `osslbench regress`/`report` accepts it
    n=$(head -1 "$TMP/r.csv" | tr ',' '\n' | wc -l)
    [ "$(awk -F, '{print NF}' "$TMP/r.csv" | sort -u)" = "$n" ]
    [ "$(tail -c 1 "$TMP/r.csv" | od -An -c | tr -d ' ')" = '\n' ]
    sleep 0.2
    all_gone "${kids[@]}"
}

@test "SIGINT while a child is loading its library for the next pass: exit 130, no row called load_failed" {
    cc -shared -fPIC -O1 -o "$TMP/libcrypto-slow.so" -DFAULT_THREADS -DSLOW_RELOAD "$ROOT/tests/faults/fault_lib.c"
    FAULT_MARK=$TMP/mark "$OSSLBENCH" run --span 0 --lib slow="$TMP/libcrypto-slow.so" \
        --workloads sha256 --api legacy --sizes 16,64 --time 0.2 --quiet --timeout 60 \
        --csv "$TMP/r.csv" 2>"$TMP/err" &
    pid=$!
    for _ in $(seq 100); do [ -e "$TMP/mark.again" ] && break; sleep 0.1; done
    [ -e "$TMP/mark.again" ] # the next pass's child is loading
    kill -INT "$pid"
    rc=0; wait "$pid" || rc=$?
    pid=
    [ "$rc" -eq 130 ] || { cat "$TMP/err" "$TMP/r.csv"; false; }
    grep -q interrupted "$TMP/err"
    run status_of slow
    [[ "$output" != *load_failed* ]]
}

@test "SIGTERM mid-run also keeps the rows and leaves no child" {
    "$OSSLBENCH" run --span 0 --lib "$SYSTEM_LIBCRYPTO" --workloads aes-256-cbc --time 0.3 --quiet \
        --csv "$TMP/r.csv" --trace "$TMP/t" 2>/dev/null &
    pid=$!
    wait_for_lines "$TMP/t.partial" 10 # measuring (the trace of its samples grows)
    kids=() # filled by wait_for_children
    wait_for_children "$pid" 1
    kill -TERM "$pid"
    rc=0; wait "$pid" || rc=$?
    [ "$rc" -eq 143 ]
    [ "$(tail -n +2 "$TMP/r.csv" | wc -l)" -ge 2 ]
    sleep 0.2
    all_gone "${kids[@]}"
}

@test "a full disk: clear error, the partial file is not mistaken for complete" {
    # RLIMIT_FSIZE makes writes past 2 KiB fail (EFBIG) like a full disk.
    run bash -c "trap '' XFSZ; ulimit -f 2; exec '$OSSLBENCH' run --lib '$SYSTEM_LIBCRYPTO' --quick --quiet \
        --workloads sha256,aes-128-cbc --csv '$TMP/r.csv'"
    [ "$status" -eq 1 ]
    [[ "$output" == *"writing the CSV failed"* ]]
    [ ! -e "$TMP/r.csv" ]
    [ -e "$TMP/r.csv.partial" ]
}

@test "an unwritable results directory: one-line error, nothing run" {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick --csv /proc/osslbench/r.csv
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == *"cannot write /proc/osslbench/r.csv.partial"* ]]
}

# "label status note" of every evp:sha256 row on the evp path
agreement_rows() {
    csv_fields "$TMP/r.csv" workload api label status note | awk '$1 == "evp:sha256" && $2 == "evp" {
        $1 = $2 = ""; sub(/^  /, ""); print }'
}

run_agreement() {
    run "$OSSLBENCH" run "$@" --quick --quiet --workloads evp:sha256 --api evp --sizes 16 \
        --timeout 10 --csv "$TMP/r.csv"
}

@test "agreement: of three libraries the one that gives another answer (no vector: evp:sha256) is kat_failed" {
    run_agreement --lib good="$SYSTEM_LIBCRYPTO" --lib bad="$FAULTS/libcrypto-wrong.so" --lib good2="$SYSTEM_LIBCRYPTO"
    [ "$status" -eq 1 ]
    run agreement_rows
    [ "${#lines[@]}" -eq 3 ]
    [ "${lines[0]}" = "good ok" ]
    [[ ${lines[1]} =~ ^bad\ kat_failed\ libraries\ disagree:\ gave\ 5a5a5a5a5a5a5a5a-[0-9a-f]{16}\;\ the\ other\ 2\ libraries\ gave\ [0-9a-f]{16}-[0-9a-f]{16}$ ]]
    [ "${lines[2]}" = "good2 ok" ]
}

@test "agreement: two real libraries agree, nothing is flagged" {
    run_agreement --lib a="$SYSTEM_LIBCRYPTO" --lib b="$SYSTEM_LIBCRYPTO"
    [ "$status" -eq 0 ]
    run agreement_rows
    [ "$output" = $'a ok\nb ok' ]
}

@test "agreement: two libraries that differ, no majority: both marked, neither guessed right" {
    run_agreement --lib good="$SYSTEM_LIBCRYPTO" --lib bad="$FAULTS/libcrypto-wrong.so"
    [ "$status" -eq 1 ]
    run agreement_rows
    [ "${#lines[@]}" -eq 2 ]
    [[ ${lines[0]} == "good kat_failed libraries disagree: gave "*" but bad gave 5a5a5a5a5a5a5a5a-"*": no majority or known answer says which is right" ]]
    [[ ${lines[1]} == "bad kat_failed libraries disagree: gave 5a5a5a5a5a5a5a5a-"*" but good gave "*": no majority or known answer says which is right" ]]
}
