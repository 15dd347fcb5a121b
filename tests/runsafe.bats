#!/usr/bin/env bats
# The files `osslbench run` writes (--csv, --trace) never destroy an existing
# file or another run's rows, and its lists and labels mean what they say.

load helpers

setup_file() {
    make -C "$ROOT" -s >/dev/null
}

setup() {
    TMP=$(mktemp -d)
}

teardown() {
    if [ -n "${pid:-}" ]; then kill -KILL "$pid" 2>/dev/null || true; fi
    rm -rf -- "$TMP"
}

quick_run() {
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick --quiet --workloads sha256 --sizes 16 --api evp "$@"
}

@test "--trace never touches an existing file: not when nothing loads, not a library" {
    echo keep >"$TMP/notes.txt"
    run "$OSSLBENCH" run --lib /nonexistent/libcrypto.so --workloads sha256 --trace "$TMP/notes.txt"
    [ "$status" -eq 2 ]
    [ "$(cat "$TMP/notes.txt")" = keep ]
    cp "$SYSTEM_LIBCRYPTO" "$TMP/mylib.so"
    run "$OSSLBENCH" run --lib "$TMP/mylib.so" --quick --workloads sha256 --sizes 16 --trace "$TMP/mylib.so"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [ "$output" = "osslbench run: $TMP/mylib.so already exists; a run never overwrites a file" ]
    cmp "$SYSTEM_LIBCRYPTO" "$TMP/mylib.so"
}

@test "--csv and --trace naming one file are refused, however it is spelled" {
    mkdir "$TMP/d"; ln -s "$TMP/d" "$TMP/link"
    for trace in "$TMP/d/r.csv" "$TMP/d/../d/r.csv" "$TMP/link/r.csv" "$TMP/d/r.csv.partial"; do
        quick_run --csv "$TMP/d/r.csv" --trace "$trace"
        [ "$status" -eq 2 ] || { echo "$trace: $output"; return 1; }
        [ "$output" = "osslbench run: --csv and --trace name the same file ($trace)" ]
    done
    [ -z "$(ls -A "$TMP/d")" ]
}

@test "a trace is whole when the run ends, and a trace that cannot be written says so" {
    quick_run --trace "$TMP/t"
    [ "$status" -eq 0 ]
    [ ! -e "$TMP/t.partial" ]
    grep -q '^sample 0 0 ' "$TMP/t"
    quick_run --trace /dev/full
    [ "$status" -eq 1 ]
    [[ "$output" == *"osslbench run: writing the trace failed: No space left on device"* ]]
}

@test "an unopenable --trace: one line, exit 2, no CSV or .partial left" {
    quick_run --csv "$TMP/r.csv" --trace /proc/osslbench/t
    [ "$status" -eq 2 ]
    [ -z "$(ls -A "$TMP")" ]
    [ "$output" = "osslbench run: cannot write /proc/osslbench/t.partial: No such file or directory" ]
}

@test "a second run on a live run's --csv: one line naming its pid; the first keeps its rows" {
    "$OSSLBENCH" run --span 0 --lib A="$SYSTEM_LIBCRYPTO" --workloads sha256,aes-128-cbc --api evp --time 0.2 \
        --quiet --csv "$TMP/c.csv" --trace "$TMP/t" 2>"$TMP/a.err" &
    pid=$!
    wait_for_lines "$TMP/t.partial" 10 # measuring (the trace of its samples grows)
    run "$OSSLBENCH" run --lib B="$SYSTEM_LIBCRYPTO" --quick --workloads sha256 --sizes 16 --csv "$TMP/c.csv"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [ "$output" = "osslbench run: $TMP/c.csv.partial is being written by a run still going (pid $pid); wait for it or choose another file" ]
    kill -INT "$pid"
    rc=0; wait "$pid" || rc=$?
    pid=
    [ "$rc" -eq 130 ]
    [ "$(cut -d, -f1 "$TMP/c.csv" | tail -n +2 | sort -u)" = A ]
}

@test "a dead run's .partial is moved aside, never deleted, also when nothing loads" {
    "$OSSLBENCH" run --span 0 --lib A="$SYSTEM_LIBCRYPTO" --workloads sha256,aes-128-cbc --api evp --time 0.2 \
        --quiet --csv "$TMP/k.csv" --trace "$TMP/kt" 2>/dev/null &
    pid=$!
    wait_for_lines "$TMP/kt.partial" 10 # measuring (the trace of its samples grows)
    kill -KILL "$pid"
    wait "$pid" || true
    pid=
    cp "$TMP/k.csv.partial" "$TMP/kept"
    run "$OSSLBENCH" run --lib /nonexistent/libcrypto.so --workloads sha256 --csv "$TMP/k.csv"
    [ "$status" -eq 2 ]
    [ "${lines[0]}" = "osslbench run: $TMP/k.csv.partial was left by a run that did not finish; its rows are kept in $TMP/k.csv.partial.1" ]
    cmp "$TMP/kept" "$TMP/k.csv.partial.1"
    cp "$TMP/kept" "$TMP/k.csv.partial"
    quick_run --csv "$TMP/k.csv"
    [ "$status" -eq 0 ]
    cmp "$TMP/kept" "$TMP/k.csv.partial.2"
    cmp "$TMP/kept" "$TMP/k.csv.partial.1"
    [ "$(tail -n +2 "$TMP/k.csv" | wc -l)" -eq 1 ]
}

@test "a point given twice is refused like --threads 1,1: one line, exit 2" {
    for args in "--sizes 16,16" "--sizes 1k,1024" "--sizes 16 --sizes 16" "--api evp,evp" \
        "--api evp --api evp" "--workloads sha256,sha256" "--workloads sha256 --workloads sha256" \
        "--workloads rsa2048,rsa2048" "--threads 1,1"; do
        # shellcheck disable=SC2086
        run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick $args --csv "$TMP/d.csv"
        [ "$status" -eq 2 ] || { echo "$args: $output"; return 1; }
        [ "${#lines[@]}" -eq 1 ]
        [[ "$output" == *" is given twice" ]]
    done
    [ ! -e "$TMP/d.csv" ]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --sizes 1k,1024
    [ "$output" = "osslbench run: block size 1024 is given twice" ]
}

@test "a 63-character label is kept whole; a 64-character one is refused" {
    long=$(printf 'x%.0s' $(seq 63))
    run "$OSSLBENCH" run --lib "$long=$SYSTEM_LIBCRYPTO" --lib "$long=$SYSTEM_LIBCRYPTO" --quick --quiet \
        --workloads sha256 --sizes 16 --api evp --csv "$TMP/l.csv"
    [ "$status" -eq 0 ]
    [ "$(cut -d, -f1 "$TMP/l.csv" | sed -n 2p)" = "$long" ]
    [ "$(cut -d, -f1 "$TMP/l.csv" | sed -n 3p)" = "${long:0:61}-2" ] # a clash's suffix fits
    run "$OSSLBENCH" run --lib "${long}y=$SYSTEM_LIBCRYPTO" --quick
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == *"is longer than 63 characters" ]]
}

@test "file options refuse an empty or option-looking name and --trace -: one line, nothing created" {
    cd "$TMP"
    for args in "--csv=" "--csv=--quiet" "--trace=" "--trace=-" "--trace=--quick"; do
        run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --quick "${args%%=*}" "${args#*=}"
        [ "$status" -eq 2 ] || { echo "$args: $output"; return 1; }
        [ "${#lines[@]}" -eq 1 ]
    done
    [ -z "$(ls -A "$TMP")" ]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --csv --quiet
    [ "$output" = "osslbench run: --csv needs a file name, got option --quiet (a file of that name: ./--quiet)" ]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --csv ""
    [ "$output" = "osslbench run: --csv needs a file name, got an empty one" ]
    run "$OSSLBENCH" run --lib "$SYSTEM_LIBCRYPTO" --trace -
    [ "$output" = "osslbench run: --trace writes a file, not stdout (for the terminal: --trace /dev/stderr)" ]
}

@test "an existing metadata.txt is never overwritten: the run refuses up front, leaves no CSV" {
    mkdir "$TMP/d"
    echo keep >"$TMP/d/metadata.txt"
    quick_run --csv "$TMP/d/results.csv"
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench run: $TMP/d/metadata.txt already exists; a run never overwrites a file" ]
    [ "$(cat "$TMP/d/metadata.txt")" = keep ]
    [ "$(find "$TMP/d" -type f | wc -l)" -eq 1 ]
    echo keep >"$TMP/m.txt"
    quick_run --csv - --metadata "$TMP/m.txt"
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench run: $TMP/m.txt already exists; a run never overwrites a file" ]
    [ "$(cat "$TMP/m.txt")" = keep ]
}

@test "--csv -: no metadata file unless --metadata FILE; one naming the --trace file is refused" {
    cd "$TMP"
    quick_run --csv -
    [ "$status" -eq 0 ]
    [ "$(find "$TMP" -type f | wc -l)" -eq 0 ]
    quick_run --csv - --metadata "$TMP/m.txt"
    [ "$status" -eq 0 ]
    grep -qx 'command: .* --csv - --metadata .*/m.txt' "$TMP/m.txt"
    quick_run --csv "$TMP/r.csv" --trace "$TMP/r.metadata.txt"
    [ "$status" -eq 2 ]
    [ "$output" = "osslbench run: the metadata file $TMP/r.metadata.txt is also the --trace file" ]
    [ ! -e "$TMP/r.csv" ]
    [ ! -e "$TMP/r.metadata.txt" ]
    [ "$(find "$TMP" -name '*.partial*' | wc -l)" -eq 0 ]
}
